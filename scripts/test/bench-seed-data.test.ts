import { describe, expect, it } from 'vitest';
import {
  customersFor,
  emptyCounts,
  recordsIn,
  seedActivity,
  seedItems,
  seedProfile,
  seedUser,
  StatsAccumulator,
  STRATIFIED_CUSTOMERS,
  TODAY_CUSTOMER,
  type Item,
} from '../bench/seed-data.js';

const ctx = { now: new Date('2026-11-23T15:30:00.000Z'), adminId: 'admin-sub', walletAddress: 'TWallet' };

function seed(customers: number) {
  const stats = new StatsAccumulator();
  const counts = emptyCounts();
  const items = [...seedItems(0, customers, ctx, stats, counts)];
  return { stats, counts, items, aggregates: stats.toItems() };
}

const ofEntity = (items: Item[], entity: string) => items.filter((i) => i.entity === entity);
const sum = (items: Item[], field: string) => items.reduce((total, i) => total + Number(i[field] ?? 0), 0);
const aggregate = (items: Item[], pk: string, sk: string) => items.find((i) => i.PK === pk && i.SK === sk) ?? {};
const bySk = (items: Item[], pk: string, prefix: string) =>
  items.filter((i) => i.PK === pk && String(i.SK).startsWith(prefix));

describe('bench seed data', () => {
  it('writes about the requested number of records, 4.1 per customer', () => {
    const { counts, items } = seed(customersFor(1000));
    expect(customersFor(1000)).toBe(244);
    expect(recordsIn(counts)).toBeGreaterThanOrEqual(990);
    expect(recordsIn(counts)).toBeLessThanOrEqual(1010);
    expect(counts).toEqual({
      users: 244,
      payments: 244,
      subscriptions: 244 + 25,
      withdrawals: 122,
      contactMessages: 122,
    });
    // Records plus the pending-withdrawal markers and one TXID marker per payment.
    expect(ofEntity(items, 'TxidMarker')).toHaveLength(counts.payments);
    expect(items.length).toBe(
      recordsIn(counts) + ofEntity(items, 'PendingWithdrawalMarker').length + ofEntity(items, 'TxidMarker').length,
    );
  });

  it('builds customer i the same way at every scale, so a larger set is a superset', () => {
    const a = seedActivity(57, ctx);
    const b = seedActivity(57, ctx);
    expect({ ...a.payment, _id: '', subscriptionId: '' }).toEqual({ ...b.payment, _id: '', subscriptionId: '' });
    expect(seedProfile(57, ctx).item).toEqual(seedProfile(57, ctx).item);
    expect(seedUser(123).email).toMatch(/\.000123@/);
  });

  it('keeps the aggregates equal to the records they count', () => {
    const { items, aggregates } = seed(600);
    const payments = ofEntity(items, 'Payment');
    const completed = payments.filter((p) => p.status === 'completed');
    const total = aggregate(aggregates, 'STATS#PAYMENTS', 'TOTAL');
    expect(total.completedCount).toBe(completed.length);
    expect(total.completedAmount).toBe(sum(completed, 'amount'));
    expect(total.pendingCount).toBe(payments.filter((p) => p.status === 'pending').length);
    expect(total.rejectedCount).toBe(payments.filter((p) => p.status === 'rejected').length);
    for (const prefix of ['DAY#', 'MONTH#', 'YEAR#', 'PACKAGE#', 'PKGMONTH#']) {
      expect(sum(bySk(aggregates, 'STATS#PAYMENTS', prefix), 'completedAmount')).toBe(total.completedAmount);
    }

    const users = ofEntity(items, 'UserProfile');
    const userTotal = aggregate(aggregates, 'STATS#USERS', 'TOTAL');
    expect(userTotal.total).toBe(users.length);
    expect(userTotal.inactive).toBe(users.filter((u) => u.isActive === false).length);
    expect(sum(bySk(aggregates, 'STATS#USERS', 'MONTH#'), 'newUsers')).toBe(users.length);
    expect(users.every((u) => u.GSI1PK === 'USERS' && typeof u.searchText === 'string')).toBe(true);

    const subscriptions = ofEntity(items, 'Subscription');
    const months = bySk(aggregates, 'STATS#SUBSCRIPTIONS', 'MONTH#');
    expect(sum(months, 'total')).toBe(subscriptions.length);
    expect(sum(months, 'freeTrials')).toBe(subscriptions.filter((s) => s.packageSlug === 'freeTrial').length);
    for (const status of ['active', 'pending', 'expired', 'rejected']) {
      expect(sum(months, status)).toBe(subscriptions.filter((s) => s.status === status).length);
    }

    const withdrawals = ofEntity(items, 'Withdrawal');
    const w = aggregate(aggregates, 'STATS#WITHDRAWALS', 'TOTAL');
    expect(w.total).toBe(withdrawals.length);
    expect(w.pending).toBe(ofEntity(items, 'PendingWithdrawalMarker').length);
    expect(w.approvedAmount).toBe(
      sum(
        withdrawals.filter((x) => x.status === 'approved'),
        'amount',
      ),
    );
    const messages = ofEntity(items, 'ContactMessage');
    expect(aggregate(aggregates, 'STATS#CONTACTS', 'TOTAL').total).toBe(messages.length);
    // Unread: the messages in the unread index, some but not all of them.
    const unread = messages.filter((m) => m.GSI2PK === 'CONTACTS#UNREAD').length;
    expect(aggregate(aggregates, 'STATS#CONTACTS', 'TOTAL').unread ?? 0).toBe(unread);
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(messages.length);
  });

  it('gives even the smallest set every monthly aggregate item, and today’s', () => {
    const { aggregates } = seed(STRATIFIED_CUSTOMERS + 2);
    expect(bySk(aggregates, 'STATS#PAYMENTS', 'MONTH#')).toHaveLength(24);
    expect(bySk(aggregates, 'STATS#PAYMENTS', 'PKGMONTH#')).toHaveLength(24 * 3);
    expect(seed(TODAY_CUSTOMER + 1).aggregates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ PK: 'STATS#PAYMENTS', SK: 'DAY#2026-11-23', completedCount: 1 }),
        expect.objectContaining({ PK: 'STATS#USERS', SK: 'MONTH#2026-11' }),
      ]),
    );
  });

  it('dates everything inside the window, before the run, and every account before its activity', () => {
    const { items } = seed(400);
    const now = ctx.now.toISOString();
    for (const item of items) {
      expect(String(item.createdAt) <= now).toBe(true);
    }
    for (let i = 0; i < 400; i += 1) {
      const activity = seedActivity(i, ctx);
      const { profile } = seedProfile(i, ctx, activity);
      expect(profile.createdAt < activity.payment.createdAt).toBe(true);
      if (activity.withdrawal) expect(profile.createdAt < activity.withdrawal.createdAt).toBe(true);
      if (activity.freeTrial) expect(activity.freeTrial.createdAt < activity.payment.createdAt).toBe(true);
      if (activity.payment.approvedAt) expect(activity.payment.approvedAt <= now).toBe(true);
    }
  });

  it('follows the ledger rule on every profile', () => {
    const { items } = seed(200);
    for (const user of ofEntity(items, 'UserProfile')) {
      expect(user.referralLifetime).toBe(
        Number(user.referralEarnings) + Number(user.referralHeld) + Number(user.referralPaidOut),
      );
    }
  });
});
