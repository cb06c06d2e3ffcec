import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, RATE_LIMITS, type RouteId } from '@goldbot/shared';
import {
  activeWalletItem,
  catalogItem,
  givenItems,
  referralMarkerItem,
  SAMPLE_CODE_OWNER,
  SAMPLE_ORDERS,
  sampleOrderItem,
  SAMPLE_COPY_TRADING_LINK,
  settingsItem,
} from '../helpers/customer-commerce-samples.js';
import { CALLERS, profileItemOf, callRoute } from '../helpers/lambda.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The eight customer commerce handlers in process, with DynamoDB and SES mocked: what each answers,
 * the per-user limit of referral checks, and the DynamoDB round trips each request costs, counted
 * over every call the request makes (the session guard's profile read and the limit counters
 * included). docs/performance.md states the same figures.
 */
const dynamo = useMockedDynamo();
const outbox = useAwsOutbox();
const USER = CALLERS.user;
const TXID = '9f3c1e7a2b4d6f80a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7';

function world(profile: Record<string, unknown> = {}, extra: Record<string, unknown>[] = []) {
  givenItems(dynamo, [
    { ...profileItemOf(USER), ...profile } as Record<string, unknown> & { PK: string; SK: string },
    catalogItem('basic', 60),
    catalogItem('pro', 250),
    catalogItem('ultimate', 1000),
    activeWalletItem(),
    referralMarkerItem(),
    sampleOrderItem('basic', String(USER.sub)),
    sampleOrderItem('pro', String(USER.sub)),
    settingsItem(),
    ...(extra as (Record<string, unknown> & { PK: string; SK: string })[]),
  ]);
}

beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(TransactWriteCommand).resolves({});
  world();
});

const call = (routeId: RouteId, body?: unknown) => callRoute({ routeId, claims: USER, body });
const roundTrips = () => dynamo.calls().length;

describe('answers', () => {
  it('package status and public settings', async () => {
    expect((await call('payment-package-status')).body).toEqual({
      success: true,
      hasActiveBasicPackage: false,
      isBasicPackageEnabled: true,
      isFreeTrialAvailable: true,
      copyTradingLink: null,
    });
    expect((await call('settings-public-subscription')).body).toEqual({
      success: true,
      settings: { basicPackageEnabled: true },
    });
  });

  it('wallet details: the active wallet, else 503', async () => {
    const ok = await call('payment-wallet-details');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toEqual({ walletAddress: activeWalletItem().address, network: 'TRC20' });
    dynamo.on(GetCommand, { Key: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' } }).resolves({});
    const none = await call('payment-wallet-details');
    expect(none.statusCode).toBe(503);
    expect(none.body).toEqual({ message: PAYMENT_MESSAGES.walletUnavailable, msg: PAYMENT_MESSAGES.walletUnavailable });
  });

  it('verify referral: 200 either way, 400 for a malformed code', async () => {
    expect((await call('payment-verify-referral', { referralCode: 'rick2026' })).body).toMatchObject({
      success: true,
      referralUser: { username: SAMPLE_CODE_OWNER.username },
    });
    const unknown = await call('payment-verify-referral', { referralCode: 'NOPE' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toMatchObject({ success: false, message: PAYMENT_MESSAGES.referralInvalid });
    expect((await call('payment-verify-referral', { referralCode: '' })).statusCode).toBe(400);
  });

  it('submit: 201 with the pending subscription and a mail, then 200 for the same double click', async () => {
    const created = await call('payment-submit-usdt', {
      orderId: SAMPLE_ORDERS.basic.orderId,
      packageName: 'Basic Package',
      txid: TXID,
      amount: SAMPLE_ORDERS.basic.amount,
      referralCode: SAMPLE_CODE_OWNER.code,
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Payment submitted successfully! Your Basic Package will be activated within 2 hours.',
      pendingSubscription: { packageName: 'Basic Package', status: 'pending' },
    });
    const sent = outbox.mails[0];
    expect(sent?.to).toEqual([USER.email]);
    expect(sent?.subject).toBe('GoldBot: payment received for your Basic Package');

    const pendingId = String((created.body.pendingSubscription as { _id: string })._id);
    world({}, writtenBySubmit());
    const again = await call('payment-submit-usdt', {
      orderId: SAMPLE_ORDERS.basic.orderId,
      packageName: 'Basic Package',
      txid: TXID.toUpperCase(),
      amount: SAMPLE_ORDERS.basic.amount,
      referralCode: SAMPLE_CODE_OWNER.code,
    });
    expect(again.statusCode).toBe(200);
    expect((again.body.pendingSubscription as { _id: string })._id).toBe(pendingId);
  });

  it('submit: the field errors, 409 and 503 of the rules', async () => {
    const pro = SAMPLE_ORDERS.pro;
    const short = await call('payment-submit-usdt', { ...pro, packageName: 'Pro Package', txid: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.body.errors).toEqual({ txid: PAYMENT_MESSAGES.txidTooShort });
    const badPackage = await call('payment-submit-usdt', { ...pro, packageName: 'Free Trial', txid: TXID, amount: 0 });
    expect(badPackage.body.errors).toEqual({ packageName: PAYMENT_MESSAGES.packageInvalid });
    const noOrder = await call('payment-submit-usdt', { packageName: 'Pro Package', txid: TXID, amount: 250.37 });
    expect(noOrder.body.errors).toEqual({ orderId: PAYMENT_MESSAGES.orderRequired });
    // The price alone is not the order's amount.
    const mismatch = await call('payment-submit-usdt', { ...pro, packageName: 'Pro Package', txid: TXID, amount: 250 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body.errors).toEqual({ amount: PAYMENT_MESSAGES.orderAmountMismatch });
    world({}, [{ PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false }]);
    const off = await call('payment-submit-usdt', { ...SAMPLE_ORDERS.basic, packageName: 'Basic Package', txid: TXID });
    expect(off.statusCode).toBe(409);
    expect(off.body.message).toBe(PAYMENT_MESSAGES.basicUnavailable);
  });

  it('free trial: 201, then the mail', async () => {
    const created = await call('payment-create-free-trial', {});
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Free trial activated! You now have 30 days of access.',
      subscription: { packageName: 'Free Trial', status: 'active', paymentMethod: 'free' },
    });
    expect(outbox.mails[0]?.subject).toBe('GoldBot: free trial activated');
    expect(outbox.mails[0]?.html).toContain(`href="${SAMPLE_COPY_TRADING_LINK}"`);
    world({ freeTrialStartedAt: '2026-01-01T00:00:00.000Z' });
    const again = await call('payment-create-free-trial', {});
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.freeTrialUsed);
  });

  it('free trial without a copy-trading link: 409 with the sentence, nothing written', async () => {
    givenItems(dynamo, [
      profileItemOf(USER) as Record<string, unknown> & { PK: string; SK: string },
      settingsItem(null),
    ]);
    const refused = await call('payment-create-free-trial', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe('The free trial is not available right now. Please try again later.');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect((await call('payment-package-status')).body).toMatchObject({ isFreeTrialAvailable: false });
  });

  it('active subscription and history', async () => {
    expect((await call('payment-active-subscription')).body).toEqual({ subscription: null });
    expect((await call('payment-subscriptions')).body).toEqual({ subscriptions: [] });
  });
});

/** The TXID marker and the pending subscription the last submit wrote, as the table now holds them. */
function writtenBySubmit(): (Record<string, unknown> & { PK: string; SK: string })[] {
  const items = dynamo.commandCalls(TransactWriteCommand).at(-1)?.args[0].input.TransactItems ?? [];
  const written = items
    .map((i) => i.Put?.Item)
    .filter((item) => item && (String(item.PK).startsWith('TXID#') || String(item.SK).startsWith('SUB#')));
  if (written.length !== 2) throw new Error('no submit was written');
  return written as (Record<string, unknown> & { PK: string; SK: string })[];
}

describe('referral checks are limited per signed-in user', () => {
  it('counts them under the caller’s id, whatever the address', async () => {
    await call('payment-verify-referral', { referralCode: 'NOPE' });
    const counter = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(counter?.Key?.PK).toBe(`RATE#verifyReferralPerUser#user:${USER.sub}`);
    expect(counter?.ExpressionAttributeValues).toMatchObject({ ':limit': RATE_LIMITS.verifyReferralPerUser.limit });
  });

  it('answers 429 once the hour is used up, without looking the code up', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    const refused = await call('payment-verify-referral', { referralCode: 'RICK2026' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(dynamo.commandCalls(GetCommand).filter((c) => c.args[0].input.Key?.SK === 'REFCODE')).toEqual([]);
  });
});

describe('DynamoDB round trips per request (budget 3, docs/decisions.md "Budgets")', () => {
  const submitPro = { ...SAMPLE_ORDERS.pro, packageName: 'Pro Package', txid: TXID, referralCode: null };
  it.each([
    ['payment-package-status', undefined, 2],
    ['settings-public-subscription', undefined, 2],
    ['payment-wallet-details', undefined, 2],
    ['payment-verify-referral', { referralCode: 'RICK2026' }, 3],
    ['payment-submit-usdt', submitPro, 3],
    ['payment-create-free-trial', {}, 3],
    ['payment-active-subscription', undefined, 2],
    ['payment-subscriptions', undefined, 2],
  ] as const)('%s costs %#', async (routeId, body, expected) => {
    const response = await call(routeId, body);
    expect(response.statusCode).toBeLessThan(300);
    expect(roundTrips()).toBe(expected);
    expect(roundTrips()).toBeLessThanOrEqual(3);
  });

  // The documented exception (docs/performance.md): the guard's profile, the order's context, the
  // price's 99 holds (the free amount whose hold ended longest ago goes out first), then the
  // transaction with the limit and the amount's hold.
  it('payment-order costs 4: it reads every hold of the price to hand out the amount used longest ago', async () => {
    const response = await call('payment-order', { packageName: 'Ultimate Package', referralCode: null });
    expect(response.statusCode).toBe(200);
    expect(roundTrips()).toBe(4);
  });

  // Refused or replayed, the submission writes nothing, so its per-user limit is counted on its own:
  // one request more (docs/performance.md). A new payment, the path that matters, costs 3.
  it('a submit refused by the rules costs 3, a double click 4', async () => {
    await call('payment-submit-usdt', { ...submitPro, amount: 1 });
    expect(roundTrips()).toBe(3);
    await call('payment-submit-usdt', submitPro);
    world({}, writtenBySubmit());
    dynamo.resetHistory();
    const replay = await call('payment-submit-usdt', submitPro);
    expect(replay.statusCode).toBe(200);
    expect(roundTrips()).toBe(4);
    expect(dynamo.commandCalls(TransactWriteCommand)).toEqual([]);
  });
});
