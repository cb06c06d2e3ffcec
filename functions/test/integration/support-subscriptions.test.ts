import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES, supportSubscriptionResponseSchema, type SupportSubscriptionResponse } from '@goldbot/shared';
import { api, newCustomer, type TestCustomer } from './http-client.js';
import {
  addDays,
  admin,
  auditEntriesFor,
  billingHistory,
  delta,
  getItem,
  paymentStats,
  subscriptionItemsOf,
  subscriptionSummary,
  todayUtc,
} from './fixtures.js';

/**
 * Support's subscription controls over real HTTP (docs/data-model.md, "Support's subscription
 * controls"): an admin grants, extends and ends a customer's paid package with a reason; the
 * customer's Billing History shows each as given by support with no amount; the Basic status moves;
 * every action is audited with its reason; no revenue figure moves; refusals say why; two admins at
 * once cannot both grant.
 */
const act = async (userId: string, body: unknown) =>
  api<SupportSubscriptionResponse & { errors?: Record<string, string> }>(`/api/admin/user/${userId}/subscription`, {
    method: 'POST',
    token: await admin(),
    body,
  });

const hasActiveBasic = async (customer: TestCustomer) =>
  (await api<{ hasActiveBasicPackage: boolean }>('/api/payment/package-status', { token: customer.token })).body
    .hasActiveBasicPackage;

/** The revenue figures: what support does never moves them. */
async function revenue() {
  const { paymentStats: stats, packageData } = await paymentStats();
  return { total: stats.total, today: stats.today, month: stats.thisMonth, packageData };
}

describe("support's subscription controls", () => {
  it('grants a Basic for some days, extends it, ends it: Billing History says By support, revenue stays, all audited', async () => {
    const customer = await newCustomer('supported');
    const today = todayUtc();
    const revenueBefore = await revenue();
    const summaryBefore = await subscriptionSummary();

    const granted = await act(customer.userId, {
      action: 'grant',
      packageName: 'Basic Package',
      days: 10,
      reason: 'Paid by bank transfer, confirmed by support',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const grantedBody = supportSubscriptionResponseSchema.parse(granted.body);
    const end = addDays(today, 9);
    expect(grantedBody.subscriptions).toEqual([
      expect.objectContaining({
        packageName: 'Basic Package',
        status: 'active',
        startDate: today,
        endDate: end,
        paymentMethod: 'support',
        paymentId: null,
        isExtension: false,
        userId: { _id: customer.userId, username: customer.username, email: customer.email },
      }),
    ]);
    expect(grantedBody.message).toMatch(/^Granted the Basic Package to .+ until \w{3} \d{1,2}, \d{4}\.$/);
    expect(await hasActiveBasic(customer)).toBe(true);

    // The customer sees it in Billing History: by support, no amount, current.
    const [row] = await billingHistory(customer);
    expect(row).toMatchObject({ paymentMethod: 'support', startDate: today, endDate: end, status: 'active' });
    expect(row).not.toHaveProperty('amount');
    const current = await api<{ subscription: { _id: string } | null }>('/api/payment/active-subscription', {
      token: customer.token,
    });
    expect(current.body.subscription?._id).toBe(row?._id);

    // Extended by 5 days: a new row chained after the last day.
    const extended = await act(customer.userId, { action: 'extend', days: 5, reason: 'Our outage on the 3rd' });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.body.subscriptions[0]).toMatchObject({
      paymentMethod: 'support',
      isExtension: true,
      startDate: addDays(end, 1),
      endDate: addDays(end, 5),
    });
    expect((await getItem(`USER#${customer.userId}`, 'PROFILE'))?.basicPaidThrough).toBe(addDays(end, 5));

    // Ended now: both rows close (the running one today), Basic is no longer active.
    const ended = await act(customer.userId, { action: 'end', reason: 'Customer asked to stop' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.message).toMatch(/^Ended .+'s Basic Package today\.$/);
    const rows = await billingHistory(customer);
    expect(rows.map((r) => [r.status, r.endDate, r.endedAt !== undefined && r.endedAt !== null])).toEqual([
      ['expired', addDays(end, 5), true],
      ['expired', today, true],
    ]);
    expect(await hasActiveBasic(customer)).toBe(false);
    const items = await subscriptionItemsOf(customer.userId);
    for (const item of items) {
      expect(item).not.toHaveProperty('GSI2PK');
      expect(item).not.toHaveProperty('GSI3PK');
    }

    // Audited with the reason; counted as subscriptions, never as revenue.
    const audit = (await auditEntriesFor(customer.userId)).sort((a, b) => String(a.at).localeCompare(String(b.at)));
    expect(audit.map((e) => [e.action, (e.details as { reason?: string }).reason])).toEqual([
      ['subscription.grant', 'Paid by bank transfer, confirmed by support'],
      ['subscription.extend', 'Our outage on the 3rd'],
      ['subscription.end', 'Customer asked to stop'],
    ]);
    expect(await revenue()).toEqual(revenueBefore);
    expect(delta(await subscriptionSummary(), summaryBefore)).toMatchObject({
      total: 2,
      basicPackages: 2,
      active: 0,
      expired: 2,
    });
  }, 60_000);

  it('grants an Ultimate for life and refuses what cannot be done, with the reason', async () => {
    const customer = await newCustomer('supported-life');
    const life = await act(customer.userId, { action: 'grant', packageName: 'Ultimate Package', reason: 'Partner' });
    expect(life.status, JSON.stringify(life.body)).toBe(200);
    expect(life.body.subscriptions[0]).toMatchObject({ packageName: 'Ultimate Package', endDate: null });

    const again = await act(customer.userId, { action: 'grant', packageName: 'Ultimate Package', reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: SUPPORT_MESSAGES.alreadyCurrent('Ultimate Package', 'for life') });
    const lifetime = await act(customer.userId, { action: 'extend', days: 3, reason: 'x' });
    expect(lifetime.status).toBe(409);
    expect(lifetime.body).toMatchObject({ message: SUPPORT_MESSAGES.lifetime });
    const pro = await act(customer.userId, {
      action: 'grant',
      packageName: 'Pro Package',
      days: 7,
      reason: 'Trial of Pro',
    });
    expect(pro.status).toBe(200);
    const several = await act(customer.userId, { action: 'end', reason: 'x' });
    expect(several.status).toBe(400);
    expect(several.body.errors).toEqual({
      packageName: SUPPORT_MESSAGES.severalCurrent(['Pro Package', 'Ultimate Package']),
    });
    const none = await act((await newCustomer('supported-none')).userId, { action: 'extend', days: 3, reason: 'x' });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ message: SUPPORT_MESSAGES.noCurrent });

    const bad = await act(customer.userId, { action: 'grant', packageName: 'Free Trial', days: 0, reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      packageName: SUPPORT_MESSAGES.packageInvalid,
      days: SUPPORT_MESSAGES.daysInvalid,
      reason: SUPPORT_MESSAGES.reasonRequired,
    });
    const unknown = await act('01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ', { action: 'end', reason: 'x' });
    expect(unknown.status).toBe(404);
    const asCustomer = await api(`/api/admin/user/${customer.userId}/subscription`, {
      method: 'POST',
      token: customer.token,
      body: { action: 'end', packageName: 'Pro Package', reason: 'x' },
    });
    expect(asCustomer.status).toBe(403);
  }, 60_000);

  it('two admins granting at once give one package', async () => {
    const customer = await newCustomer('supported-race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        act(customer.userId, { action: 'grant', packageName: 'Pro Package', days: 30, reason: 'Race' }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.message).toMatch(/already has the Pro Package|changed meanwhile/);
    }
    expect(await subscriptionItemsOf(customer.userId)).toHaveLength(1);
    expect((await auditEntriesFor(customer.userId)).filter((e) => e.action === 'subscription.grant')).toHaveLength(1);
  }, 60_000);
});
