import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_NAMES, scheduledJobEvent, type JobId, type PackageSlug } from '@goldbot/shared';
import { subscriptionStatsKey } from '../../src/data/stats-entity.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { api, newCustomer, stack, type TestCustomer } from './http-client.js';
import { addDays, db, table, todayUtc } from './fixtures.js';
import { loadJobHandler, type JobHandler } from './job-handlers.js';
import { mailsTo } from './mailbox.js';

/**
 * The scheduled jobs against the real local stack: subscriptions are seeded straight into
 * DynamoDB Local with the entity's item builder, the job's handler runs in this process with the
 * stack's handler environment (as `npm run invoke` and the local scheduler run it), and the results
 * are read back from the table, the customer's routes and the SES emulator's inbox. Every job is
 * run twice and raced against itself: each row is done once, counters move exactly once, one mail.
 *
 * Each test seeds rows created in a month of its own (2019-xx), so the STATS#SUBSCRIPTIONS counters
 * it checks move only by its own rows, whatever else the table holds.
 */

const handlers: Partial<Record<JobId, JobHandler>> = {};

beforeAll(async () => {
  for (const id of ['job-expire-subscriptions', 'job-expiry-reminders'] as const)
    handlers[id] = await loadJobHandler(id);
});

const runJob = (id: JobId) => {
  const handler = handlers[id];
  if (!handler) throw new Error(`${id} not loaded`);
  return handler(scheduledJobEvent(id, new Date()));
};

/** An approved (active) subscription row of `customer`, created in `month` (yyyy-mm). */
async function seedSubscription(
  customer: TestCustomer,
  month: string,
  values: {
    packageSlug: PackageSlug;
    endDate: string | null;
    startDate?: string;
    status?: SubscriptionRecord['status'];
  },
): Promise<SubscriptionRecord> {
  const createdAt = `${month}-15T10:00:00.000Z`;
  const row: SubscriptionRecord = {
    _id: randomUUID(),
    userId: customer.userId,
    username: customer.username,
    email: customer.email,
    packageSlug: values.packageSlug,
    packageName: PACKAGE_NAMES[values.packageSlug],
    status: values.status ?? 'active',
    startDate: values.startDate ?? (values.endDate ? addDays(values.endDate, -27) : todayUtc()),
    endDate: values.endDate,
    paymentMethod: values.packageSlug === 'freeTrial' ? 'free' : 'usdt',
    paymentId: values.packageSlug === 'freeTrial' ? null : randomUUID(),
    isExtension: false,
    notificationSent: true,
    createdAt,
    updatedAt: createdAt,
  };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: toSubscriptionItem(row),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return row;
}

/** The counters of STATS#SUBSCRIPTIONS for one month, as approvals left them: `active` of the seeded rows. */
async function setMonthCounters(month: string, active: number) {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...subscriptionStatsKey(month), total: active, active, expired: 0, pending: 0, rejected: 0 },
    }),
  );
}

async function monthCounters(month: string) {
  const item = (
    await db().send(new GetCommand({ TableName: table(), Key: subscriptionStatsKey(month), ConsistentRead: true }))
  ).Item;
  return { active: Number(item?.active ?? 0), expired: Number(item?.expired ?? 0) };
}

async function stored(row: SubscriptionRecord) {
  return (
    await db().send(
      new GetCommand({
        TableName: table(),
        Key: { PK: `USER#${row.userId}`, SK: `SUB#${row._id}` },
        ConsistentRead: true,
      }),
    )
  ).Item;
}

async function setBasicPaidThrough(customer: TestCustomer, day: string) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `USER#${customer.userId}`, SK: 'PROFILE' },
      UpdateExpression: 'SET basicPaidThrough = :day',
      ExpressionAttributeValues: { ':day': day },
    }),
  );
}

const packageStatus = async (customer: TestCustomer) =>
  (await api<{ hasActiveBasicPackage: boolean }>('/api/payment/package-status', { token: customer.token })).body
    .hasActiveBasicPackage;

describe('job-expire-subscriptions', () => {
  it('expires every active row whose end date has passed, once, with the counters, and leaves the rest', async () => {
    const month = '2019-01';
    const ann = await newCustomer('expire-ann');
    const ben = await newCustomer('expire-ben');
    const yesterday = addDays(todayUtc(), -1);
    const dueBasic = await seedSubscription(ann, month, { packageSlug: 'basic', endDate: yesterday });
    const duePro = await seedSubscription(ben, month, { packageSlug: 'pro', endDate: addDays(todayUtc(), -40) });
    const dueTrial = await seedSubscription(ben, month, { packageSlug: 'freeTrial', endDate: addDays(todayUtc(), -2) });
    const endsToday = await seedSubscription(ann, month, { packageSlug: 'pro', endDate: todayUtc() });
    const lifetime = await seedSubscription(ben, month, { packageSlug: 'ultimate', endDate: null });
    await setBasicPaidThrough(ann, yesterday);
    await setMonthCounters(month, 5);
    expect(await packageStatus(ann)).toBe(false);

    const first = await runJob('job-expire-subscriptions');
    expect(first).toMatchObject({ failed: 0, complete: true });
    expect(first.expired).toBeGreaterThanOrEqual(3);

    for (const row of [dueBasic, duePro, dueTrial]) {
      const item = await stored(row);
      expect(item, row.packageSlug).toMatchObject({ status: 'expired' });
      expect(item?.GSI3PK, 'left the expiry index').toBeUndefined();
      expect(item?.GSI3SK).toBeUndefined();
      expect(String(item?.searchText)).toMatch(/\nexpired$/);
    }
    expect(await stored(endsToday)).toMatchObject({ status: 'active', GSI3PK: 'EXPIRES' });
    expect(await stored(lifetime)).toMatchObject({ status: 'active' });
    expect(await monthCounters(month)).toEqual({ active: 2, expired: 3 });

    // The customer sees it, and the Basic flag (from basicPaidThrough) stays false.
    const mine = await api<{ subscriptions: Array<{ _id: string; status: string }> }>('/api/payment/subscriptions', {
      token: ann.token,
    });
    expect(mine.body.subscriptions.find((s) => s._id === dueBasic._id)?.status).toBe('expired');
    expect(await packageStatus(ann)).toBe(false);

    const second = await runJob('job-expire-subscriptions');
    expect(second).toMatchObject({ expired: 0, failed: 0, complete: true });
    expect(await monthCounters(month)).toEqual({ active: 2, expired: 3 });
  });

  it('expires each row once when two runs race, and keeps a Basic that an extension carries on', async () => {
    const month = '2019-02';
    const cara = await newCustomer('expire-race');
    const rows = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        seedSubscription(cara, month, { packageSlug: 'pro', endDate: addDays(todayUtc(), -(i + 1)) }),
      ),
    );
    const lapsedBasic = await seedSubscription(cara, month, { packageSlug: 'basic', endDate: addDays(todayUtc(), -1) });
    const extension = await seedSubscription(cara, month, {
      packageSlug: 'basic',
      startDate: todayUtc(),
      endDate: addDays(todayUtc(), 27),
    });
    await setBasicPaidThrough(cara, extension.endDate ?? todayUtc());
    await setMonthCounters(month, 8);

    const [a, b] = await Promise.all([runJob('job-expire-subscriptions'), runJob('job-expire-subscriptions')]);
    expect(a).toMatchObject({ failed: 0 });
    expect(b).toMatchObject({ failed: 0 });
    expect(Number(a.expired) + Number(b.expired)).toBeGreaterThanOrEqual(7);

    for (const row of [...rows, lapsedBasic]) expect(await stored(row)).toMatchObject({ status: 'expired' });
    expect(await stored(extension)).toMatchObject({ status: 'active' });
    expect(await monthCounters(month)).toEqual({ active: 1, expired: 7 });
    expect(await packageStatus(cara)).toBe(true);
  });
});

describe('job-expiry-reminders', () => {
  const reminders = async (customer: TestCustomer) =>
    (await mailsTo(customer.email)).filter((m) => /ends in \d+ days/.test(m.subject));

  it('mails a Basic and a Pro holder whose package ends in 3 days once, with the template filled in', async () => {
    const month = '2019-03';
    const in3 = addDays(todayUtc(), 3);
    const dora = await newCustomer('remind-basic');
    const eli = await newCustomer('remind-pro');
    const basic = await seedSubscription(dora, month, { packageSlug: 'basic', endDate: in3 });
    const pro = await seedSubscription(eli, month, { packageSlug: 'pro', endDate: in3 });

    const first = await runJob('job-expiry-reminders');
    expect(first).toMatchObject({ failed: 0, complete: true });
    expect(first.mailed).toBeGreaterThanOrEqual(2);

    const [doraMail] = await reminders(dora);
    expect(await reminders(dora)).toHaveLength(1);
    expect(doraMail?.subject).toBe('GoldBot: your Basic Package ends in 3 days');
    const [year, , dd] = in3.split('-');
    const monthName = new Date(`${in3}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    expect(doraMail?.body.text).toContain(`${monthName} ${Number(dd)}, ${year}`);
    expect(doraMail?.body.text).toContain(dora.username);
    expect(doraMail?.body.html).toContain(`href="${stack().handlerEnv.APP_URL}/dashboard"`);
    expect((await reminders(eli)).map((m) => m.subject)).toEqual(['GoldBot: your Pro Package ends in 3 days']);
    for (const row of [basic, pro]) expect((await stored(row))?.expiryReminderSentAt).toEqual(expect.any(String));

    const second = await runJob('job-expiry-reminders');
    expect(second).toMatchObject({ mailed: 0, failed: 0 });
    expect(await reminders(dora)).toHaveLength(1);
    expect(await reminders(eli)).toHaveLength(1);
  });

  it('sends one mail per subscription when two runs race', async () => {
    const month = '2019-04';
    const customers = await Promise.all([newCustomer('remind-race-a'), newCustomer('remind-race-b')]);
    for (const customer of customers) {
      await seedSubscription(customer, month, { packageSlug: 'pro', endDate: addDays(todayUtc(), 3) });
    }
    const [a, b] = await Promise.all([runJob('job-expiry-reminders'), runJob('job-expiry-reminders')]);
    expect(Number(a.mailed) + Number(b.mailed)).toBeGreaterThanOrEqual(2);
    expect([a.failed, b.failed]).toEqual([0, 0]);
    for (const customer of customers) expect(await reminders(customer)).toHaveLength(1);
  });

  it('does not remind a free trial, a Basic an extension carries on, or a package ending later', async () => {
    const month = '2019-05';
    const in3 = addDays(todayUtc(), 3);
    const fay = await newCustomer('remind-none');
    const trial = await seedSubscription(fay, month, { packageSlug: 'freeTrial', endDate: in3 });
    const extended = await seedSubscription(fay, month, { packageSlug: 'basic', endDate: in3 });
    await seedSubscription(fay, month, {
      packageSlug: 'basic',
      startDate: addDays(in3, 1),
      endDate: addDays(in3, 30),
    });
    await seedSubscription(fay, month, { packageSlug: 'pro', endDate: addDays(todayUtc(), 5) });

    const summary = await runJob('job-expiry-reminders');
    expect(summary).toMatchObject({ failed: 0 });
    expect(await reminders(fay)).toEqual([]);
    for (const row of [trial, extended]) expect((await stored(row))?.expiryReminderSentAt).toBeUndefined();
  });
});
