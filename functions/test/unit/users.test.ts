import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, adminUserActionResponseSchema } from '@goldbot/shared';
import type { AuditEntry } from '../../src/domain/records/audit-entry.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { profileSearchText } from '../../src/data/user-profile-entity.js';
import type { UserProfile } from '../../src/domain/records/user-profile.js';
import { listAuditLog, type AuditLogStore } from '../../src/domain/admin/audit-log.js';
import {
  changeUserStatus,
  getUserStats,
  listUserSubscriptions,
  planStatusChange,
  userSearchTerm,
  type AdminUserStore,
  type StatusChangeOutcome,
  type StatusChangePlan,
  type UserStatusDeps,
} from '../../src/domain/admin/users.js';
import { ConflictError, NotFoundError, ValidationError } from '../../src/domain/errors.js';
import { sampleProfile } from '../helpers/admin-user-samples.js';

/**
 * The back-office user rules over fakes (docs/data-model.md, "Activate / deactivate"): who may be
 * deactivated, what one status change plans (flag, tokens, counters, audit), idempotent repeats
 * that move nothing, races answered from the state that won, and Cognito following every answer.
 */
const NOW = new Date('2026-03-04T05:06:07.890Z');
const ADMIN = { userId: 'admin-sub', email: 'admin@example.com' };

const profile = sampleProfile;

/** A table of profiles with the user counters and the audit trail, moved only by committed plans. */
function fakeStore(users: UserProfile[] = [profile()]) {
  const byId = new Map(users.map((u) => [u._id, { ...u }]));
  const counters = { total: users.length, active: users.filter((u) => u.isActive).length, inactive: 0 };
  counters.inactive = counters.total - counters.active;
  const audit: AuditEntry[] = [];
  const plans: StatusChangePlan[] = [];
  /** Outcomes to answer before looking at the table (races, conflicts). */
  const scripted: StatusChangeOutcome[] = [];
  const store: AdminUserStore = {
    async getUser(id) {
      const user = byId.get(id);
      return user ? { ...user } : undefined;
    },
    async commitStatusChange(plan) {
      plans.push(plan);
      const next = scripted.shift();
      if (next) return next;
      const current = byId.get(plan.user._id);
      if (!current?.emailVerifiedAt) return { kind: 'missing' };
      if (current.isActive !== (plan.to === 'inactive')) return { kind: 'not-in-state' };
      current.isActive = plan.to === 'active';
      current.updatedAt = plan.at;
      if (plan.tokensValidAfter !== undefined) current.tokensValidAfter = plan.tokensValidAfter;
      counters.active += plan.counters.active;
      counters.inactive += plan.counters.inactive;
      audit.push(plan.audit);
      return { kind: 'committed' };
    },
    async listUsers() {
      return { users: [], nextCursor: null };
    },
    async userCounts() {
      return { ...counters, newUsers: 0 };
    },
    async subscriptionsOf() {
      return [];
    },
  };
  return { store, byId, counters, audit, plans, scripted };
}

function depsWith(world: ReturnType<typeof fakeStore>) {
  const setUserEnabled = vi.fn(async (_email: string, _enabled: boolean) => 'done' as 'done' | 'not-found');
  const endSessions = vi.fn(async (_userId: string, _email: string) => undefined);
  const sleep = vi.fn(async () => undefined);
  const onAccountMissing = vi.fn();
  let ids = 0;
  const deps: UserStatusDeps = {
    store: world.store,
    accounts: { setUserEnabled },
    endSessions,
    now: () => NOW,
    newId: () => `AUDIT${(ids += 1)}`,
    sleep,
    random: () => 0.5,
    onAccountMissing,
  };
  return { deps, setUserEnabled, endSessions, sleep, onAccountMissing };
}

describe('planStatusChange', () => {
  it('deactivation: the flag off, tokens refused from now, active -1 / inactive +1, the audit entry with from/to', () => {
    const plan = planStatusChange(profile(), 'inactive', ADMIN, NOW, () => 'AUDIT1');
    expect(plan).toEqual({
      user: profile(),
      to: 'inactive',
      at: NOW.toISOString(),
      tokensValidAfter: Math.floor(NOW.getTime() / 1000),
      counters: { active: -1, inactive: 1 },
      audit: {
        _id: 'AUDIT1',
        actor: 'admin-sub',
        actorEmail: 'admin@example.com',
        action: 'user.deactivate',
        target: { type: 'user', id: 'jane-sub' },
        details: { from: 'active', to: 'inactive', username: 'jane_doe', email: 'jane.doe@example.com' },
        at: NOW.toISOString(),
      },
    });
  });

  it('activation: counters back, no token cut-off, audit user.activate', () => {
    const plan = planStatusChange(profile({ isActive: false }), 'active', { userId: 'admin-sub' }, NOW, () => 'A');
    expect(plan.counters).toEqual({ active: 1, inactive: -1 });
    expect(plan).not.toHaveProperty('tokensValidAfter');
    expect(plan.audit).toMatchObject({ action: 'user.activate', details: { from: 'inactive', to: 'active' } });
    expect(plan.audit).not.toHaveProperty('actorEmail');
  });
});

describe('changeUserStatus', () => {
  it('deactivates once: flag, counters and audit move, Cognito disables the user and every session ends', async () => {
    const world = fakeStore();
    const { deps, setUserEnabled, endSessions } = depsWith(world);
    const answer = await changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN);

    expect(adminUserActionResponseSchema.parse(answer)).toEqual({
      message: ADMIN_MESSAGES.userDeactivated,
      user: {
        _id: 'jane-sub',
        username: 'jane_doe',
        email: 'jane.doe@example.com',
        phone: null,
        isActive: false,
        isAdmin: false,
        referralCode: 'K7M2QX9P',
        referralEarnings: 40,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: NOW.toISOString(),
      },
    });
    expect(world.counters).toEqual({ total: 1, active: 0, inactive: 1 });
    expect(world.audit.map((a) => a.action)).toEqual(['user.deactivate']);
    expect(world.byId.get('jane-sub')?.tokensValidAfter).toBe(Math.floor(NOW.getTime() / 1000));
    expect(setUserEnabled.mock.calls).toEqual([['jane.doe@example.com', false]]);
    expect(endSessions.mock.calls).toEqual([['jane-sub', 'jane.doe@example.com']]);
    expect(setUserEnabled.mock.invocationCallOrder[0]).toBeLessThan(endSessions.mock.invocationCallOrder[0] ?? 0);
  });

  it('is idempotent: a second deactivation answers 200 with the user and moves no counter and writes no audit', async () => {
    const world = fakeStore();
    const { deps, setUserEnabled } = depsWith(world);
    await changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN);
    const again = await changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN);
    expect(again.message).toBe(ADMIN_MESSAGES.userDeactivated);
    expect(again.user.isActive).toBe(false);
    expect(world.plans).toHaveLength(1);
    expect(world.counters).toEqual({ total: 1, active: 0, inactive: 1 });
    expect(world.audit).toHaveLength(1);
    // The repeat applies Cognito again: it repairs a first attempt whose Cognito step failed.
    expect(setUserEnabled.mock.calls).toEqual([
      ['jane.doe@example.com', false],
      ['jane.doe@example.com', false],
    ]);
  });

  it('activation reverses deactivation, and twice in a row changes nothing the second time', async () => {
    const world = fakeStore();
    const { deps, setUserEnabled, endSessions } = depsWith(world);
    await changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN);
    const first = await changeUserStatus(deps, 'active', 'jane-sub', ADMIN);
    const second = await changeUserStatus(deps, 'active', 'jane-sub', ADMIN);
    expect([first.message, second.message]).toEqual([ADMIN_MESSAGES.userActivated, ADMIN_MESSAGES.userActivated]);
    expect(second.user.isActive).toBe(true);
    expect(world.counters).toEqual({ total: 1, active: 1, inactive: 0 });
    expect(world.audit.map((a) => [a.action, a.details.from, a.details.to])).toEqual([
      ['user.deactivate', 'active', 'inactive'],
      ['user.activate', 'inactive', 'active'],
    ]);
    expect(setUserEnabled.mock.calls.map((c) => c[1])).toEqual([false, true, true]);
    // Sessions end on deactivation only.
    expect(endSessions).toHaveBeenCalledTimes(1);
  });

  it('activating an active user answers 200 and moves nothing', async () => {
    const world = fakeStore();
    const { deps } = depsWith(world);
    const answer = await changeUserStatus(deps, 'active', 'jane-sub', ADMIN);
    expect(answer).toMatchObject({ message: ADMIN_MESSAGES.userActivated, user: { isActive: true } });
    expect(world.plans).toHaveLength(0);
  });

  it('refuses an administrator deactivating themself with 400, before reading anything', async () => {
    const world = fakeStore([profile({ _id: 'admin-sub', isAdmin: true })]);
    const getUser = vi.spyOn(world.store, 'getUser');
    const { deps, setUserEnabled } = depsWith(world);
    const error = await changeUserStatus(deps, 'inactive', 'admin-sub', ADMIN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
    expect(getUser).not.toHaveBeenCalled();
    expect(setUserEnabled).not.toHaveBeenCalled();
    // Activating oneself is harmless (an inactive admin could not call at all): it answers as usual.
    await expect(changeUserStatus(deps, 'active', 'admin-sub', ADMIN)).resolves.toMatchObject({
      message: ADMIN_MESSAGES.userActivated,
    });
  });

  it('answers 404 userNotFound for an unknown id and for a registration never verified', async () => {
    const world = fakeStore([profile({ _id: 'pending-sub', emailVerifiedAt: undefined })]);
    const { deps, setUserEnabled } = depsWith(world);
    for (const id of ['nobody', 'pending-sub']) {
      const error = await changeUserStatus(deps, 'inactive', id, ADMIN).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toBe(ADMIN_MESSAGES.userNotFound);
    }
    expect(world.plans).toHaveLength(0);
    expect(setUserEnabled).not.toHaveBeenCalled();
  });

  it('answers 404 when the profile vanished between the read and the transaction', async () => {
    const world = fakeStore();
    world.scripted.push({ kind: 'missing' });
    const { deps } = depsWith(world);
    await expect(changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a lost race re-reads and answers from the state that won, without moving anything itself', async () => {
    const world = fakeStore();
    const { deps, sleep } = depsWith(world);
    // Another admin deactivates between this request's read and its transaction.
    const getUser = world.store.getUser.bind(world.store);
    let reads = 0;
    world.store.getUser = async (id) => {
      const user = await getUser(id);
      reads += 1;
      if (reads === 1) {
        const stored = world.byId.get(id);
        if (stored) stored.isActive = false;
      }
      return user;
    };
    const answer = await changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN);
    expect(answer).toMatchObject({ message: ADMIN_MESSAGES.userDeactivated, user: { isActive: false } });
    expect(world.plans).toHaveLength(1);
    expect(world.audit).toHaveLength(0);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries a transaction conflict with a back-off, then gives up with 409', async () => {
    const world = fakeStore();
    world.scripted.push({ kind: 'conflict' });
    const { deps, sleep } = depsWith(world);
    await expect(changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN)).resolves.toMatchObject({
      user: { isActive: false },
    });
    expect(sleep).toHaveBeenCalledTimes(1);

    const busy = fakeStore();
    busy.scripted.push(...Array.from({ length: 4 }, () => ({ kind: 'conflict' as const })));
    const error = await changeUserStatus(depsWith(busy).deps, 'inactive', 'jane-sub', ADMIN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(busy.counters.active).toBe(1);
  });

  it('reports a Cognito user missing by that address and still answers (the flag refuses them)', async () => {
    const world = fakeStore();
    const { deps, setUserEnabled, onAccountMissing, endSessions } = depsWith(world);
    setUserEnabled.mockResolvedValue('not-found');
    await expect(changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN)).resolves.toMatchObject({
      user: { isActive: false },
    });
    expect(onAccountMissing).toHaveBeenCalledWith('jane-sub');
    expect(endSessions).toHaveBeenCalled();
  });

  it('fails the request when Cognito fails after the commit, so the admin repeats it (and the repeat repairs)', async () => {
    const world = fakeStore();
    const { deps, setUserEnabled } = depsWith(world);
    setUserEnabled.mockRejectedValueOnce(new Error('Cognito unavailable'));
    await expect(changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN)).rejects.toThrow('Cognito unavailable');
    // The flag already refuses the user; the counters moved exactly once.
    expect(world.counters).toEqual({ total: 1, active: 0, inactive: 1 });
    await changeUserStatus(deps, 'inactive', 'jane-sub', ADMIN);
    expect(setUserEnabled).toHaveBeenLastCalledWith('jane.doe@example.com', false);
    expect(world.counters).toEqual({ total: 1, active: 0, inactive: 1 });
  });
});

describe('user search', () => {
  it('searches the term trimmed and lower-cased; a blank term is no search', () => {
    expect(userSearchTerm('  Jane.DOE@Example ')).toBe('jane.doe@example');
    expect(userSearchTerm('   ')).toBeUndefined();
    expect(userSearchTerm(undefined)).toBeUndefined();
  });

  it('reduces a term written like a phone number to its digits, and nothing else', () => {
    expect(userSearchTerm('+1 (555) 010-2030')).toBe('15550102030');
    expect(userSearchTerm('555 010')).toBe('555010');
    expect(userSearchTerm('2030')).toBe('2030');
    expect(userSearchTerm('123.45')).toBe('123.45');
    expect(userSearchTerm('jean-luc')).toBe('jean-luc');
    expect(userSearchTerm('-')).toBe('-');
  });

  it('keeps username, e-mail and phone (as written and as digits) lower-cased in searchText', () => {
    expect(profileSearchText({ username: 'Jane_Doe', email: 'jane@example.com', phone: '+1 (555) 010-2030' })).toBe(
      'jane_doe\njane@example.com\n+1 (555) 010-2030\n15550102030',
    );
    expect(profileSearchText({ username: 'Bob', email: 'bob@example.com', phone: null })).toBe('bob\nbob@example.com');
    const text = profileSearchText({ username: 'x', email: 'x@example.com', phone: '5550102030' });
    expect(text).toBe('x\nx@example.com\n5550102030');
    for (const term of ['+1 555 010', '(555) 010-2030', 'Jane_D', 'E@EXAMPLE']) {
      const withPhone = profileSearchText({
        username: 'Jane_Doe',
        email: 'jane@example.com',
        phone: '+1 (555) 010-2030',
      });
      expect(withPhone.includes(userSearchTerm(term) ?? '?'), term).toBe(true);
    }
  });
});

describe('getUserStats', () => {
  it('answers the user counters, newThisMonth from the current UTC month', async () => {
    const userCounts = vi.fn(async () => ({ total: 12, active: 10, inactive: 2, newUsers: 3 }));
    const store = { ...fakeStore().store, userCounts };
    expect(await getUserStats(store, new Date('2026-03-31T23:59:59.999Z'))).toEqual({
      userStats: { total: 12, active: 10, inactive: 2, newThisMonth: 3 },
    });
    expect(userCounts).toHaveBeenCalledWith('2026-03');
  });
});

describe('listUserSubscriptions', () => {
  const sub = (id: string, overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
    _id: id,
    userId: 'jane-sub',
    username: 'old_name',
    email: 'old@example.com',
    packageSlug: 'basic',
    packageName: 'Basic Package',
    status: 'active',
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    paymentMethod: 'usdt',
    paymentId: 'PAY1',
    isExtension: false,
    notificationSent: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

  it("answers the rows in the store's order with the live owner and the effective status", async () => {
    const world = fakeStore([profile({ username: 'jane_doe', email: 'jane.doe@example.com' })]);
    world.store.subscriptionsOf = async () => [sub('S2', { endDate: '2026-12-31' }), sub('S1')];
    const { subscriptions } = await listUserSubscriptions(world.store, 'jane-sub', NOW);
    expect(subscriptions.map((s) => [s._id, s.status])).toEqual([
      ['S2', 'active'],
      ['S1', 'expired'],
    ]);
    expect(subscriptions[0]).toMatchObject({
      userId: { _id: 'jane-sub', username: 'jane_doe', email: 'jane.doe@example.com' },
      notificationSent: true,
      paymentId: 'PAY1',
    });
  });

  it('answers 404 for an unknown user', async () => {
    await expect(listUserSubscriptions(fakeStore().store, 'nobody', NOW)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('listAuditLog', () => {
  const entry = (id: string, actor: string, actorEmail?: string): AuditEntry => ({
    _id: id,
    actor,
    ...(actorEmail ? { actorEmail } : {}),
    action: actor === 'system' ? 'payment.auto-approve' : 'user.deactivate',
    target: { type: 'user', id: 'jane-sub' },
    details: { from: 'active', to: 'inactive' },
    at: '2026-03-01T00:00:00.000Z',
  });

  it("reads the current UTC month by default and fills each admin's current e-mail with one lookup", async () => {
    const auditPage = vi.fn(async () => ({
      entries: [
        entry('3', 'a1', 'stale@example.com'),
        entry('2', 'system'),
        entry('1', 'a1'),
        entry('0', 'gone', 'was@x.io'),
      ],
      nextCursor: 'next',
    }));
    const actorEmails = vi.fn(async () => new Map([['a1', 'admin@example.com']]));
    const store: AuditLogStore = { auditPage, actorEmails };
    const answer = await listAuditLog(store, { limit: 4 }, NOW);
    expect(auditPage).toHaveBeenCalledWith('2026-03', { limit: 4, cursor: undefined });
    expect(actorEmails).toHaveBeenCalledTimes(1);
    expect(actorEmails).toHaveBeenCalledWith(['a1', 'gone']);
    expect(answer.nextCursor).toBe('next');
    expect(answer.entries.map((e) => [e._id, e.actorEmail])).toEqual([
      ['3', 'admin@example.com'],
      ['2', undefined],
      ['1', 'admin@example.com'],
      // A removed admin keeps the e-mail recorded with the entry.
      ['0', 'was@x.io'],
    ]);
    expect(answer.entries[1]).not.toHaveProperty('actorEmail');
  });

  it('reads the month asked for and skips the lookup when only jobs acted', async () => {
    const auditPage = vi.fn(async () => ({ entries: [entry('1', 'system')], nextCursor: null }));
    const actorEmails = vi.fn(async () => new Map<string, string>());
    await listAuditLog({ auditPage, actorEmails }, { month: '2025-12', limit: 10, cursor: 'c' }, NOW);
    expect(auditPage).toHaveBeenCalledWith('2025-12', { limit: 10, cursor: 'c' });
    expect(actorEmails).not.toHaveBeenCalled();
  });
});
