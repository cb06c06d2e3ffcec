import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activationsResponseSchema, sendActivationMailsResponseSchema } from '@goldbot/shared';
import { dynamoActivationStore } from '../../src/data/activation-store.js';
import { SYSTEM_ACTOR } from '../../src/domain/records/audit-entry.js';
import { activationKeys, toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import {
  ACTIVATION_PAGE_SIZE,
  listActivations,
  sendActivationMails,
  type ActivationDeps,
} from '../../src/domain/commerce/activation-mails.js';
import { renderEmail } from '../../src/domain/email/render.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { CALLERS, givenProfilesOnly, lambdaContext, callRoute } from '../helpers/lambda.js';
import { inMemoryActivationStore, type InMemoryActivationStore } from '../helpers/in-memory-activation-store.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The day's activation mails (admin-activations, payment-send-basic-notifications,
 * job-send-activation-emails): claim first, then mail; a failed mail puts the claim back; racing
 * runs never mail anyone twice; one audit entry per run; the store's conditional updates; the
 * handlers and the job over mocked AWS clients.
 */
const TODAY = '2026-12-01';
const NOW = new Date(`${TODAY}T06:00:00.000Z`);
const ADMIN = { id: 'admin-sub', email: 'admin@example.com' };

function basic(n: number, overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  const id = `SUB${String(n).padStart(4, '0')}`;
  return {
    _id: id,
    userId: `user-${n}`,
    username: `buyer_${n}`,
    email: `buyer${n}@example.com`,
    packageSlug: 'basic',
    packageName: 'Basic Package',
    status: 'active',
    startDate: TODAY,
    endDate: '2026-12-31',
    paymentMethod: 'usdt',
    paymentId: `PAY${n}`,
    isExtension: false,
    notificationSent: false,
    createdAt: `2026-11-${String(10 + (n % 15)).padStart(2, '0')}T10:00:00.000Z`,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

interface SentMail {
  to: string;
  subject: string;
  html: string;
}

function deps(store: InMemoryActivationStore, options: { failFor?: Set<string>; remainingMs?: () => number } = {}) {
  const sent: SentMail[] = [];
  const failures: { id: string; stage: string }[] = [];
  let ids = 0;
  const value: ActivationDeps = {
    store,
    mailer: {
      async send(to, template, values) {
        await Promise.resolve();
        if (options.failFor?.has(to)) throw new Error('SES refused');
        const email = renderEmail(template, values);
        sent.push({ to, subject: email.subject, html: email.html });
      },
    },
    loadTemplate: async () => DEFAULT_EMAIL_TEMPLATES.subscriptionActivation,
    now: () => NOW,
    newId: () => `ID${(ids += 1)}`,
    dashboardLink: 'https://app.example.com/dashboard',
    onFailure: (sub, stage) => failures.push({ id: sub._id, stage }),
    onAuditFailure: () => failures.push({ id: 'audit', stage: 'audit' }),
    ...(options.remainingMs ? { remainingMs: options.remainingMs } : {}),
  };
  return { deps: value, sent, failures };
}

describe('listActivations', () => {
  it("lists today's Basic, active, unsent rows, every page, as admin rows", async () => {
    const rows = Array.from({ length: ACTIVATION_PAGE_SIZE + 5 }, (_, i) => basic(i));
    const store = inMemoryActivationStore([
      ...rows,
      basic(900, { startDate: '2026-12-02' }),
      basic(901, { notificationSent: true }),
    ]);
    store.stale.add('SUB0901'); // still in a lagging index: shown by nobody
    const listed = activationsResponseSchema.parse({ subscriptions: await listActivations(store, NOW) }).subscriptions;
    expect(listed).toHaveLength(ACTIVATION_PAGE_SIZE + 5);
    expect(listed[0]).toMatchObject({
      packageName: 'Basic Package',
      status: 'active',
      startDate: TODAY,
      notificationSent: false,
      userId: { _id: 'user-0', username: 'buyer_0', email: 'buyer0@example.com' },
    });
  });
});

describe('sendActivationMails', () => {
  it('mails each subscriber the subscriptionActivation template once, to the live address, and audits the run', async () => {
    const store = inMemoryActivationStore([basic(1), basic(2)], {
      'user-1': { username: 'Jane', email: 'jane.new@example.com' },
    });
    const { deps: d, sent } = deps(store);
    const run = await sendActivationMails(d, ADMIN);
    expect(run).toMatchObject({ day: TODAY, processed: 2, sent: 2, failed: 0, skipped: 0, complete: true });
    expect(sent.map((m) => m.to).sort()).toEqual(['buyer2@example.com', 'jane.new@example.com']);
    const jane = sent.find((m) => m.to === 'jane.new@example.com');
    expect(jane?.html).toContain('Jane');
    expect(jane?.html).toContain('Basic Package');
    expect(jane?.html).toContain('Dec 1, 2026');
    expect([...store.rows.values()].every((r) => r.notificationSent && r.notifiedBy === ADMIN.id)).toBe(true);
    expect(store.audits).toEqual([
      {
        _id: expect.any(String),
        actor: ADMIN.id,
        actorEmail: ADMIN.email,
        action: 'notifications.send',
        target: { type: 'subscription', id: TODAY },
        details: expect.objectContaining({
          sent: 2,
          failed: 0,
          subscriptionIds: ['SUB0001', 'SUB0002'],
          from: false,
          to: true,
        }),
        at: NOW.toISOString(),
      },
    ]);
  });

  it('puts a failed mail back for the next run, counts it, and goes on with the rest', async () => {
    const store = inMemoryActivationStore([basic(1), basic(2), basic(3)]);
    const { deps: d, sent, failures } = deps(store, { failFor: new Set(['buyer2@example.com']) });
    const run = await sendActivationMails(d, ADMIN);
    expect(run).toMatchObject({ sent: 2, failed: 1, failedIds: ['SUB0002'] });
    expect(sent.map((m) => m.to)).toEqual(['buyer1@example.com', 'buyer3@example.com']);
    expect(store.rows.get('SUB0002')?.notificationSent).toBe(false);
    expect(failures).toEqual([{ id: 'SUB0002', stage: 'mail' }]);
    expect(store.audits[0]?.details).toMatchObject({ sent: 2, failed: 1, failedSubscriptionIds: ['SUB0002'] });

    // The next run retries only the row put back.
    const again = deps(store);
    expect(await sendActivationMails(again.deps, ADMIN)).toMatchObject({ sent: 1, failed: 0 });
    expect(again.sent.map((m) => m.to)).toEqual(['buyer2@example.com']);
  });

  it('reports a claim it could not put back', async () => {
    const store = inMemoryActivationStore([basic(1)]);
    store.release = async () => {
      throw new Error('throttled');
    };
    const { deps: d, failures } = deps(store, { failFor: new Set(['buyer1@example.com']) });
    expect(await sendActivationMails(d, ADMIN)).toMatchObject({ sent: 0, failed: 1 });
    expect(failures).toEqual([
      { id: 'SUB0001', stage: 'mail' },
      { id: 'SUB0001', stage: 'release' },
    ]);
  });

  it('skips rows another run claimed while the index still lists them', async () => {
    const store = inMemoryActivationStore([basic(1), basic(2)]);
    await store.claim(basic(1), { at: NOW.toISOString(), by: 'job', claimId: 'other' });
    store.stale.add('SUB0001');
    const { deps: d, sent } = deps(store);
    expect(await sendActivationMails(d, ADMIN)).toMatchObject({ processed: 2, sent: 1, skipped: 1 });
    expect(sent.map((m) => m.to)).toEqual(['buyer2@example.com']);
  });

  it('writes the audit entry: the admin when anything was attempted, the job only when it sent something', async () => {
    const empty = inMemoryActivationStore([]);
    await sendActivationMails(deps(empty).deps, ADMIN);
    expect(empty.audits).toEqual([]);

    const allFail = inMemoryActivationStore([basic(1)]);
    await sendActivationMails(deps(allFail, { failFor: new Set(['buyer1@example.com']) }).deps, { id: SYSTEM_ACTOR });
    expect(allFail.audits).toEqual([]);
    await sendActivationMails(deps(allFail, { failFor: new Set(['buyer1@example.com']) }).deps, ADMIN);
    expect(allFail.audits).toHaveLength(1);

    const job = inMemoryActivationStore([basic(1)]);
    await sendActivationMails(deps(job).deps, { id: SYSTEM_ACTOR });
    expect(job.audits[0]).toMatchObject({ actor: 'system', details: { sent: 1 } });
    expect(job.audits[0]).not.toHaveProperty('actorEmail');
  });

  it('answers what it did when the audit entry cannot be written', async () => {
    const store = inMemoryActivationStore([basic(1)]);
    store.appendAudit = async () => {
      throw new Error('throttled');
    };
    const { deps: d, failures } = deps(store);
    expect(await sendActivationMails(d, ADMIN)).toMatchObject({ sent: 1, audited: false });
    expect(failures).toEqual([{ id: 'audit', stage: 'audit' }]);
  });

  it('stops starting rows when the job is about to run out of time', async () => {
    const store = inMemoryActivationStore([basic(1), basic(2)]);
    const { deps: d, sent } = deps(store, { remainingMs: () => 1_000 });
    expect(await sendActivationMails(d, { id: SYSTEM_ACTOR })).toMatchObject({ processed: 0, complete: false });
    expect(sent).toEqual([]);
  });

  it("uses the click's own reserve: 3 s left stops the job (15 s reserve) but not a click (2.5 s)", async () => {
    const store = inMemoryActivationStore([basic(1), basic(2)]);
    const { deps: d, sent } = deps(store, { remainingMs: () => 3_000 });
    expect(await sendActivationMails(d, { id: SYSTEM_ACTOR })).toMatchObject({ processed: 0, complete: false });
    expect(sent).toEqual([]);
    expect(await sendActivationMails({ ...d, reserveMs: 2_500 }, ADMIN)).toMatchObject({ sent: 2, complete: true });
    // Under the click's reserve nothing is claimed: the rows stay listed for the next click.
    const late = inMemoryActivationStore([basic(3)]);
    const tooLate = deps(late, { remainingMs: () => 2_000 });
    expect(await sendActivationMails({ ...tooLate.deps, reserveMs: 2_500 }, ADMIN)).toMatchObject({
      processed: 0,
      complete: false,
    });
    expect(await sendActivationMails(deps(late).deps, ADMIN)).toMatchObject({ sent: 1 });
  });

  it('never mails anyone twice, whatever runs race and whichever mails fail (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.func(fc.boolean()),
        fc.boolean(),
        async (count, runs, failsFor, staleIndex) => {
          const subs = Array.from({ length: count }, (_, i) => basic(i));
          const store = inMemoryActivationStore(subs);
          if (staleIndex) subs.forEach((s) => store.stale.add(s._id));
          const failing = new Set(subs.filter((s) => failsFor(s._id)).map((s) => s.email));
          const mailed: string[] = [];
          const all = Array.from({ length: runs }, () => deps(store, { failFor: failing }));
          const results = await Promise.all(
            all.map(({ deps: d }, i) => sendActivationMails(d, i === 0 ? { id: SYSTEM_ACTOR } : ADMIN)),
          );
          all.forEach(({ sent }) => mailed.push(...sent.map((m) => m.to)));
          expect(new Set(mailed).size).toBe(mailed.length);
          expect(results.reduce((n, r) => n + r.sent, 0)).toBe(mailed.length);
          for (const sub of subs) {
            const row = store.rows.get(sub._id);
            // A row is marked sent exactly when its mail went out.
            expect(row?.notificationSent).toBe(mailed.includes(sub.email));
            if (!failing.has(sub.email)) expect(mailed).toContain(sub.email);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

const dynamo = useMockedDynamo();
const outbox = useAwsOutbox();
beforeEach(() => {
  givenProfilesOnly(dynamo);
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
});

describe('dynamoActivationStore', () => {
  it("reads one day's page of the sparse GSI2 partition", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [toSubscriptionItem(basic(1))] });
    const page = await dynamoActivationStore.activationPage(TODAY, { limit: 100 });
    expect(page.items.map((s) => s._id)).toEqual(['SUB0001']);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list',
      ExpressionAttributeValues: { ':list': `ACTIVATION#${TODAY}` },
      Limit: 100,
    });
  });

  it('claims with one conditional update that leaves the index, and says false when it lost', async () => {
    const sub = basic(1);
    expect(await dynamoActivationStore.claim(sub, { at: NOW.toISOString(), by: 'admin-sub', claimId: 'C1' })).toBe(
      true,
    );
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'USER#user-1', SK: 'SUB#SUB0001' },
      UpdateExpression: expect.stringMatching(/^SET notificationSent = :true, .*REMOVE GSI2PK, GSI2SK$/),
      ConditionExpression: 'notificationSent = :false AND #status = :active',
      ExpressionAttributeValues: expect.objectContaining({ ':by': 'admin-sub', ':claim': 'C1', ':active': 'active' }),
    });
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await dynamoActivationStore.claim(sub, { at: NOW.toISOString(), by: 'system', claimId: 'C2' })).toBe(false);
    dynamo.on(UpdateCommand).rejects(new Error('network'));
    await expect(dynamoActivationStore.claim(sub, { at: NOW.toISOString(), by: 'x', claimId: 'C3' })).rejects.toThrow(
      'network',
    );
  });

  it('puts a claim back with the index keys, only for the claim that holds the row', async () => {
    const sub = basic(1);
    expect(await dynamoActivationStore.release(sub, 'C1')).toBe(true);
    const keys = activationKeys(TODAY, sub.createdAt, sub._id);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      UpdateExpression: expect.stringContaining('SET notificationSent = :false, GSI2PK = :g2pk, GSI2SK = :g2sk'),
      ConditionExpression: 'notificationSent = :true AND notificationClaim = :claim',
      ExpressionAttributeValues: expect.objectContaining({
        ':g2pk': keys.GSI2PK,
        ':g2sk': keys.GSI2SK,
        ':claim': 'C1',
      }),
    });
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await dynamoActivationStore.release(sub, 'C1')).toBe(false);
  });

  it('appends the audit entry as a create-only Put in its month partition', async () => {
    await dynamoActivationStore.appendAudit({
      _id: 'A1',
      actor: 'system',
      action: 'notifications.send',
      target: { type: 'subscription', id: TODAY },
      details: { sent: 1 },
      at: NOW.toISOString(),
    });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      Item: { PK: 'AUDIT#2026-12', entity: 'AuditEntry', action: 'notifications.send' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });
});

describe('handlers and the job', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const listedToday = () => {
    const sub = basic(7, { startDate: today() });
    dynamo.on(QueryCommand, { IndexName: 'GSI2' }).resolves({ Items: [toSubscriptionItem(sub)] });
    return sub;
  };
  const call = (routeId: 'admin-activations' | 'payment-send-basic-notifications', claims = CALLERS.admin) =>
    callRoute({ routeId, claims });

  it('admin-activations lists today', async () => {
    listedToday();
    const res = await call('admin-activations');
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(activationsResponseSchema.parse(res.body).subscriptions.map((s) => s._id)).toEqual(['SUB0007']);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({
      ':list': `ACTIVATION#${today()}`,
    });
  });

  it('payment-send-basic-notifications mails, answers {message, sent} and audits with the admin', async () => {
    listedToday();
    const res = await call('payment-send-basic-notifications');
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(sendActivationMailsResponseSchema.parse(res.body)).toEqual({
      message: 'Activation emails sent to 1 subscriber',
      sent: 1,
    });
    expect(outbox.mails[0]?.to).toEqual(['buyer7@example.com']);
    const audit = dynamo.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'notifications.send',
        actor: CALLERS.admin.sub,
        actorEmail: 'admin@example.com',
      }),
    ]);
  });

  it('payment-send-basic-notifications with nothing to send says so; a customer is refused', async () => {
    const res = await call('payment-send-basic-notifications');
    expect(res.body).toEqual({ message: 'No activation emails to send', sent: 0 });
    expect(dynamo.commandCalls(PutCommand)).toEqual([]);
    expect((await call('payment-send-basic-notifications', CALLERS.user)).statusCode).toBe(403);
    expect((await call('admin-activations', CALLERS.user)).statusCode).toBe(403);
  });

  it('the job mails as the system, logs one summary line, and keeps a refused mail in the outbox', async () => {
    listedToday();
    const { handler } = await import('../../src/handlers/job-send-activation-emails.js');
    const summary = await handler(
      { jobId: 'job-send-activation-emails' },
      lambdaContext({ getRemainingTimeInMillis: () => 60_000 }),
    );
    expect(summary).toEqual({ processed: 1, mailed: 1, failed: 0, skipped: 0, complete: true });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ actor: 'system' });

    outbox.refuse();
    const updatesBefore = dynamo.commandCalls(UpdateCommand).length;
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      // The refused mail is no longer the run's to lose: it is kept for job-retry-mails, so the run succeeds.
      await expect(handler({}, lambdaContext({ getRemainingTimeInMillis: () => 60_000 }))).resolves.toMatchObject({
        failed: 0,
      });
    } finally {
      write.mockRestore();
    }
    // SES was asked for the second run's one mail and accepted none.
    expect([outbox.requests.length, outbox.mails.length]).toEqual([2, 1]);
    // The mail is kept in the outbox, due again, with what it takes to render it again.
    const kept = dynamo
      .commandCalls(PutCommand)
      .map((c) => c.args[0].input.Item)
      .find((item) => String(item?.PK).startsWith('MAILOUT#'));
    expect(kept).toMatchObject({
      type: 'subscriptionActivation',
      status: 'due',
      attempts: 1,
      GSI1PK: 'MAILOUT#DUE',
      values: expect.objectContaining({ packageName: expect.any(String) }),
    });
    // The claim was not put back (the outbox owns the mail now), so no second activation mail is sent.
    const updates = dynamo.commandCalls(UpdateCommand).slice(updatesBefore);
    expect(updates.map((c) => String(c.args[0].input.UpdateExpression)).join(' ')).not.toContain('GSI2PK = :g2pk');
  });
});
