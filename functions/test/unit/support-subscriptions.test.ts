import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import {
  SUPPORT_MESSAGES,
  adminSubscriptionSchema,
  supportSubscriptionInputSchema,
  type SupportSubscriptionInput,
} from '@goldbot/shared';
import { dynamoSupportStore, supportTransaction } from '../../src/data/support-subscription-store.js';
import {
  SUPPORT_ATTEMPTS,
  changeSubscriptionForSupport,
  planSupportAction,
  type SupportPlan,
  type SupportStore,
  type SupportTarget,
} from '../../src/domain/admin/support-subscriptions.js';
import { addDays, supportExtensionPeriod, supportGrantPeriod } from '../../src/domain/commerce/package-dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../../src/domain/errors.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { cancelled, transactItemsOf, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';
import { marchSubscription } from '../helpers/subscription-samples.js';

/**
 * Support's subscription controls: the package dates of a grant and an extension, every refusal with
 * its sentence, what an end closes, the transaction (profile locks, rows, counters, audit entry) and
 * the read-again loop when a racing change wins.
 */
const NOW = new Date('2026-03-15T10:00:00.000Z');
const TODAY = '2026-03-15';
const USER = '3b9f7c2e-6d1a-4e8b-9c5f-2a7d1e0b4c63';
const ACTOR = { userId: ADMIN, email: 'admin@example.com' };
let ids = 0;
const newId = () => `ID${String((ids += 1)).padStart(24, '0')}`;

const row = (overrides: Partial<SubscriptionRecord>): SubscriptionRecord =>
  marchSubscription(USER, `SUB${String((ids += 1)).padStart(23, '0')}`, overrides);
const target = (subscriptions: SubscriptionRecord[] = [], overrides: Partial<SupportTarget> = {}): SupportTarget => ({
  userId: USER,
  username: 'jane_doe',
  email: 'jane.doe@example.com',
  basicPaidThrough: null,
  supportVersion: 0,
  subscriptions,
  ...overrides,
});
const input = (value: unknown) => supportSubscriptionInputSchema.parse(value);
const plan = (t: SupportTarget, i: SupportSubscriptionInput) => planSupportAction(t, i, ACTOR, NOW, newId);

describe('the package dates of support', () => {
  it('a grant covers `days` calendar days from today, today included; Ultimate without days never ends', () => {
    expect(supportGrantPeriod(TODAY, 30)).toEqual({ startDate: TODAY, endDate: '2026-04-13' });
    expect(supportGrantPeriod('2026-12-31', 2)).toEqual({ startDate: '2026-12-31', endDate: '2027-01-01' });
    expect(supportGrantPeriod(TODAY, 1)).toEqual({ startDate: TODAY, endDate: TODAY });
    expect(supportGrantPeriod(TODAY, null)).toEqual({ startDate: TODAY, endDate: null });
  });

  it('an extension chains after the last day, `days` long', () => {
    expect(supportExtensionPeriod('2026-03-31', 10)).toEqual({ startDate: '2026-04-01', endDate: '2026-04-10' });
    expect(supportExtensionPeriod('2028-02-28', 1)).toEqual({ startDate: '2028-02-29', endDate: '2028-02-29' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('grant', () => {
  it('adds an active row given by support: no payment, no amount, today for `days`, audited with the reason', () => {
    const { plan: p, message } = plan(
      target(),
      input({ action: 'grant', packageName: 'Pro Package', days: 30, reason: ' Lost TXID ' }),
    );
    expect(p.created).toMatchObject({
      packageSlug: 'pro',
      packageName: 'Pro Package',
      status: 'active',
      startDate: TODAY,
      endDate: '2026-04-13',
      paymentMethod: 'support',
      paymentId: null,
      isExtension: false,
      createdAt: NOW.toISOString(),
    });
    expect(p.created).not.toHaveProperty('amount');
    expect(p.paidThrough).toBeNull();
    expect(p.version).toEqual({ read: 0, next: 1 });
    expect(p.audit).toMatchObject({
      actor: ADMIN,
      actorEmail: 'admin@example.com',
      action: 'subscription.grant',
      target: { type: 'user', id: USER },
      details: {
        packageName: 'Pro Package',
        reason: 'Lost TXID',
        days: 30,
        startDate: TODAY,
        endDate: '2026-04-13',
        subscriptionId: p.created?._id,
      },
    });
    expect(message).toBe('Granted the Pro Package to jane_doe until Apr 13, 2026.');
  });

  it('a Basic moves the paid-through day on the value read; an Ultimate without days is for life', () => {
    const basic = plan(
      target([], { basicPaidThrough: '2026-01-31', supportVersion: 4 }),
      input({ action: 'grant', packageName: 'Basic Package', days: 10, reason: 'Goodwill' }),
    ).plan;
    expect(basic.paidThrough).toEqual({ read: '2026-01-31', next: '2026-03-24' });
    expect(basic.version).toEqual({ read: 4, next: 5 });
    const ultimate = plan(target(), input({ action: 'grant', packageName: 'Ultimate Package', reason: 'Partner' }));
    expect(ultimate.plan.created).toMatchObject({ startDate: TODAY, endDate: null });
    expect(ultimate.message).toBe('Granted the Ultimate Package to jane_doe for life.');
  });

  it('refuses a package the user already has (extend it instead); another package may be granted', () => {
    const basic = row({});
    expect(() =>
      plan(target([basic]), input({ action: 'grant', packageName: 'Basic Package', days: 5, reason: 'x' })),
    ).toThrow(new ConflictError(SUPPORT_MESSAGES.alreadyCurrent('Basic Package', 'until Mar 31, 2026')));
    const life = row({ packageSlug: 'ultimate', packageName: 'Ultimate Package', endDate: null });
    expect(() =>
      plan(target([life]), input({ action: 'grant', packageName: 'Ultimate Package', reason: 'x' })),
    ).toThrow(SUPPORT_MESSAGES.alreadyCurrent('Ultimate Package', 'for life'));
    // Expired, pending, rejected rows and the free trial are no current paid package.
    const past = [
      row({ endDate: '2026-02-28', startDate: '2026-02-01' }),
      row({ status: 'pending', startDate: null, endDate: null }),
      row({ status: 'rejected', startDate: null, endDate: null }),
      row({ packageSlug: 'freeTrial', packageName: 'Free Trial', paymentMethod: 'free', endDate: '2026-04-01' }),
    ];
    expect(
      plan(target(past), input({ action: 'grant', packageName: 'Basic Package', days: 5, reason: 'x' })).plan.created,
    ).toBeTruthy();
    expect(
      plan(target([basic]), input({ action: 'grant', packageName: 'Pro Package', days: 5, reason: 'x' })).plan.created,
    ).toMatchObject({
      packageSlug: 'pro',
    });
  });
});

describe('extend', () => {
  it('chains a new support row after the package’s last day, and moves Basic’s paid-through day', () => {
    const march = row({});
    const april = row({
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      isExtension: true,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    const { plan: p, message } = plan(
      target([april, march], { basicPaidThrough: '2026-04-30', supportVersion: 1 }),
      input({ action: 'extend', days: 10, reason: 'Outage on our side' }),
    );
    expect(p.created).toMatchObject({
      packageSlug: 'basic',
      startDate: '2026-05-01',
      endDate: '2026-05-10',
      isExtension: true,
      paymentMethod: 'support',
    });
    expect(p.chainedAfter?._id).toBe(april._id);
    expect(p.paidThrough).toEqual({ read: '2026-04-30', next: '2026-05-10' });
    expect(p.audit).toMatchObject({
      action: 'subscription.extend',
      details: { from: '2026-04-30', to: '2026-05-10', days: 10 },
    });
    expect(message).toBe("Extended jane_doe's Basic Package until May 10, 2026.");
  });

  it('refuses: nothing current (409), a lifetime package (409), several without a name (400 on packageName), a name not current (409)', () => {
    const extend = (subs: SubscriptionRecord[], packageName?: string) =>
      plan(target(subs), input({ action: 'extend', days: 5, reason: 'x', ...(packageName ? { packageName } : {}) }));
    expect(() => extend([])).toThrow(new ConflictError(SUPPORT_MESSAGES.noCurrent));
    const life = row({ packageSlug: 'ultimate', packageName: 'Ultimate Package', endDate: null });
    expect(() => extend([life])).toThrow(new ConflictError(SUPPORT_MESSAGES.lifetime));
    const pro = row({ packageSlug: 'pro', packageName: 'Pro Package', endDate: '2026-08-31' });
    try {
      extend([row({}), pro]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fieldErrors).toEqual({
        packageName: SUPPORT_MESSAGES.severalCurrent(['Basic Package', 'Pro Package']),
      });
    }
    expect(extend([row({}), pro], 'Pro Package').plan.created).toMatchObject({
      startDate: '2026-09-01',
      endDate: '2026-09-05',
    });
    expect(() => extend([pro], 'Basic Package')).toThrow(
      new ConflictError(SUPPORT_MESSAGES.noCurrentOf('Basic Package')),
    );
  });
});

describe('end', () => {
  it('closes every current row of the package: a running one today, an upcoming one as it was; Basic is paid through yesterday', () => {
    const march = row({});
    const april = row({ startDate: '2026-04-01', endDate: '2026-04-30', createdAt: '2026-03-02T09:00:00.000Z' });
    const old = row({ startDate: '2026-02-01', endDate: '2026-02-28', status: 'expired' });
    const { plan: p, message } = plan(
      target([april, march, old], { basicPaidThrough: '2026-04-30' }),
      input({ action: 'end', reason: 'Chargeback' }),
    );
    expect(p.ended.map((e) => [e.subscription._id, e.endDate])).toEqual([
      [april._id, '2026-04-30'],
      [march._id, TODAY],
    ]);
    expect(p.paidThrough).toEqual({ read: '2026-04-30', next: '2026-03-14' });
    expect(p.created).toBeNull();
    expect(p.audit).toMatchObject({
      action: 'subscription.end',
      details: { subscriptionIds: [april._id, march._id], from: 'active', to: 'expired', reason: 'Chargeback' },
    });
    expect(message).toBe("Ended jane_doe's Basic Package today.");
  });

  it('ends a lifetime Ultimate too, and leaves the Basic lock alone for another package', () => {
    const life = row({
      packageSlug: 'ultimate',
      packageName: 'Ultimate Package',
      endDate: null,
      startDate: '2026-01-05',
    });
    const { plan: p } = plan(
      target([life], { basicPaidThrough: '2026-01-31' }),
      input({ action: 'end', reason: 'Fraud' }),
    );
    expect(p.ended).toEqual([{ subscription: life, endDate: TODAY }]);
    expect(p.paidThrough).toBeNull();
  });
});

describe('the transaction', () => {
  it('grant of a Basic: the profile on its version and paid-through day, the row (activation list, expiry), the counters, the audit entry', () => {
    const { plan: p } = plan(
      target([], { basicPaidThrough: '2026-01-31' }),
      input({ action: 'grant', packageName: 'Basic Package', days: 10, reason: 'x' }),
    );
    const items = supportTransaction(p);
    expect(items).toHaveLength(4);
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: `USER#${USER}`, SK: 'PROFILE' },
      UpdateExpression: 'SET supportVersion = :versionNext, updatedAt = :at, basicPaidThrough = :paidNext',
      ConditionExpression:
        'attribute_exists(emailVerifiedAt) AND attribute_not_exists(supportVersion) AND basicPaidThrough = :paidRead',
      ExpressionAttributeValues: { ':versionNext': 1, ':paidNext': '2026-03-24', ':paidRead': '2026-01-31' },
    });
    expect(items[1]?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: `USER#${USER}`,
        SK: `SUB#${p.created?._id}`,
        entity: 'Subscription',
        paymentMethod: 'support',
        grantedBy: ADMIN,
        GSI1PK: 'SUBS#2026',
        GSI2PK: `ACTIVATION#${TODAY}`,
        GSI3PK: 'EXPIRES',
        GSI3SK: `2026-03-24#${p.created?._id}`,
      },
    });
    expect(items[2]?.Update).toMatchObject({
      Key: { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-03' },
      ExpressionAttributeNames: { '#total': 'total', '#package': 'basicPackages', '#status': 'active' },
    });
    expect(items[3]?.Put?.Item).toMatchObject({
      PK: 'AUDIT#2026-03',
      entity: 'AuditEntry',
      action: 'subscription.grant',
    });
    // No payment and no payment counter: support counts in no revenue figure.
    expect(JSON.stringify(items)).not.toMatch(/PAYMENT|STATS#PAYMENTS/);
  });

  it('extend: the row it chains after must still be active; a later version is conditioned on its value', () => {
    const pro = row({ packageSlug: 'pro', packageName: 'Pro Package', endDate: '2026-08-31' });
    const { plan: p } = plan(target([pro], { supportVersion: 2 }), input({ action: 'extend', days: 5, reason: 'x' }));
    const items = supportTransaction(p);
    expect(items[0]?.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(emailVerifiedAt) AND supportVersion = :versionRead',
      ExpressionAttributeValues: { ':versionRead': 2, ':versionNext': 3 },
    });
    expect(items[1]?.Put?.Item).not.toHaveProperty('GSI2PK');
    expect(items[3]?.ConditionCheck).toMatchObject({
      Key: { PK: `USER#${USER}`, SK: `SUB#${pro._id}` },
      ConditionExpression: '#status = :active',
    });
  });

  it('end: each row expired on `#status = :active`, off the activation and expiry lists, counters per creation month', () => {
    const march = row({});
    const april = row({ startDate: '2026-04-01', endDate: '2026-04-30', createdAt: '2026-03-02T09:00:00.000Z' });
    const { plan: p } = plan(
      target([april, march], { basicPaidThrough: '2026-04-30' }),
      input({ action: 'end', reason: 'x' }),
    );
    const items = supportTransaction(p);
    expect(items[1]?.Update).toMatchObject({
      Key: { PK: `USER#${USER}`, SK: `SUB#${april._id}` },
      UpdateExpression:
        'SET #status = :expired, endDate = :end, endedAt = :at, endedBy = :admin, searchText = :search, updatedAt = :at REMOVE GSI2PK, GSI2SK, GSI3PK, GSI3SK',
      ConditionExpression: '#status = :active',
      ExpressionAttributeValues: {
        ':end': '2026-04-30',
        ':search': 'jane_doe\njane.doe@example.com\nbasic package\nexpired',
      },
    });
    expect(items[2]?.Update?.ExpressionAttributeValues).toMatchObject({ ':end': TODAY });
    const counters = items.filter((item) => item.Update?.Key?.PK === 'STATS#SUBSCRIPTIONS');
    expect(counters.map((item) => [item.Update?.Key?.SK, item.Update?.ExpressionAttributeValues])).toEqual([
      ['MONTH#2026-03', { ':c0': -1, ':c1': 1 }],
      ['MONTH#2026-02', { ':c0': -1, ':c1': 1 }],
    ]);
  });
});

describe('the store', () => {
  const dynamo = useMockedDynamo();

  it('reads the verified profile and the rows, newest first, consistently; nobody for an unverified one', async () => {
    dynamo.on(GetCommand).resolves({
      Item: {
        _id: USER,
        username: 'jane_doe',
        email: 'jane.doe@example.com',
        emailVerifiedAt: 'x',
        basicPaidThrough: '2026-03-31',
        supportVersion: 3,
      },
    });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    expect(await dynamoSupportStore.readTarget(USER)).toEqual(
      target([], { basicPaidThrough: '2026-03-31', supportVersion: 3 }),
    );
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      ConsistentRead: true,
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':prefix': 'SUB#' },
    });
    dynamo.on(GetCommand).resolves({ Item: { _id: USER, username: 'x', email: 'y' } });
    expect(await dynamoSupportStore.readTarget(USER)).toBeUndefined();
  });

  it('asks for the rows only once the profile has answered, so the version read covers every row read', async () => {
    const order: string[] = [];
    dynamo.on(GetCommand).callsFake(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('profile answered');
      return { Item: { _id: USER, username: 'jane_doe', email: 'jane.doe@example.com', emailVerifiedAt: 'x' } };
    });
    dynamo.on(QueryCommand).callsFake(async () => {
      order.push('rows asked');
      return { Items: [] };
    });
    await dynamoSupportStore.readTarget(USER);
    expect(order).toEqual(['profile answered', 'rows asked']);
  });

  it('commits, answers changed for a failed condition or a conflict, and throws anything else', async () => {
    const { plan: p } = plan(target(), input({ action: 'grant', packageName: 'Pro Package', days: 3, reason: 'x' }));
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await dynamoSupportStore.commit(p)).toBe('committed');
    expect(transactItemsOf(dynamo)).toHaveLength(4);
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    expect(await dynamoSupportStore.commit(p)).toBe('changed');
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None', 'None', 'None'));
    expect(await dynamoSupportStore.commit(p)).toBe('changed');
    dynamo.on(TransactWriteCommand).rejects(new Error('network'));
    await expect(dynamoSupportStore.commit(p)).rejects.toThrow('network');
  });
});

describe('changeSubscriptionForSupport', () => {
  const storeOf = (t: SupportTarget | undefined, outcomes: ('committed' | 'changed')[] = ['committed']) => {
    const commits: SupportPlan[] = [];
    const store: SupportStore = {
      readTarget: vi.fn(async () => t),
      commit: vi.fn(async (p: SupportPlan) => {
        commits.push(p);
        return outcomes.shift() ?? 'committed';
      }),
    };
    return { store, commits };
  };
  const deps = (store: SupportStore) => ({ store, now: () => NOW, newId });

  it('answers the sentence and the rows as they are now, newest first, in the admin view', async () => {
    const march = row({});
    const { store } = storeOf(target([march], { basicPaidThrough: '2026-03-31' }));
    const answer = await changeSubscriptionForSupport(
      deps(store),
      USER,
      input({ action: 'extend', days: 5, reason: 'x' }),
      ACTOR,
    );
    expect(answer.message).toBe("Extended jane_doe's Basic Package until Apr 5, 2026.");
    expect(answer.subscriptions.map((s) => [s.paymentMethod, s.startDate, s.endDate, s.status])).toEqual([
      ['support', '2026-04-01', '2026-04-05', 'active'],
      ['usdt', '2026-03-01', '2026-03-31', 'active'],
    ]);
    for (const s of answer.subscriptions) expect(adminSubscriptionSchema.parse(s)).toEqual(s);

    const ended = await changeSubscriptionForSupport(
      deps(storeOf(target([march])).store),
      USER,
      input({ action: 'end', reason: 'x' }),
      ACTOR,
    );
    expect(ended.subscriptions[0]).toMatchObject({ status: 'expired', endDate: TODAY, endedAt: NOW.toISOString() });
  });

  it('reads and plans again when a racing change won, then gives up with 409; an unknown user is 404', async () => {
    const again = storeOf(target(), ['changed', 'committed']);
    await changeSubscriptionForSupport(
      deps(again.store),
      USER,
      input({ action: 'grant', packageName: 'Pro Package', days: 3, reason: 'x' }),
      ACTOR,
    );
    expect(again.store.readTarget).toHaveBeenCalledTimes(2);
    const busy = storeOf(
      target(),
      Array.from({ length: SUPPORT_ATTEMPTS }, () => 'changed' as const),
    );
    await expect(
      changeSubscriptionForSupport(
        deps(busy.store),
        USER,
        input({ action: 'grant', packageName: 'Pro Package', days: 3, reason: 'x' }),
        ACTOR,
      ),
    ).rejects.toEqual(new ConflictError(SUPPORT_MESSAGES.changed));
    expect(busy.commits).toHaveLength(SUPPORT_ATTEMPTS);
    await expect(
      changeSubscriptionForSupport(deps(storeOf(undefined).store), USER, input({ action: 'end', reason: 'x' }), ACTOR),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('the input', () => {
  it('is a union on `action`, with a clear sentence per field', () => {
    const errors = (value: unknown) => {
      const parsed = supportSubscriptionInputSchema.safeParse(value);
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(errors({})).toEqual({ action: SUPPORT_MESSAGES.actionInvalid });
    expect(errors({ action: 'refund', reason: 'x' })).toEqual({ action: SUPPORT_MESSAGES.actionInvalid });
    // Days are asked for with the package's problem too (a blank reason stops the check there).
    expect(errors({ action: 'grant', reason: 'x' })).toEqual({
      packageName: SUPPORT_MESSAGES.packageRequired,
      days: SUPPORT_MESSAGES.daysRequired,
    });
    expect(errors({ action: 'grant', packageName: 'Ultimate Package', reason: 'x' })).toEqual({});
    expect(errors({ action: 'grant', packageName: 'Pro Package', reason: 'x' })).toEqual({
      days: SUPPORT_MESSAGES.daysRequired,
    });
    expect(errors({ action: 'grant', packageName: 'Free Trial', days: 3, reason: 'x' })).toEqual({
      packageName: SUPPORT_MESSAGES.packageInvalid,
    });
    expect(errors({ action: 'extend', days: 0, reason: '  ' })).toEqual({
      days: SUPPORT_MESSAGES.daysInvalid,
      reason: SUPPORT_MESSAGES.reasonRequired,
    });
    expect(errors({ action: 'extend', days: 367, reason: 'x'.repeat(501) })).toEqual({
      days: SUPPORT_MESSAGES.daysInvalid,
      reason: SUPPORT_MESSAGES.reasonTooLong,
    });
    expect(errors({ action: 'end', reason: 'x', packageName: 'Gold' })).toEqual({
      packageName: SUPPORT_MESSAGES.packageInvalid,
    });
    expect(supportSubscriptionInputSchema.parse({ action: 'end', reason: ' Fraud ' })).toEqual({
      action: 'end',
      reason: 'Fraud',
    });
  });
});
