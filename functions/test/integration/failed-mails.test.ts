import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAILED_MAIL_MESSAGES,
  failedMailsResponseSchema,
  scheduledJobEvent,
  type FailedMailsResponse,
  type Withdrawal,
} from '@goldbot/shared';
import { createFaultInjector, installFaults, parseFaults, type FaultInjector } from '../../../scripts/local/faults.js';
import { dueKeys, outboxMailId, outboxMailKey } from '../../src/data/outbox-mail-entity.js';
import { MAIL_RETRY } from '../../src/domain/email/mail-outbox.js';
import { admin, auditEntriesFor, balancesOf, buy, db, decidePayment, getItem, table } from './fixtures.js';
import { newCustomer, ownGateway, type TestCustomer } from './http-client.js';
import { loadJobHandler, type JobHandler } from './job-handlers.js';
import { mailsTo } from './mailbox.js';

/**
 * Mails promised after the money moved, while SES refuses them. The admin's decisions go through a
 * gateway in this process, whose SES client carries the local fault middleware (scripts/local/faults.ts)
 * switched on and off by the test: refused sends are kept in the outbox (MAILOUT# items), the retry
 * job runs in this process too, and what reached the SES emulator's inbox is read back. The clock
 * of the back-off is moved by making a kept mail due now in the table.
 */
let gateway: { baseUrl: string; close: () => Promise<void> };
let faults: FaultInjector;
let referrer: TestCustomer;
let retryJob: JobHandler;

/** SES refuses every send (throttling, after the client's own retries) while `on`. */
const sesRefuses = (on: boolean) => {
  faults.enabled = on;
};

async function call<T = Record<string, unknown>>(path: string, options: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${gateway.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await admin()}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
}

const runRetryJob = () => retryJob(scheduledJobEvent('job-retry-mails', new Date()));

/** The kept mail of an effect, read from the table. */
const outboxItem = (type: string, entityId: string) =>
  getItem(outboxMailKey(outboxMailId({ type: type as never, entityId })).PK, 'MAILOUT');

/**
 * The shared test stack runs its own scheduler, so its job-retry-mails (SES working there) fires at
 * minutes 4, 9 ... 59. A step that makes a mail due and runs the job here keeps clear of those
 * instants, so the mail is tried by this file's job, under this file's faults.
 */
async function clearOfTheStackScheduler() {
  const cycle = 5 * 60_000;
  const phase = (((Date.now() - 4 * 60_000) % cycle) + cycle) % cycle;
  const margin = 5_000;
  if (phase < margin) await new Promise((done) => setTimeout(done, margin - phase));
  else if (phase > cycle - margin) await new Promise((done) => setTimeout(done, cycle - phase + margin));
}

/** The back-off's clock moved: the kept mail is due now. */
async function makeDue(type: string, entityId: string) {
  await clearOfTheStackScheduler();
  const id = outboxMailId({ type: type as never, entityId });
  const past = new Date(Date.now() - 1000).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: outboxMailKey(id),
      UpdateExpression: 'SET nextAttemptAt = :at, GSI1SK = :sk',
      ConditionExpression: '#status = :due',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': past, ':sk': dueKeys(id, past).GSI1SK, ':due': 'due' },
    }),
  );
}

const decisionMails = async (subject: RegExp) =>
  (await mailsTo(referrer.email)).filter((mail) => subject.test(mail.subject));

/** The $20 a withdrawal needs: $2 for each of ten Basic purchases with the referrer's code, each approved before the next. */
async function earnTwentyDollars(buyer: TestCustomer) {
  for (let i = 0; i < 10; i += 1) {
    const { payment } = await buy(buyer, 'basic', { referralCode: referrer.referralCode });
    const approved = await decidePayment('approve', payment._id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }
}

async function requestWithdrawal(): Promise<Withdrawal> {
  const response = await fetch(`${gateway.baseUrl}/api/withdrawal/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${referrer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', amount: 20 }),
  });
  const body = (await response.json()) as { withdrawal: Withdrawal };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.withdrawal;
}

beforeAll(async () => {
  gateway = await ownGateway({});
  // The in-process handlers share this SES client: the local fault middleware, every send refused while enabled.
  faults = { ...createFaultInjector(parseFaults('ses.SendEmail:1')), random: () => 0, enabled: false };
  // Imported after ownGateway set the handlers' environment: the client reads its configuration on load.
  const { sesClient } = await import('../../src/adapters/ses-mailer.js');
  installFaults(sesClient, 'ses', faults);
  retryJob = await loadJobHandler('job-retry-mails');
  referrer = await newCustomer('mailref');
  const buyer = await newCustomer('mailbuyer');
  await earnTwentyDollars(buyer);
}, 180_000);

afterAll(async () => {
  sesRefuses(false);
  await gateway.close();
});

describe('mail promised after the money moved, while SES refuses it', () => {
  it('a withdrawal decision mail lost after the money moved: kept, retried, delivered once', async () => {
    const withdrawal = await requestWithdrawal();
    sesRefuses(true);
    await clearOfTheStackScheduler();
    // The approval names the payout's transaction (the proof the customer is mailed).
    const payoutTxid = randomBytes(32).toString('hex');
    const approved = await call(`/api/withdrawal/approve/${withdrawal._id}`, { method: 'PUT', body: { payoutTxid } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // The money moved: the amount is paid out.
    expect((await balancesOf(referrer.userId)).paidOut).toBe(20);
    expect(await decisionMails(/is approved/)).toHaveLength(0);
    // The mail is kept, once, due about a minute later.
    const kept = await outboxItem('withdrawalApproved', withdrawal._id);
    expect(kept).toMatchObject({
      entity: 'OutboxMail',
      to: referrer.email,
      type: 'withdrawalApproved',
      entityId: withdrawal._id,
      status: 'due',
      attempts: 1,
      GSI1PK: 'MAILOUT#DUE',
    });
    expect(String(kept?.lastError)).toContain('ThrottlingException');
    expect(String(kept?.lastError)).not.toContain('@');
    // A double click: "already approved", and still one kept mail.
    const again = await call(`/api/withdrawal/approve/${withdrawal._id}`, { method: 'PUT', body: { payoutTxid } });
    expect(again.status).toBe(200);
    expect((await outboxItem('withdrawalApproved', withdrawal._id))?.attempts).toBe(1);

    // Not due yet: the job leaves it.
    await expect(runRetryJob()).resolves.toMatchObject({ sent: 0 });
    // Due, SES still refusing: attempt 2 fails and the next one is 2 minutes later.
    await makeDue('withdrawalApproved', withdrawal._id);
    await expect(runRetryJob()).resolves.toMatchObject({ retryLater: 1 });
    const second = await outboxItem('withdrawalApproved', withdrawal._id);
    expect(second).toMatchObject({ status: 'due', attempts: 2 });
    expect(Date.parse(String(second?.nextAttemptAt)) - Date.now()).toBeGreaterThan(MAIL_RETRY.baseDelayMs);

    // SES is back: the mail is delivered once, and the outbox remembers it was sent.
    sesRefuses(false);
    await makeDue('withdrawalApproved', withdrawal._id);
    const [a, b] = await Promise.all([runRetryJob(), runRetryJob()]);
    expect(Number(a.sent) + Number(b.sent)).toBe(1);
    expect(await decisionMails(/is approved/)).toHaveLength(1);
    const sent = await outboxItem('withdrawalApproved', withdrawal._id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent?.GSI1PK).toBeUndefined();
    expect(Number(sent?.expiresAt)).toBeGreaterThan(Date.now() / 1000);
    await runRetryJob();
    expect(await decisionMails(/is approved/)).toHaveLength(1);
  });

  it(
    'lists a mail whose retries all failed for the admins, who send it again once (audited)',
    { timeout: 180_000 },
    async () => {
      // The approved withdrawal was paid out; a new one can be requested once the amount is earned again.
      const buyer = await newCustomer('mailbuyer2');
      await earnTwentyDollars(buyer);
      const withdrawal = await requestWithdrawal();
      sesRefuses(true);
      const rejected = await call(`/api/withdrawal/reject/${withdrawal._id}`, {
        method: 'PUT',
        body: { adminNote: 'Wrong network' },
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      for (let attempt = 2; attempt <= MAIL_RETRY.maxAttempts; attempt += 1) {
        await makeDue('withdrawalRejected', withdrawal._id);
        await runRetryJob();
      }
      const failed = await outboxItem('withdrawalRejected', withdrawal._id);
      expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts, GSI2PK: 'MAILOUT#FAILED' });
      expect(failed?.GSI1PK).toBeUndefined();

      const listed = await call<FailedMailsResponse>('/api/admin/failed-mails?limit=100');
      expect(listed.status).toBe(200);
      expect(failedMailsResponseSchema.safeParse(listed.body).success).toBe(true);
      const row = listed.body.mails.find((mail) => mail.entityId === withdrawal._id);
      expect(row).toMatchObject({ to: referrer.email, kind: 'withdrawalRejected', attempts: MAIL_RETRY.maxAttempts });
      expect(row?.lastError).toContain('ThrottlingException');
      expect(listed.body.total).toBeGreaterThanOrEqual(1);
      const id = String(row?._id);

      // Still refused: 503 with Retry-After and a sentence that says what to do; it stays listed.
      const refused = await call(`/api/admin/failed-mails/${id}/resend`, { method: 'POST' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body).toMatchObject({ message: FAILED_MAIL_MESSAGES.sendFailed });
      expect((await outboxItem('withdrawalRejected', withdrawal._id))?.status).toBe('failed');

      // SES is back; a double click sends it once and it leaves the list.
      sesRefuses(false);
      const clicks = await Promise.all([
        call(`/api/admin/failed-mails/${id}/resend`, { method: 'POST' }),
        call(`/api/admin/failed-mails/${id}/resend`, { method: 'POST' }),
      ]);
      expect(clicks.map((c) => c.status).sort()).toEqual(expect.arrayContaining([200]));
      for (const click of clicks) expect([200, 409]).toContain(click.status);
      expect(clicks.map((c) => c.body.message)).toContain(FAILED_MAIL_MESSAGES.resent);
      expect(await decisionMails(/was not approved/)).toHaveLength(1);
      const after = await call<FailedMailsResponse>('/api/admin/failed-mails?limit=100');
      expect(after.body.mails.some((mail) => mail._id === id)).toBe(false);
      expect(await auditEntriesFor(id)).toEqual([
        expect.objectContaining({ action: 'mail.resend', target: { type: 'mail', id } }),
      ]);
      // Later clicks send nothing more.
      const late = await call(`/api/admin/failed-mails/${id}/resend`, { method: 'POST' });
      expect(late).toMatchObject({ status: 200, body: { message: FAILED_MAIL_MESSAGES.alreadySent } });
      expect(await decisionMails(/was not approved/)).toHaveLength(1);
    },
  );

  it('answers 404 for a mail that is not listed, with a message that says to reload', async () => {
    const answer = await call('/api/admin/failed-mails/NoSuchMailAtAll00000/resend', { method: 'POST' });
    expect(answer).toMatchObject({ status: 404, body: { message: FAILED_MAIL_MESSAGES.notFound } });
  });
});
