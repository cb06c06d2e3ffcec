import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  scheduledJobEvent,
  sendActivationMailsResponseSchema,
  subscriptionHistoryResponseSchema,
  subscriptionSummaryOf,
  type AdminSubscription,
  type PaymentStatsResponse,
} from '@goldbot/shared';
import { subscriptionKey } from '../../src/data/subscription-entity.js';
import { api, idTokenFor, newCustomer, stack, type TestCustomer } from './http-client.js';
import {
  activationMailRunsAudited,
  activationMails,
  activations,
  admin,
  basicStartingToday,
  buy,
  db,
  decidePayment,
  delta,
  type PaidSlug,
  paymentStats,
  priceOf,
  table,
  todayUtc,
} from './fixtures.js';
import { loadJobHandler, type JobHandler } from './job-handlers.js';

/**
 * The back-office insight routes over real HTTP against the local stack: the dashboard's
 * revenue figures move by exactly what one approval, submission or rejection moved; the
 * subscription history's summary follows submissions, approvals and rejections, its search finds a
 * subscriber by part of the e-mail or by status, and its month filter; the day's activations are
 * mailed once each even when two clicks and the scheduled job race; the CSV export carries the
 * filtered rows; customers are refused everywhere.
 *
 * Figures are compared as before/after deltas, since other suites share the table.
 */
const now = () => new Date();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const thisMonthLabel = () => `${MONTHS[now().getUTCMonth()]} ${now().getUTCFullYear()}`;

/** One purchase at the catalog price (expects 201): the payment's id, the price and the pending subscription. */
async function submit(buyer: TestCustomer, slug: PaidSlug) {
  const amount = await priceOf(slug);
  const { payment, subscriptionId } = await buy(buyer, slug);
  return { paymentId: payment._id, amount, subscriptionId };
}

const decide = async (paymentId: string, decision: 'approve' | 'reject') => {
  const res = await decidePayment(decision, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const proLine = (stats: PaymentStatsResponse) => stats.packageData.find((p) => p.name === 'Pro Package')?.revenue ?? 0;
const monthRevenue = (stats: PaymentStatsResponse) =>
  stats.revenueData.find((r) => r.month === thisMonthLabel())?.revenue ?? 0;

async function history(query: Record<string, string> = {}) {
  const res = await api(`/api/payment/subscription-history?${new URLSearchParams(query).toString()}`, {
    token: await admin(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return subscriptionHistoryResponseSchema.parse(res.body);
}

const thisMonthQuery = () => ({ year: String(now().getUTCFullYear()), month: String(now().getUTCMonth()) });

describe('dashboard revenue from the aggregates', () => {
  it('one $250 Pro approval moves total, today, this month, this year and the Pro line by exactly 250', async () => {
    const buyer = await newCustomer('stats-pro');
    const before = await paymentStats();
    const beforeYear = await paymentStats(`?year=${now().getUTCFullYear()}`);
    const beforeMonth = await paymentStats(`?year=${now().getUTCFullYear()}&month=${now().getUTCMonth()}`);

    const { paymentId, amount } = await submit(buyer, 'pro');
    expect(amount).toBe(250);
    const submitted = await paymentStats();
    expect(submitted.paymentStats.total.pendingCount - before.paymentStats.total.pendingCount).toBe(1);
    expect(submitted.paymentStats.total.amount).toBe(before.paymentStats.total.amount);

    await decide(paymentId, 'approve');
    const after = await paymentStats();
    const { paymentStats: a } = after;
    const { paymentStats: b } = before;
    expect(a.total.amount - b.total.amount).toBe(250);
    expect(a.total.completedCount - b.total.completedCount).toBe(1);
    expect(a.total.pendingCount - b.total.pendingCount).toBe(0);
    expect([a.today.amount - b.today.amount, a.today.count - b.today.count]).toEqual([250, 1]);
    expect([a.thisMonth.amount - b.thisMonth.amount, a.thisMonth.count - b.thisMonth.count]).toEqual([250, 1]);
    expect([a.thisYear.amount - b.thisYear.amount, a.thisYear.count - b.thisYear.count]).toEqual([250, 1]);
    expect(proLine(after) - proLine(before)).toBe(250);
    expect(monthRevenue(after) - monthRevenue(before)).toBe(250);
    for (const other of ['Basic Package', 'Ultimate Package']) {
      const line = (s: PaymentStatsResponse) => s.packageData.find((p) => p.name === other)?.revenue;
      expect(line(after)).toBe(line(before));
    }

    // The filtered views move by the same 250: the year's and the month's Pro line and month entry.
    const afterYear = await paymentStats(`?year=${now().getUTCFullYear()}`);
    const afterMonth = await paymentStats(`?year=${now().getUTCFullYear()}&month=${now().getUTCMonth()}`);
    expect(proLine(afterYear) - proLine(beforeYear)).toBe(250);
    expect(proLine(afterMonth) - proLine(beforeMonth)).toBe(250);
    expect(afterMonth.revenueData.map((r) => r.month)).toEqual([thisMonthLabel()]);
    expect(monthRevenue(afterMonth) - monthRevenue(beforeMonth)).toBe(250);
    expect(afterYear.revenueData.every((r) => r.year === now().getUTCFullYear())).toBe(true);
  });

  it('a submission moves pendingCount by 1 and its rejection moves it back, revenue untouched', async () => {
    const buyer = await newCustomer('stats-reject');
    const before = (await paymentStats()).paymentStats;
    const { paymentId } = await submit(buyer, 'ultimate');
    expect((await paymentStats()).paymentStats.total.pendingCount - before.total.pendingCount).toBe(1);
    await decide(paymentId, 'reject');
    const after = (await paymentStats()).paymentStats;
    expect(after).toEqual(before);
  });

  it('answers the spec shape with labels oldest first and the spec default colour available', async () => {
    const stats = await paymentStats('?year=all&month=all');
    const labels = stats.revenueData.map(
      (r) => `${r.year}-${String(MONTHS.indexOf(r.month.slice(0, 3)) + 1).padStart(2, '0')}`,
    );
    expect(labels).toEqual([...labels].sort());
    expect(stats.revenueData.every((r) => /^[A-Z][a-z]{2} \d{4}$/.test(r.month))).toBe(true);
    expect(stats.packageData.map((p) => p.name)).toEqual(['Basic Package', 'Pro Package', 'Ultimate Package']);
    expect(stats.packageData.every((p) => /^#[0-9a-f]{6}$/.test(p.color))).toBe(true);
  });
});

describe('subscription history', () => {
  let buyer: TestCustomer;
  let approvedId = '';
  let rejectedId = '';

  beforeAll(async () => {
    buyer = await newCustomer('history');
  });

  it('moves the summary of the month and the year on submission, approval and rejection, not on a search', async () => {
    const monthBefore = (await history(thisMonthQuery())).summary;
    const yearBefore = (await history()).summary;

    const pro = await submit(buyer, 'pro');
    const basic = await submit(buyer, 'basic');
    approvedId = pro.subscriptionId;
    rejectedId = basic.subscriptionId;
    expect(delta((await history(thisMonthQuery())).summary, monthBefore)).toEqual(
      subscriptionSummaryOf({ total: 2, proPackages: 1, basicPackages: 1, pending: 2 }),
    );

    await decide(pro.paymentId, 'approve');
    expect(delta((await history(thisMonthQuery())).summary, monthBefore)).toEqual(
      subscriptionSummaryOf({ total: 2, proPackages: 1, basicPackages: 1, pending: 1, active: 1 }),
    );

    await decide(basic.paymentId, 'reject');
    const month = await history(thisMonthQuery());
    expect(delta(month.summary, monthBefore)).toEqual(
      subscriptionSummaryOf({ total: 2, proPackages: 1, basicPackages: 1, active: 1 }),
    );
    expect(delta((await history()).summary, yearBefore)).toEqual(delta(month.summary, monthBefore));
    expect((await history({ ...thisMonthQuery(), search: 'zz-nothing-matches-zz' })).summary).toEqual(month.summary);
  });

  it('moves total, freeTrials and active on a free trial', async () => {
    const trialist = await newCustomer('history-trial');
    const before = (await history(thisMonthQuery())).summary;
    const res = await api('/api/payment/create-free-trial', { method: 'POST', token: trialist.token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(delta((await history(thisMonthQuery())).summary, before)).toEqual(
      subscriptionSummaryOf({ total: 1, freeTrials: 1, active: 1 }),
    );
    const found = await history({ search: trialist.email });
    expect(found.subscriptions.map((s) => [s.packageName, s.status, s.paymentMethod])).toEqual([
      ['Free Trial', 'active', 'free'],
    ]);
  });

  it('finds the subscriber by part of the e-mail, case-insensitively, with the owner and the status', async () => {
    const part = buyer.email.slice(buyer.email.indexOf('-') + 1, buyer.email.indexOf('@')).toUpperCase();
    const found = await history({ search: part });
    expect(found.subscriptions.map((s) => s._id).sort()).toEqual([approvedId, rejectedId].sort());
    const approved = found.subscriptions.find((s) => s._id === approvedId) as AdminSubscription;
    expect(approved).toMatchObject({
      packageName: 'Pro Package',
      status: 'active',
      paymentMethod: 'usdt',
      userId: { _id: buyer.userId, username: buyer.username, email: buyer.email },
    });
    expect(found.subscriptions.find((s) => s._id === rejectedId)?.status).toBe('rejected');
  });

  it('finds by status: the rejected row, never an empty page with a cursor', async () => {
    const rejected = await history({ search: 'Rejected', limit: '100' });
    expect(rejected.subscriptions.map((s) => s._id)).toContain(rejectedId);
    expect(
      rejected.subscriptions.every(
        (s) => s.status === 'rejected' || `${s.userId.username}${s.userId.email}`.toLowerCase().includes('rejected'),
      ),
    ).toBe(true);

    // Page by page with a one-row page: every page holds a row until the cursor ends.
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await history({ search: 'rejected', limit: '1', ...(cursor ? { cursor } : {}) });
      if (page.nextCursor !== null) expect(page.subscriptions).toHaveLength(1);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 50);
  });

  it('filters by month: this month lists the rows, another month of the year does not', async () => {
    const mine = (s: AdminSubscription) => s.userId._id === buyer.userId;
    const thisMonth = await history({ ...thisMonthQuery(), search: buyer.email });
    expect(thisMonth.subscriptions.filter(mine)).toHaveLength(2);
    const other = await history({
      year: String(now().getUTCFullYear()),
      month: String((now().getUTCMonth() + 1) % 12),
      search: buyer.email,
    });
    expect(other.subscriptions.filter(mine)).toHaveLength(0);
    const lastYear = await history({ year: String(now().getUTCFullYear() - 1), search: buyer.email });
    expect(lastYear.subscriptions).toHaveLength(0);
  });
});

describe('activation mails', () => {
  let job: JobHandler;

  beforeAll(async () => {
    job = await loadJobHandler('job-send-activation-emails');
  });

  const send = async () => {
    const res = await api('/api/payment/send-basic-package-notifications', { method: 'POST', token: await admin() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return sendActivationMailsResponseSchema.parse(res.body);
  };

  it('lists Basic subscriptions starting today, then mails each subscriber once while two clicks and the job race', async () => {
    const customers = await Promise.all([newCustomer('act-a'), newCustomer('act-b'), newCustomer('act-c')]);
    const rows = await Promise.all(customers.map(basicStartingToday));
    const listed = await activations();
    for (const row of rows) {
      expect(listed.find((s) => s._id === row._id)).toMatchObject({
        packageName: 'Basic Package',
        status: 'active',
        startDate: todayUtc(),
        notificationSent: false,
        userId: { _id: row.userId, email: row.email },
      });
    }
    const waiting = listed.length;

    const [first, second, scheduled] = await Promise.all([
      send(),
      send(),
      job(scheduledJobEvent('job-send-activation-emails', now())),
    ]);
    expect(first.sent + second.sent + Number(scheduled.mailed)).toBe(waiting);
    expect(scheduled.failed).toBe(0);
    for (const answer of [first, second]) {
      expect(answer.message).toBe(
        answer.sent === 0
          ? 'No activation emails to send'
          : `Activation emails sent to ${answer.sent} subscriber${answer.sent === 1 ? '' : 's'}`,
      );
    }

    for (const [i, customer] of customers.entries()) {
      const mails = await activationMails(customer);
      expect(mails, customer.email).toHaveLength(1);
      expect(mails[0]?.body.html).toContain(customer.username);
      const item = await db().send(
        new GetCommand({ TableName: table(), Key: subscriptionKey(customer.userId, rows[i]?._id ?? '') }),
      );
      expect(item.Item).toMatchObject({ notificationSent: true });
      expect(item.Item).not.toHaveProperty('GSI2PK');
    }
    expect(await activations()).toEqual([]);
    expect(await send()).toEqual({ message: 'No activation emails to send', sent: 0 });

    // One notifications.send entry per run that mailed, together naming every subscriber once.
    const audit = await activationMailRunsAudited();
    const ids = audit.flatMap((e) => (e.details as { subscriptionIds: string[] }).subscriptionIds);
    for (const row of rows) expect(ids.filter((id) => id === row._id)).toHaveLength(1);
    const entries = audit.filter((e) =>
      (e.details as { subscriptionIds: string[] }).subscriptionIds.some((id) => rows.some((r) => r._id === id)),
    );
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (const entry of entries) {
      expect(entry).toMatchObject({ target: { type: 'subscription', id: todayUtc() } });
      if (entry.actor === 'system') expect(entry).not.toHaveProperty('actorEmail');
      else expect(entry.actorEmail).toBe(stack().admin.email);
    }
  });
});

describe('CSV export', () => {
  it('downloads the filtered payments, users and subscription history as CSV with the rows of this buyer', async () => {
    const buyer = await newCustomer('export');
    const { paymentId, subscriptionId } = await submit(buyer, 'pro');
    const token = await admin();
    const csv = async (path: string) => {
      const res = await api(path, { token });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"/);
      return res.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter((line) => line !== '');
    };

    const payments = await csv(`/api/admin/export/payments?status=pending&search=${encodeURIComponent(buyer.email)}`);
    expect(payments[0]).toMatch(/^Date,Payment ID,Username,Email,Package,Amount/);
    expect(payments).toHaveLength(2);
    expect(payments[1]).toContain(paymentId);
    expect(payments[1]).toContain(`,${buyer.email},Pro Package,250,`);
    expect(
      await csv(`/api/admin/export/payments?status=completed&search=${encodeURIComponent(buyer.email)}`),
    ).toHaveLength(1);

    const users = await csv(`/api/admin/export/users?search=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(users).toHaveLength(2);
    expect(users[1]).toContain(`${buyer.userId},${buyer.username},${buyer.email},`);

    const subs = await csv(
      `/api/admin/export/subscriptions?year=${now().getUTCFullYear()}&search=${encodeURIComponent(buyer.email)}`,
    );
    expect(subs).toHaveLength(2);
    expect(subs[1]).toContain(subscriptionId);
    expect(subs[1]).toContain(',pending,USDT,');

    const withdrawals = await csv(
      `/api/admin/export/withdrawals?status=pending&search=${encodeURIComponent(buyer.email)}`,
    );
    expect(withdrawals[0]).toMatch(/^Request Date,Withdrawal ID/);
    expect(withdrawals).toHaveLength(1);

    const wrong = await api('/api/admin/export/payments?status=approved', { token });
    expect(wrong.status).toBe(400);
  });
});

describe('customers are refused', () => {
  it.each([
    ['GET', '/api/admin/payment-stats'],
    ['GET', '/api/payment/subscription-history'],
    ['GET', '/api/admin/activations'],
    ['POST', '/api/payment/send-basic-package-notifications'],
    ['GET', '/api/admin/export/payments'],
  ])('%s %s answers 403 to a customer and 401 to nobody', async (method, path) => {
    expect((await api(path, { method, token: await idTokenFor('user') })).status).toBe(403);
    expect((await api(path, { method })).status).toBe(401);
  });
});
