import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminUserActionResponseSchema,
  adminUsersResponseSchema,
  auditLogResponseSchema,
  type AdminUser,
  type AuditEntryView,
} from '@goldbot/shared';
import { profileSearchText } from '../../src/data/user-profile-entity.js';
import { api, newCustomer, stack, type TestCustomer } from './http-client.js';
import { admin, db, userStats } from './fixtures.js';

import { register, verifyMailedCode } from './sign-up.js';
import { sleep } from '../../src/lib/retry.js';

/**
 * The back-office's users over real HTTP: the user counters moved by a registration and
 * by deactivation/activation (read through admin-user-stats before and after), the server-side
 * search that answers its matches on the first page, the lock-out of a deactivated user (every
 * authenticated call and the login answer 403) and its restoration, the self-deactivation rule,
 * and the audit trail of both actions.
 */
/** newCustomer's password (http-client.ts). */
const CUSTOMER_PASSWORD = 'Buyer1234!';
const random = () => randomBytes(4).toString('hex');

async function searchUsers(search: string, limit = 10) {
  const res = await api(`/api/admin/users?limit=${limit}&search=${encodeURIComponent(search)}`, {
    token: await admin(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return adminUsersResponseSchema.parse(res.body);
}

const setStatus = async (action: 'activate' | 'deactivate', userId: string) =>
  api(`/api/admin/user/${userId}/${action}`, { method: 'PUT', token: await admin() });

/** Registers with the spec's form and proves the address with the mailed code: a verified user. */
async function registerAndVerify(username: string, email: string) {
  const registered = await register(email, username);
  expect(registered.status).toBe(201);
  const before = await userStats();
  const verified = await verifyMailedCode(email);
  expect(verified.status).toBe(200);
  return { ...verified.body, statsBeforeVerification: before };
}

async function auditEntriesFor(userId: string): Promise<AuditEntryView[]> {
  const res = await api('/api/admin/audit-log?limit=100', { token: await admin() });
  expect(res.status).toBe(200);
  return auditLogResponseSchema
    .parse(res.body)
    .entries.filter((e) => e.target.type === 'user' && e.target.id === userId);
}

/** Waits until the clock is in a later second than `epochSeconds` (tokens of that second are refused). */
async function nextSecondAfter(epochSeconds: number) {
  while (Math.floor(Date.now() / 1000) <= epochSeconds) await sleep(50);
}

describe('user counters', () => {
  it('one registration and verification moves total, active and newThisMonth by exactly 1', async () => {
    const before = await userStats();
    const tag = random();
    const { statsBeforeVerification } = await registerAndVerify(`count_${tag}`, `count-${tag}@example.com`);
    // An unverified sign-up is not a user yet: registering alone moved nothing.
    expect(statsBeforeVerification).toEqual(before);
    const after = await userStats();
    expect(after).toEqual({
      total: before.total + 1,
      active: before.active + 1,
      inactive: before.inactive,
      newThisMonth: before.newThisMonth + 1,
    });
  });
});

describe('deactivate and activate', () => {
  it('moves active/inactive once per change, locks the user out everywhere, restores them, and audits both', async () => {
    const customer: TestCustomer = await newCustomer('lockout');
    const adminMe = await api<{ email: string }>('/api/auth/me', { token: await admin() });
    const s0 = await userStats();

    const deactivated = await setStatus('deactivate', customer.userId);
    expect(deactivated.status).toBe(200);
    const answer = adminUserActionResponseSchema.parse(deactivated.body);
    expect(answer).toMatchObject({
      message: ADMIN_MESSAGES.userDeactivated,
      user: { _id: customer.userId, email: customer.email, isActive: false },
    });
    const s1 = await userStats();
    expect(s1).toEqual({ ...s0, active: s0.active - 1, inactive: s0.inactive + 1 });

    // Twice in a row: the same answer, nothing moves.
    const again = await setStatus('deactivate', customer.userId);
    // Sessions were ended (again) by now: tokens of this second or earlier are refused for good.
    const sessionsEndedBy = Math.floor(Date.now() / 1000);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: ADMIN_MESSAGES.userDeactivated, user: { isActive: false } });
    expect(await userStats()).toEqual(s1);

    // Locked out: the next authenticated call and a new sign-in are refused with 403.
    const me = await api('/api/auth/me', { token: customer.token });
    expect(me.status).toBe(403);
    expect(me.body).toMatchObject({ message: 'Account is deactivated' });
    expect((await api('/api/payment/subscriptions', { token: customer.token })).status).toBe(403);
    const login = await api('/api/auth/login', {
      method: 'POST',
      body: { email: customer.email, password: CUSTOMER_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ message: 'Account is deactivated' });
    // The admin list shows the new status.
    const listed = await searchUsers(customer.email);
    expect(listed.users.map((u: AdminUser) => [u._id, u.isActive])).toEqual([[customer.userId, false]]);

    const activated = await setStatus('activate', customer.userId);
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ message: ADMIN_MESSAGES.userActivated, user: { isActive: true } });
    const s2 = await userStats();
    expect(s2).toEqual(s0);
    const activatedAgain = await setStatus('activate', customer.userId);
    expect(activatedAgain.status).toBe(200);
    expect(await userStats()).toEqual(s2);

    // Restored: the user signs in again and the new session works. The tokens issued before the
    // deactivation stay ended (tokensValidAfter).
    await nextSecondAfter(sessionsEndedBy);
    const relogin = await api<{ token: string }>('/api/auth/login', {
      method: 'POST',
      body: { email: customer.email, password: CUSTOMER_PASSWORD },
    });
    expect(relogin.status).toBe(200);
    expect((await api('/api/auth/me', { token: relogin.body.token })).status).toBe(200);
    expect((await api('/api/auth/me', { token: customer.token })).status).toBe(401);

    // One audit entry per real change, with the before/after status and who did it.
    const entries = await auditEntriesFor(customer.userId);
    expect(entries.map((e) => [e.action, e.details.from, e.details.to])).toEqual([
      ['user.activate', 'inactive', 'active'],
      ['user.deactivate', 'active', 'inactive'],
    ]);
    for (const entry of entries) {
      expect(entry.actorEmail).toBe(adminMe.body.email);
      expect(entry.details).toMatchObject({ username: customer.username, email: customer.email });
    }
  });

  it('refuses an administrator deactivating themself, and answers 404 for an unknown user', async () => {
    const me = await api<{ userId: string }>('/api/auth/me', { token: await admin() });
    const before = await userStats();
    const self = await setStatus('deactivate', me.body.userId);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ message: ADMIN_MESSAGES.cannotDeactivateSelf });
    expect((await api('/api/auth/me', { token: await admin() })).status).toBe(200);
    expect(await userStats()).toEqual(before);

    for (const action of ['activate', 'deactivate'] as const) {
      const unknown = await setStatus(action, randomUUID());
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ message: ADMIN_MESSAGES.userNotFound });
    }
    const subscriptions = await api(`/api/admin/user/${randomUUID()}/subscriptions`, { token: await admin() });
    expect(subscriptions.status).toBe(404);
  });

  it("lists a user's subscriptions newest first", async () => {
    const customer = await newCustomer('subs');
    const trial = await api('/api/payment/create-free-trial', { method: 'POST', token: customer.token, body: {} });
    expect(trial.status).toBe(201);
    const res = await api<{ subscriptions: { packageName: string; userId: { _id: string; email: string } }[] }>(
      `/api/admin/user/${customer.userId}/subscriptions`,
      { token: await admin() },
    );
    expect(res.status).toBe(200);
    expect(res.body.subscriptions).toEqual([
      expect.objectContaining({
        packageName: 'Free Trial',
        status: 'active',
        userId: { _id: customer.userId, username: customer.username, email: customer.email },
      }),
    ]);
  });
});

describe('user search', () => {
  it('finds a user by a middle part of the e-mail on the first page, past newer users that do not match', async () => {
    const target = await newCustomer(`needle${random()}`);
    const newer: TestCustomer[] = [];
    for (let i = 0; i < 16; i += 1) newer.push(await newCustomer('filler'));
    // Without a search the first page holds only newer users.
    const plain = await api(`/api/admin/users?limit=10`, { token: await admin() });
    const firstPage = adminUsersResponseSchema.parse(plain.body).users.map((u) => u._id);
    expect(firstPage).toHaveLength(10);
    expect(firstPage).not.toContain(target.userId);

    // The random middle of the address (after "needle"), in other case.
    const at = target.email.indexOf('@');
    const middle = target.email.slice(6, at - 3).toUpperCase();
    const found = await searchUsers(middle);
    expect(found.users.map((u) => u._id)).toEqual([target.userId]);
    expect(found.nextCursor).toBeNull();
    expect(found.users[0]).toMatchObject({ email: target.email, isActive: true });
  });

  it('finds a user by part of the username, follows a username change, and finds by phone', async () => {
    const tag = random();
    const email = `plain-${tag}@example.com`;
    const { userId, token } = await registerAndVerify(`Zed_${tag}_Case`, email);
    const byUsername = await searchUsers(`${tag}_CASE`);
    expect(byUsername.users.map((u) => [u._id, u.username])).toEqual([[userId, `Zed_${tag}_Case`]]);

    // A username change keeps the search current.
    const renamed = await api(`/api/auth/updateUser/${userId}`, {
      method: 'PUT',
      token,
      body: { username: `Yan_${tag}_New`, email },
    });
    expect(renamed.status).toBe(200);
    expect((await searchUsers(`yan_${tag}`)).users.map((u) => u._id)).toEqual([userId]);
    expect((await searchUsers(`zed_${tag}`)).users).toEqual([]);

    // No screen sets a phone yet: store one the way the profile keeps it (the entity's searchText).
    const local = String(1_000_000 + (Number.parseInt(tag, 16) % 9_000_000));
    const phone = `+1 (555) ${local.slice(0, 3)}-${local.slice(3)}`;
    const key = { PK: `USER#${userId}`, SK: 'PROFILE' };
    const item = (await db().send(new GetCommand({ TableName: stack().tableName, Key: key }))).Item ?? {};
    await db().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: key,
        UpdateExpression: 'SET phone = :p, searchText = :s',
        ExpressionAttributeValues: {
          ':p': phone,
          ':s': profileSearchText({ username: String(item.username), email: String(item.email), phone }),
        },
      }),
    );
    for (const term of [`555) ${local.slice(0, 3)}-${local.slice(3, 5)}`, `555${local}`, phone]) {
      const byPhone = await searchUsers(term);
      expect(
        byPhone.users.map((u) => [u._id, u.phone]),
        term,
      ).toEqual([[userId, phone]]);
    }
  });

  it('pages the users whose e-mail starts with the term from the prefix index, never an empty page with a cursor', async () => {
    const tag = random();
    const matching: TestCustomer[] = [];
    for (let i = 0; i < 3; i += 1) matching.push(await newCustomer(`pager${tag}`));
    for (let i = 0; i < 3; i += 1) await newCustomer('filler');
    const first = await searchUsers(`PAGER${tag}`, 2);
    expect(first.users).toHaveLength(2);
    expect(first.search).toEqual({ matched: 'start', limitedTo: null });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await api(
      `/api/admin/users?limit=2&search=pager${tag}&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      { token: await admin() },
    );
    const page2 = adminUsersResponseSchema.parse(second.body);
    expect(page2.users).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    // Each matching user once, over the two pages.
    const emails = [...first.users, ...page2.users].map((u) => u.email);
    expect(emails.sort()).toEqual(matching.map((c) => c.email).sort());
  });

  it('says a term that starts no username or e-mail was looked for inside the newest users', async () => {
    const target = await newCustomer(`inner${random()}`);
    const inside = target.email.slice(target.email.indexOf('-'));
    const found = await searchUsers(inside);
    expect(found.users.map((u) => u._id)).toEqual([target.userId]);
    // The test stack has fewer users than the window: the whole list was looked at.
    expect(found.search).toEqual({ matched: 'inside', limitedTo: null });
  });
});
