import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_WORK_MESSAGES,
  scheduledJobEvent,
  setupChecklistResponseSchema,
  subscriptionSettingsSaveResponseSchema,
  testMailResponseSchema,
  workCountsResponseSchema,
  type WorkCounts,
} from '@goldbot/shared';
import { paymentKey, toPaymentItem } from '../../src/data/payment-entity.js';
import { contactMessageKey, toContactMessageItem } from '../../src/data/contact-message-entity.js';
import { newWorkNoticeKey } from '../../src/data/new-work-notice-entity.js';
import { refundKey, toRefundItem } from '../../src/data/refund-entity.js';
import { pendingPayment } from '../helpers/payment-samples.js';
import { completedPayment, pendingRefund } from '../helpers/refund-samples.js';
import { api, newCustomer, type TestCustomer } from './http-client.js';
import {
  admin,
  buy,
  db,
  decidePayment,
  decideWithdrawal,
  earnReferralCredits,
  getItem,
  requestWithdrawal,
  table,
} from './fixtures.js';
import { loadJobHandler, type JobResult } from './job-handlers.js';
import { mailsTo } from './mailbox.js';

/**
 * What waits for the administrators, over real HTTP against the local stack: the navigation's
 * counts move by exactly one with each submission, decision and withdrawal request, and equal the
 * pending lists; the new-work job (run in this process with the stack's handler environment, as
 * `npm run invoke` runs it, its clock set by hand) mails every administrator at most once per kind
 * every 15 minutes with what arrived since, and not a kind turned off in the settings; the
 * first-run checklist follows the real state and the test mail reaches the signed-in admin's inbox.
 */
const ADMIN_EMAIL = 'admin@example.com';
const MINUTE = 60_000;

const workCounts = async (): Promise<WorkCounts> => {
  const res = await api('/api/admin/work-counts', { token: await admin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return workCountsResponseSchema.parse(res.body).counts;
};

/** Every page of an admin list, counted. */
async function listed(path: string, field: 'pendingPayments' | 'withdrawals'): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const query: string = `${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api<Record<string, unknown>>(`${path}${query}`, { token: await admin() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    total += (res.body[field] as unknown[]).length;
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  return total;
}

const request = (customer: TestCustomer, amount: number) =>
  requestWithdrawal(customer, { amount, trc20Address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
// An approval names its payout's TXID (any 64 hex here: its on-chain check does not decide the approval).
const decide = async (decision: 'approve' | 'reject', id: string) => {
  const res = await decideWithdrawal(decision, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('the counts of waiting work', () => {
  it('move by exactly one with each submission, approval, rejection and withdrawal decision, and equal the lists', async () => {
    const buyer = await newCustomer('counts-buyer');
    const start = await workCounts();
    // Every kind is counted on this build (none reads null, "no count here").
    for (const count of Object.values(start)) expect(count).toEqual(expect.any(Number));

    const first = await buy(buyer, 'pro');
    expect((await workCounts()).pendingPayments).toBe((start.pendingPayments ?? 0) + 1);
    expect((await decidePayment('approve', first.payment._id)).status).toBe(200);
    expect((await workCounts()).pendingPayments).toBe(start.pendingPayments);
    // A second click on the same decision moves nothing.
    expect((await decidePayment('approve', first.payment._id)).status).toBe(200);
    expect((await workCounts()).pendingPayments).toBe(start.pendingPayments);

    const second = await buy(buyer, 'ultimate');
    expect((await workCounts()).pendingPayments).toBe((start.pendingPayments ?? 0) + 1);
    expect((await decidePayment('reject', second.payment._id)).status).toBe(200);
    expect((await workCounts()).pendingPayments).toBe(start.pendingPayments);

    // Ten friends buy Basic with the code: +10 pending, then each approval takes one off.
    const referrer = await newCustomer('counts-referrer');
    const friends = await Promise.all(Array.from({ length: 10 }, (_, i) => newCustomer(`counts-friend${i}`)));
    await earnReferralCredits(referrer, friends);
    expect((await workCounts()).pendingPayments).toBe(start.pendingPayments);

    const requested = await request(referrer, 20);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    expect((await workCounts()).pendingWithdrawals).toBe((start.pendingWithdrawals ?? 0) + 1);
    await decide('reject', requested.body.withdrawal._id);
    expect((await workCounts()).pendingWithdrawals).toBe(start.pendingWithdrawals);
    const again = await request(referrer, 20);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await workCounts()).pendingWithdrawals).toBe((start.pendingWithdrawals ?? 0) + 1);
    await decide('approve', again.body.withdrawal._id);
    expect((await workCounts()).pendingWithdrawals).toBe(start.pendingWithdrawals);

    // The counters are the lists' sizes: what every other suite left pending included.
    const counts = await workCounts();
    expect(counts.pendingPayments).toBe(await listed('/api/payment/pending-usdt-payments', 'pendingPayments'));
    expect(counts.pendingWithdrawals).toBe(await listed('/api/withdrawal/all?status=pending', 'withdrawals'));
  }, 120_000);

  it('count refund requests and unread messages with each request, decision, message and read', async () => {
    const buyer = await newCustomer('counts-refund');
    const start = await workCounts();

    const bought = await buy(buyer, 'pro');
    expect((await decidePayment('approve', bought.payment._id)).status).toBe(200);
    const asked = await api<{ refund: { _id: string } }>('/api/payment/refund-request', {
      method: 'POST',
      token: buyer.token,
      body: { paymentId: bought.payment._id, trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', reason: 'Not for me' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((await workCounts()).refundRequests).toBe((start.refundRequests ?? 0) + 1);
    const refused = await api(`/api/admin/refunds/${asked.body.refund._id}/refuse`, {
      method: 'POST',
      token: await admin(),
      body: { reason: 'The guarantee does not cover this.' },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect((await workCounts()).refundRequests).toBe(start.refundRequests);

    const sent = await api<{ data: { _id: string } }>('/api/contact/add', {
      method: 'POST',
      body: { name: 'Counts', email: 'counts@example.com', message: `Is the bot on MT5? ${randomUUID()}` },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await workCounts()).unreadMessages).toBe((start.unreadMessages ?? 0) + 1);
    const read = await api(`/api/contact/mark-read/${sent.body.data._id}`, { method: 'POST', token: await admin() });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect((await workCounts()).unreadMessages).toBe(start.unreadMessages);
    // The unread count is the contact screen's own.
    const contacts = await api<{ unreadCount: number }>('/api/contact/get?limit=1', { token: await admin() });
    expect((await workCounts()).unreadMessages).toBe(contacts.body.unreadCount);
  }, 120_000);

  it('are for administrators only', async () => {
    const customer = await newCustomer('counts-nosy');
    expect((await api('/api/admin/work-counts', { token: customer.token })).status).toBe(403);
    expect((await api('/api/admin/work-counts')).status).toBe(401);
  });
});

describe('the new-work mail', () => {
  let runJob: (at: number) => Promise<JobResult>;
  // A day ahead of the stack's own scheduler, which runs the same job on real time: its runs then
  // find this test's notices recent and leave them alone, and this test's runs take over its lease.
  const T0 = Date.now() + 24 * 60 * MINUTE;
  const seeded: { PK: string; SK: string }[] = [];
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    const handler = await loadJobHandler('job-new-work-mail');
    runJob = async (at: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at);
      try {
        return await handler(scheduledJobEvent('job-new-work-mail', new Date(at)));
      } finally {
        vi.useRealTimers();
      }
    };
    // No notice of an earlier run: each kind starts with the lookback.
    for (const kind of ['pendingPayments', 'pendingWithdrawals', 'refundRequests', 'unreadMessages'] as const) {
      await db().send(new DeleteCommand({ TableName: table(), Key: newWorkNoticeKey(kind) }));
    }
  });

  afterEach(() => vi.useRealTimers());

  afterAll(async () => {
    // The seeded arrivals are dated in the future: they would head the lists of later suites.
    for (const key of seeded) await db().send(new DeleteCommand({ TableName: table(), Key: key }));
    await setMailSwitches({ pendingPayments: true, unreadMessages: true });
  });

  /** A pending payment that arrived at `at`, put in the table as a submission writes it (the counters are not this test's). */
  async function seedPayment(at: number, name: string) {
    const id = randomUUID();
    const createdAt = new Date(at).toISOString();
    const record = pendingPayment({
      _id: id,
      userId: randomUUID(),
      username: `${name}-${tag}`,
      email: `${name}-${tag}@example.com`,
      transactionId: id.replace(/-/g, ''),
      orderAmount: 60.37,
      wallet: { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', network: 'TRC20', currency: 'USDT' },
      subscriptionId: randomUUID(),
      createdAt,
      updatedAt: createdAt,
    });
    await db().send(new PutCommand({ TableName: table(), Item: toPaymentItem(record) }));
    seeded.push(paymentKey(id));
  }

  async function seedMessage(at: number, name: string) {
    const id = randomUUID();
    const item = toContactMessageItem({
      _id: id,
      name: `${name}-${tag}`,
      email: `${name}-${tag}@example.com`,
      message: 'Is the bot trading today?',
      read: false,
      createdAt: new Date(at).toISOString(),
    });
    await db().send(new PutCommand({ TableName: table(), Item: item }));
    seeded.push(contactMessageKey(id));
  }

  /** A pending refund request made at `at`, put in the table as a request writes it (the counters are not this test's). */
  async function seedRefund(at: number, name: string) {
    const id = randomUUID();
    const createdAt = new Date(at).toISOString();
    const payment = completedPayment({
      _id: randomUUID(),
      userId: randomUUID(),
      username: `${name}-${tag}`,
      email: `${name}-${tag}@example.com`,
      orderAmount: 250.12,
      transactionId: randomBytes(32).toString('hex'),
      subscriptionId: randomUUID(),
      approvedAt: createdAt,
    });
    const item = toRefundItem(
      pendingRefund(payment, {
        _id: id,
        reason: 'Not for me',
        requestedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      }),
    );
    await db().send(new PutCommand({ TableName: table(), Item: item }));
    seeded.push(refundKey(id));
  }

  async function setMailSwitches(newWorkMail: Record<string, boolean>) {
    const res = await api('/api/settings/subscription-settings', {
      method: 'PUT',
      token: await admin(),
      body: { settings: { newWorkMail } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return subscriptionSettingsSaveResponseSchema.parse(res.body).settings.newWorkMail;
  }

  /** The new-work mails the admin received that name one of this test's arrivals, by kind. */
  const mails = async (subject: RegExp) =>
    (await mailsTo(ADMIN_EMAIL)).filter((m) => subject.test(m.subject) && (m.body.text ?? '').includes(`-${tag}`));
  const paymentMails = () => mails(/new payments? to review$/);
  const messageMails = () => mails(/new contact messages?$/);

  it('mails what arrived, then at most once every 15 minutes with what arrived since; nothing when nothing did', async () => {
    await seedPayment(T0 - 3 * MINUTE, 'first');
    await seedPayment(T0 - 2 * MINUTE, 'second');
    const run = await runJob(T0);
    // Only unmatched transfers have no new-work mail (the wallet watcher mails each one itself).
    expect(run).toMatchObject({ failed: 0, complete: true, unavailable: 1 });
    expect(run.mailed).toBeGreaterThanOrEqual(1);

    const [first] = await paymentMails();
    expect(first?.subject).toMatch(/^GoldBot admin: \d+ new payments to review$/);
    expect(first?.body.text).toContain(`first-${tag} <first-${tag}@example.com> · Basic Package, 60.37 USDT`);
    expect(first?.body.text).toContain(`second-${tag}`);
    expect(first?.body.text).toMatch(/\d+ payments? waits? for a decision in all\./);
    expect(first?.body.html).toContain('/admin/payments');
    expect(await getItem(newWorkNoticeKey('pendingPayments').PK, 'LASTMAIL')).toMatchObject({
      mailedAt: new Date(T0).toISOString(),
      coveredUntil: new Date(T0 - 30_000).toISOString(),
    });

    // New payments 5 and 10 minutes later: no mail inside the 15 minutes (a retry of the run included).
    await seedPayment(T0 + 4 * MINUTE, 'third');
    expect(await runJob(T0 + 5 * MINUTE)).toMatchObject({ mailed: 0, failed: 0 });
    await seedPayment(T0 + 9 * MINUTE, 'fourth');
    expect(await runJob(T0 + 10 * MINUTE)).toMatchObject({ mailed: 0 });
    expect(await runJob(T0 + 10 * MINUTE + 1000)).toMatchObject({ mailed: 0 });
    expect(await paymentMails()).toHaveLength(1);

    // 15 minutes after the first: one mail with exactly what arrived since.
    expect(await runJob(T0 + 15 * MINUTE)).toMatchObject({ mailed: 1 });
    const sent = await paymentMails();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe('GoldBot admin: 2 new payments to review');
    expect(sent[1]?.body.text).toContain(`third-${tag}`);
    expect(sent[1]?.body.text).toContain(`fourth-${tag}`);
    expect(sent[1]?.body.text).not.toContain(`first-${tag}`);

    // Nothing new: nothing mailed, however long it waits.
    expect(await runJob(T0 + 40 * MINUTE)).toMatchObject({ mailed: 0 });
    expect(await paymentMails()).toHaveLength(2);
  }, 60_000);

  it('mails no kind an administrator turned off, and that kind again once it is back on', async () => {
    expect(await setMailSwitches({ pendingPayments: false })).toMatchObject({
      pendingPayments: false,
      pendingWithdrawals: true,
      refundRequests: true,
      unreadMessages: true,
    });
    await seedPayment(T0 + 60 * MINUTE, 'fifth');
    await seedMessage(T0 + 61 * MINUTE, 'writer');
    const run = await runJob(T0 + 62 * MINUTE);
    expect(run).toMatchObject({ off: 1, failed: 0 });
    expect(await paymentMails()).toHaveLength(2);
    const [message] = await messageMails();
    expect(message?.subject).toMatch(/new contact messages?$/);
    expect(message?.body.text).toContain(`writer-${tag} <writer-${tag}@example.com> · Is the bot trading today?`);
    expect(message?.body.html).toContain('/admin/contact-detail');
    // And how many are unread in all, from the contact counter (the seeded message is not counted).
    expect(message?.body.text).toMatch(/\d+ messages? (is|are) unread in all\./);

    await setMailSwitches({ pendingPayments: true });
    expect(await runJob(T0 + 63 * MINUTE)).toMatchObject({ failed: 0 });
    const sent = await paymentMails();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.body.text).toContain(`fifth-${tag}`);
  }, 60_000);

  it('mails the refund requests that arrived, with the screen where they are decided', async () => {
    await seedRefund(T0 + 70 * MINUTE, 'refunder');
    expect(await runJob(T0 + 71 * MINUTE)).toMatchObject({ failed: 0 });
    const [refund] = await mails(/new refund requests?$/);
    expect(refund?.subject).toMatch(/^GoldBot admin: 1 new refund request$/);
    expect(refund?.body.text).toContain(`refunder-${tag} <refunder-${tag}@example.com> · Pro Package, 250.12 USDT`);
    expect(refund?.body.text).toMatch(/\d+ refund requests? waits? for a decision in all\./);
    expect(refund?.body.html).toContain('/admin/refunds');
  }, 60_000);
});

describe('the first-run checklist and the test mail', () => {
  it('follows the real state: the test mail reaches the signed-in admin and its step is done', async () => {
    const before = setupChecklistResponseSchema.parse(
      (await api('/api/admin/setup-checklist', { token: await admin() })).body,
    );
    // The local stack has no TOTP (ADMIN_MFA_REQUIRED=false) and seeds a TRC20 wallet.
    expect(before.steps.find((s) => s.id === 'totp')).toEqual({ id: 'totp', done: false, available: false });
    expect(before.steps.find((s) => s.id === 'trc20Wallet')?.done).toBe(true);

    const inbox = (await mailsTo(ADMIN_EMAIL)).filter((m) => m.subject === 'GoldBot admin: test mail').length;
    const res = await api('/api/admin/test-mail', { method: 'POST', token: await admin(), body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = testMailResponseSchema.parse(res.body);
    expect(sent).toMatchObject({ sentTo: ADMIN_EMAIL, message: ADMIN_WORK_MESSAGES.testMailSent(ADMIN_EMAIL) });
    const mails = (await mailsTo(ADMIN_EMAIL)).filter((m) => m.subject === 'GoldBot admin: test mail');
    expect(mails).toHaveLength(inbox + 1);

    const after = setupChecklistResponseSchema.parse(
      (await api('/api/admin/setup-checklist', { token: await admin() })).body,
    );
    expect(after.steps.find((s) => s.id === 'testMail')?.done).toBe(true);

    // The copy-trading link decides its step, both ways.
    const settings = await api<{ settings: { copyTradingLink: string | null } }>(
      '/api/settings/subscription-settings',
      { token: await admin() },
    );
    const link = settings.body.settings.copyTradingLink;
    const put = async (copyTradingLink: string | null) =>
      api('/api/settings/subscription-settings', {
        method: 'PUT',
        token: await admin(),
        body: { settings: { copyTradingLink } },
      });
    await put(null);
    const open = setupChecklistResponseSchema.parse(
      (await api('/api/admin/setup-checklist', { token: await admin() })).body,
    );
    expect(open.steps.find((s) => s.id === 'copyTradingLink')?.done).toBe(false);
    expect(open.complete).toBe(false);
    await put('https://broker.example/copy/goldbot');
    const done = setupChecklistResponseSchema.parse(
      (await api('/api/admin/setup-checklist', { token: await admin() })).body,
    );
    expect(done.steps.find((s) => s.id === 'copyTradingLink')?.done).toBe(true);
    expect(done.complete).toBe(true);
    await put(link);
  });

  it('refuses customers', async () => {
    const customer = await newCustomer('checklist-nosy');
    expect((await api('/api/admin/setup-checklist', { token: customer.token })).status).toBe(403);
    expect((await api('/api/admin/test-mail', { method: 'POST', token: customer.token, body: {} })).status).toBe(403);
  });
});
