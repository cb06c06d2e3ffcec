import { type AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoCustomerReadStore as reads } from '../../src/data/customer-read-store.js';
import { dynamoFreeTrialStore as freeTrials } from '../../src/data/free-trial-store.js';
import { dynamoPurchaseStore as purchases } from '../../src/data/purchase-store.js';
import { planFreeTrial, planPurchase, type PurchasePlan } from '../../src/domain/commerce/purchase.js';
import type { OrderRecord } from '../../src/domain/records/order-record.js';
import { allNewWorkMailOn } from '../../src/domain/records/settings-record.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { BUYER_PROFILE } from '../helpers/customer-commerce-samples.js';
import { cancelled, transactItemsOf, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The DynamoDB side of the customer routes against the mocked document client: one request per
 * call, the keys and conditions of the purchase and free-trial transactions, and how cancellations
 * are read.
 */
const dynamo = useMockedDynamo();

const TABLE = 'test-table';
const AT = new Date('2026-11-23T10:15:00.000Z');
const BUYER = BUYER_PROFILE;
const RICK = { code: 'RICK2026', userId: 'rick-1', username: 'ref_rick' };
const snapshot = {
  profile: BUYER,
  catalogPriceUsd: 60,
  catalogOnSale: true,
  basicPackageEnabled: true,
  wallet: { walletId: 'w1', address: 'TWallet', network: 'TRC20', currency: 'USDT' },
  referral: RICK,
  order: null,
  txidMarker: null,
  transfer: null,
  namedOrder: null,
  template: DEFAULT_EMAIL_TEMPLATES.basicPackagePaymentPending,
};
/** An open order of the buyer, as the payment window made it. */
const orderOf = (slug: 'basic' | 'pro', priceCents: number, referralCode: string | null = null): OrderRecord => ({
  orderId: 'ORD1',
  userId: BUYER._id,
  packageSlug: slug,
  packageName: slug === 'basic' ? 'Basic Package' : 'Pro Package',
  originalAmountCents: referralCode ? priceCents + 1000 : priceCents,
  priceCents,
  amountCents: priceCents + 37,
  referralCode,
  createdAt: AT.toISOString(),
  expiresAt: AT.getTime() / 1000 + 3600,
});
const basicPlan = (): PurchasePlan =>
  planPurchase(
    {
      orderId: 'ORD1',
      packageName: 'Basic Package',
      txid: 'ABCdef0123456789',
      amount: 50.37,
      referralCode: 'RICK2026',
    },
    { ...snapshot, order: orderOf('basic', 5000, 'RICK2026') },
    BUYER._id,
    AT,
    { paymentId: 'PAY1', subscriptionId: 'SUB1' },
  );
const proPlan = (): PurchasePlan =>
  planPurchase(
    { orderId: 'ORD1', packageName: 'Pro Package', txid: 'ABCdef0123456789', amount: 250.37, referralCode: null },
    { ...snapshot, catalogPriceUsd: null, referral: null, order: orderOf('pro', 25_000) },
    BUYER._id,
    AT,
    { paymentId: 'PAY1', subscriptionId: 'SUB1' },
  );

const transactItems = (call = 0) => transactItemsOf(dynamo, call);
/** What each BatchGetItem the store sent asked of the table, in order. */
const batchGets = () => dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]);
/** The buyer's profile item as the table holds it, with the fields a test reads. */
/** The marker an earlier payment left on the sample transaction id (as the store reads it back). */
const earlierTxidMarker = (isExtension: boolean) => ({
  txidNormalized: 'abcdef0123456789',
  paymentId: 'PAY0',
  subscriptionId: 'SUB0',
  userId: 'buyer-1',
  packageSlug: 'basic',
  packageName: 'Basic Package',
  isExtension,
  createdAt: '2026-11-23T10:00:00.000Z',
});
const buyerItem = (fields: Record<string, unknown>) => ({
  PK: 'USER#buyer-1',
  SK: 'PROFILE',
  _id: 'buyer-1',
  username: 'jane_doe',
  email: 'jane@example.com',
  ...fields,
});

describe('reads', () => {
  it('reads everything a purchase needs in one consistent BatchGetItem, and maps it', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [
          buyerItem({ isActive: true, referralCode: 'JANE2026', basicPaidThrough: '2026-11-30' }),
          { PK: 'CATALOG', SK: 'PACKAGE#basic', priceUsd: 60 },
          { PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false },
          {
            PK: 'ACTIVEWALLET#USDT',
            SK: 'ACTIVEWALLET',
            walletId: 'w1',
            address: 'TWallet',
            network: 'TRC20',
            currency: 'USDT',
          },
          { PK: 'REFCODE#RICK2026', SK: 'REFCODE', userId: 'rick-1', username: 'ref_rick' },
          {
            PK: 'USER#buyer-1',
            SK: 'ORDER#basic',
            entity: 'Order',
            ...orderOf('basic', 5000, 'RICK2026'),
          },
          { PK: 'TEMPLATES', SK: 'TEMPLATE#basicPackagePaymentPending', subject: 'Edited', html: '<p>edited</p>' },
          { PK: 'TXID#abcdef0123456789', SK: 'TXID', ...earlierTxidMarker(false) },
        ],
      },
    });
    const read = await purchases.readPurchase({
      userId: 'buyer-1',
      slug: 'basic',
      referralCode: 'rick2026',
      txid: ' ABCdef0123456789 ',
      orderId: 'ORD1',
      templateType: 'basicPackagePaymentPending',
    });
    expect(batchGets()).toEqual([
      {
        ConsistentRead: true,
        Keys: [
          { PK: 'USER#buyer-1', SK: 'PROFILE' },
          { PK: 'CATALOG', SK: 'PACKAGE#basic' },
          { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
          { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' },
          { PK: 'USER#buyer-1', SK: 'ORDER#basic' },
          { PK: 'REFCODE#RICK2026', SK: 'REFCODE' },
          { PK: 'TXID#abcdef0123456789', SK: 'TXID' },
          { PK: 'TEMPLATES', SK: 'TEMPLATE#basicPackagePaymentPending' },
          { PK: 'TRANSFER#abcdef0123456789', SK: 'TRANSFER' },
          { PK: 'ORDER#ORD1', SK: 'ORDER' },
        ],
      },
    ]);
    expect(read).toEqual({
      profile: { ...BUYER, basicPaidThrough: '2026-11-30', pendingPayments: 0 },
      catalogPriceUsd: 60,
      catalogOnSale: true,
      basicPackageEnabled: false,
      wallet: { walletId: 'w1', address: 'TWallet', network: 'TRC20', currency: 'USDT' },
      referral: { code: 'RICK2026', userId: 'rick-1', username: 'ref_rick' },
      order: orderOf('basic', 5000, 'RICK2026'),
      txidMarker: expect.objectContaining({
        paymentId: 'PAY0',
        subscriptionId: 'SUB0',
        userId: 'buyer-1',
        packageSlug: 'basic',
      }),
      transfer: null,
      namedOrder: null,
      template: { subject: 'Edited', html: '<p>edited</p>' },
    });
  });

  it('reads an empty table as: no profile, default price, Basic on sale, no wallet, the default template', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] } });
    const read = await purchases.readPurchase({
      userId: 'buyer-1',
      slug: 'pro',
      referralCode: null,
      txid: 'ABCdef0123456789',
      orderId: 'ORD1',
      templateType: 'proPackagePaymentPending',
    });
    expect(batchGets()[0]?.Keys).toHaveLength(9);
    expect(read).toEqual({
      profile: null,
      catalogPriceUsd: null,
      catalogOnSale: true,
      basicPackageEnabled: true,
      wallet: null,
      referral: null,
      order: null,
      txidMarker: null,
      transfer: null,
      namedOrder: null,
      template: DEFAULT_EMAIL_TEMPLATES.proPackagePaymentPending,
    });
  });

  it('reads unprocessed keys again (throttling), and only those', async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: {
          [TABLE]: [{ PK: 'USER#buyer-1', SK: 'PROFILE', _id: 'buyer-1', username: 'jane_doe', email: 'j@x.io' }],
        },
        UnprocessedKeys: { [TABLE]: { Keys: [{ PK: 'SETTINGS', SK: 'SUBSCRIPTION' }] } },
      })
      .resolves({ Responses: { [TABLE]: [{ PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false }] } });
    const status = await reads.readPackageStatus('buyer-1');
    const [first, again, ...more] = batchGets();
    expect(more).toEqual([]);
    expect(again?.Keys).toEqual([{ PK: 'SETTINGS', SK: 'SUBSCRIPTION' }]);
    expect(first).toEqual({
      ConsistentRead: false,
      Keys: [
        { PK: 'USER#buyer-1', SK: 'PROFILE' },
        { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ],
    });
    expect(status.profile?._id).toBe('buyer-1');
    expect(status.settings).toEqual({
      basicPackageEnabled: false,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: allNewWorkMailOn(),
    });
  });

  it('reads the settings, the wallet pointer and a referral marker with one GetItem each', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await reads.readSettings()).toEqual({
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: allNewWorkMailOn(),
    });
    expect(await reads.readActiveWallet('USDT')).toBeNull();
    expect(await reads.readReferralMarker('RICK2026')).toBeNull();
    expect(dynamo.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([
      { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' },
      { PK: 'REFCODE#RICK2026', SK: 'REFCODE' },
    ]);
    dynamo.on(GetCommand, { Key: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' } }).resolves({
      Item: { walletId: 'w1', address: 'TWallet', network: 'TRC20', currency: 'USDT' },
    });
    expect(await reads.readActiveWallet('USDT')).toEqual({
      walletId: 'w1',
      address: 'TWallet',
      network: 'TRC20',
      currency: 'USDT',
    });
  });

  it('lists a user’s subscriptions with one Query on the item collection, newest first', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    expect(await reads.listSubscriptions('buyer-1')).toEqual([]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': 'USER#buyer-1', ':prefix': 'SUB#' },
      ScanIndexForward: false,
    });
  });

  it('reads one subscription consistently', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await purchases.readSubscription('buyer-1', 'SUB0')).toBeNull();
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'USER#buyer-1', SK: 'SUB#SUB0' },
      ConsistentRead: true,
    });
  });
});

describe('commitPurchase', () => {
  it('writes payment, TXID marker and pending subscription with every check and counter in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await purchases.commitPurchase(basicPlan())).toEqual({ kind: 'committed' });
    const items = transactItems();
    expect(items).toHaveLength(11);
    // A claim holds nothing: the order's amount is free again at once (not 24 hours later), and
    // the window's current-order copy goes with the submission.
    expect(items[9]?.Update).toMatchObject({
      Key: { PK: 'AMOUNTPOOL#50', SK: 'HOLD#5037' },
      ConditionExpression: 'attribute_not_exists(PK) OR orderId = :order',
      ExpressionAttributeValues: { ':now': AT.getTime() / 1000, ':order': 'ORD1' },
    });
    expect(items[10]?.Delete).toEqual({
      TableName: TABLE,
      Key: { PK: 'USER#buyer-1', SK: 'ORDER#basic' },
      ConditionExpression: 'orderId = :order AND expiresAt > :now',
      ExpressionAttributeValues: { ':order': 'ORD1', ':now': AT.getTime() / 1000 },
    });
    expect(items[0]?.Put).toMatchObject({
      Item: {
        PK: 'PAYMENT#PAY1',
        SK: 'PAYMENT#PAY1',
        entity: 'Payment',
        status: 'pending',
        amount: 50,
        GSI1PK: 'PAYMENTS',
        GSI1SK: '2026-11-23T10:15:00.000Z#PAY1',
        GSI2PK: 'PAYMENTS#pending',
        GSI3PK: 'USER#buyer-1',
        GSI3SK: 'PAYMENT#2026-11-23T10:15:00.000Z#PAY1',
        searchText: 'jane_doe\njane@example.com\nabcdef0123456789',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[1]?.Put).toEqual({
      TableName: TABLE,
      Item: {
        PK: 'TXID#abcdef0123456789',
        SK: 'TXID',
        entity: 'TxidMarker',
        // Indexed by the start of the TXID, in the same write as the marker itself.
        GSI2PK: 'TXIDS#ab',
        GSI2SK: 'abcdef0123456789',
        txidNormalized: 'abcdef0123456789',
        paymentId: 'PAY1',
        subscriptionId: 'SUB1',
        userId: 'buyer-1',
        packageSlug: 'basic',
        packageName: 'Basic Package',
        isExtension: false,
        createdAt: '2026-11-23T10:15:00.000Z',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(items[2]?.Put).toMatchObject({
      Item: {
        PK: 'USER#buyer-1',
        SK: 'SUB#SUB1',
        status: 'pending',
        GSI1PK: 'SUBS#2026',
        GSI1SK: '2026-11-23T10:15:00.000Z#SUB1',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[2]?.Put?.Item).not.toHaveProperty('GSI3PK');
    // Active, and one more pending payment within the limit of 3.
    expect(items[3]?.Update).toMatchObject({
      Key: { PK: 'USER#buyer-1', SK: 'PROFILE' },
      UpdateExpression: 'ADD pendingPayments :one',
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(isActive) OR isActive = :true) AND ' +
        '(attribute_not_exists(pendingPayments) OR pendingPayments < :max)',
      ExpressionAttributeValues: { ':true': true, ':one': 1, ':max': 3 },
    });
    expect(items[4]?.ConditionCheck).toMatchObject({
      Key: { PK: 'CATALOG', SK: 'PACKAGE#basic' },
      ConditionExpression: 'priceUsd = :price',
      ExpressionAttributeValues: { ':price': 60 },
    });
    expect(items[5]?.ConditionCheck).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ConditionExpression:
        'attribute_not_exists(PK) OR attribute_not_exists(basicPackageEnabled) OR basicPackageEnabled = :true',
    });
    expect(items[6]?.ConditionCheck).toMatchObject({
      Key: { PK: 'REFCODE#RICK2026', SK: 'REFCODE' },
      // Neither the buyer's code nor one of another account of the buyer's mailbox (canonical e-mail).
      ConditionExpression:
        'attribute_exists(PK) AND userId <> :buyer AND (attribute_not_exists(emailKey) OR emailKey <> :buyerEmail)',
      ExpressionAttributeValues: { ':buyer': 'buyer-1', ':buyerEmail': 'jane@example.com' },
    });
    expect(items[7]?.Update).toMatchObject({
      Key: { PK: 'STATS#PAYMENTS', SK: 'TOTAL' },
      UpdateExpression: 'ADD #count :one, #amount :amount',
      ExpressionAttributeNames: { '#count': 'pendingCount', '#amount': 'pendingAmount' },
      ExpressionAttributeValues: { ':one': 1, ':amount': 50 },
    });
    expect(items[8]?.Update).toMatchObject({
      Key: { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-11' },
      UpdateExpression: 'ADD #total :one, #package :one, #status :one',
      ExpressionAttributeNames: { '#total': 'total', '#package': 'basicPackages', '#status': 'pending' },
    });
  });

  it('checks that a package missing from the catalog is still missing, and leaves out the Basic and referral checks for Pro', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await purchases.commitPurchase(proPlan());
    const items = transactItems();
    expect(items).toHaveLength(9);
    expect(items[4]?.ConditionCheck).toMatchObject({
      Key: { PK: 'CATALOG', SK: 'PACKAGE#pro' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[6]?.Update?.ExpressionAttributeNames).toMatchObject({ '#package': 'proPackages' });
  });

  it('checks a catalogued Pro is still at its price and on sale, and tells which one failed from the old item', async () => {
    const catalogued = () =>
      planPurchase(
        { orderId: 'ORD1', packageName: 'Pro Package', txid: 'ABCdef0123456789', amount: 250.37, referralCode: null },
        { ...snapshot, catalogPriceUsd: 250, referral: null, order: orderOf('pro', 25_000) },
        BUYER._id,
        AT,
        { paymentId: 'PAY2', subscriptionId: 'SUB2' },
      );
    dynamo.on(TransactWriteCommand).resolves({});
    await purchases.commitPurchase(catalogued());
    expect(transactItems()[4]?.ConditionCheck).toMatchObject({
      Key: { PK: 'CATALOG', SK: 'PACKAGE#pro' },
      ConditionExpression: 'priceUsd = :price AND (attribute_not_exists(onSale) OR onSale = :true)',
      ExpressionAttributeValues: { ':price': 250, ':true': true },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    const failing = (item: Record<string, AttributeValue>) =>
      cancelled('None', 'None', 'None', 'None', { Code: 'ConditionalCheckFailed', Item: item }, 'None', 'None');
    dynamo.on(TransactWriteCommand).rejects(failing({ priceUsd: { N: '250' }, onSale: { BOOL: false } }));
    expect(await purchases.commitPurchase(catalogued())).toEqual({ kind: 'refused', reason: 'not-on-sale' });
    dynamo.on(TransactWriteCommand).rejects(failing({ priceUsd: { N: '199' }, onSale: { BOOL: true } }));
    expect(await purchases.commitPurchase(catalogued())).toEqual({ kind: 'refused', reason: 'price' });
  });

  it('reads the existing TXID marker from the cancellation (attribute-value form)', async () => {
    dynamo.on(TransactWriteCommand).rejects(
      cancelled(
        'None',
        {
          Code: 'ConditionalCheckFailed',
          Item: {
            PK: { S: 'TXID#abcdef0123456789' },
            userId: { S: 'buyer-1' },
            paymentId: { S: 'PAY0' },
            subscriptionId: { S: 'SUB0' },
            packageSlug: { S: 'basic' },
            packageName: { S: 'Basic Package' },
            isExtension: { BOOL: true },
            createdAt: { S: '2026-11-23T10:00:00.000Z' },
          },
        },
        'None',
        'None',
        'None',
        'None',
        'None',
        'None',
        'None',
      ),
    );
    expect(await purchases.commitPurchase(basicPlan())).toEqual({
      kind: 'txid-taken',
      marker: earlierTxidMarker(true),
    });
  });

  it.each([
    [3, { kind: 'refused', reason: 'profile' }],
    [4, { kind: 'refused', reason: 'price' }],
    [5, { kind: 'refused', reason: 'basic-disabled' }],
    [6, { kind: 'refused', reason: 'referral-invalid' }],
  ])('maps a failed condition on item %i', async (index, expected) => {
    const codes = Array.from({ length: 9 }, (_, i) => (i === index ? 'ConditionalCheckFailed' : 'None'));
    dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
    expect(await purchases.commitPurchase(basicPlan())).toEqual(expected);
  });

  it('tells the buyer’s own code from a missing one by the marker returned', async () => {
    const codes: Parameters<typeof cancelled> = Array.from({ length: 9 }, () => 'None');
    codes[6] = { Code: 'ConditionalCheckFailed', Item: { userId: { S: 'buyer-1' }, username: { S: 'jane_doe' } } };
    dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
    expect(await purchases.commitPurchase(basicPlan())).toEqual({ kind: 'refused', reason: 'referral-own' });
  });

  it('retries a transaction that only conflicted with another one, and gives up after four tries', async () => {
    const conflict = () =>
      cancelled('None', 'None', 'None', 'None', 'None', 'None', 'None', 'TransactionConflict', 'None');
    dynamo.on(TransactWriteCommand).rejectsOnce(conflict()).resolves({});
    expect(await purchases.commitPurchase(basicPlan())).toEqual({ kind: 'committed' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(conflict());
    expect(await purchases.commitPurchase(basicPlan())).toEqual({ kind: 'refused', reason: 'busy' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(4);
  });

  it('lets other failures through', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(purchases.commitPurchase(basicPlan())).rejects.toThrow('ProvisionedThroughputExceededException');
  });
});

describe('the free trial', () => {
  const LINK = 'https://broker.example/copy/goldbot';
  const trial = () => planFreeTrial(BUYER, AT, 'SUBFT', { onSale: true, copyTradingLink: LINK }).subscription;

  it('reads the profile, the template, the catalog item and the settings in one consistent BatchGetItem', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [
          buyerItem({ freeTrialStartedAt: '2026-01-01T00:00:00.000Z' }),
          { PK: 'SETTINGS', SK: 'SUBSCRIPTION', copyTradingLink: LINK },
        ],
      },
    });
    const read = await freeTrials.readFreeTrial('buyer-1', 'freeTrialActivated');
    expect(batchGets()[0]).toEqual({
      ConsistentRead: true,
      Keys: [
        { PK: 'USER#buyer-1', SK: 'PROFILE' },
        { PK: 'TEMPLATES', SK: 'TEMPLATE#freeTrialActivated' },
        { PK: 'CATALOG', SK: 'PACKAGE#freeTrial' },
        { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ],
    });
    expect(read.profile?.freeTrialStartedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(read.template).toEqual(DEFAULT_EMAIL_TEMPLATES.freeTrialActivated);
    expect(read.onSale).toBe(true);
    expect(read.copyTradingLink).toBe(LINK);
  });

  it('reads no link as null (missing settings item or attribute, or an empty one)', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] } });
    expect((await freeTrials.readFreeTrial('buyer-1', 'freeTrialActivated')).copyTradingLink).toBeNull();
    dynamo.on(BatchGetCommand).resolves({
      Responses: { [TABLE]: [{ PK: 'SETTINGS', SK: 'SUBSCRIPTION', copyTradingLink: '' }] },
    });
    expect((await freeTrials.readFreeTrial('buyer-1', 'freeTrialActivated')).copyTradingLink).toBeNull();
  });

  it('marks the profile, writes the active subscription with its expiry key and counts it, in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'committed' });
    const items = transactItems();
    expect(items).toHaveLength(6);
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: 'USER#buyer-1', SK: 'PROFILE' },
      UpdateExpression: 'SET freeTrialStartedAt = :now, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(PK) AND attribute_not_exists(freeTrialStartedAt) AND (attribute_not_exists(isActive) OR isActive = :true)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(items[1]?.Put?.Item).toMatchObject({
      PK: 'USER#buyer-1',
      SK: 'SUB#SUBFT',
      status: 'active',
      paymentMethod: 'free',
      startDate: '2026-11-23',
      endDate: '2026-12-23',
      GSI1PK: 'SUBS#2026',
      GSI3PK: 'EXPIRES',
      GSI3SK: '2026-12-23#SUBFT',
    });
    expect(items[2]?.Update).toMatchObject({
      Key: { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-11' },
      ExpressionAttributeNames: { '#total': 'total', '#package': 'freeTrials', '#status': 'active' },
    });
    expect(items[3]?.ConditionCheck).toMatchObject({
      Key: { PK: 'CATALOG', SK: 'PACKAGE#freeTrial' },
      ConditionExpression: 'attribute_not_exists(onSale) OR onSale = :true',
    });
    expect(items[4]?.ConditionCheck).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ConditionExpression: 'copyTradingLink = :link',
      ExpressionAttributeValues: { ':link': LINK },
    });
    // One trial per mailbox: the marker is keyed by the canonical e-mail.
    expect(items[5]?.Put).toMatchObject({
      Item: { PK: 'FREETRIAL#jane@example.com', SK: 'FREETRIAL', userId: 'buyer-1' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('keys the trial by the canonical e-mail, and refuses it when another account of the mailbox took one', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await freeTrials.commitFreeTrial({ ...trial(), email: 'J.a.n.e+trial2@GoogleMail.com' }, LINK);
    expect(transactItems()[5]?.Put?.Item).toMatchObject({ PK: 'FREETRIAL#jane@gmail.com' });
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'None', 'None', 'None', { Code: 'ConditionalCheckFailed' }));
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'refused', reason: 'used' });
  });

  it('refuses the trial when an admin took it off sale meanwhile', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', { Code: 'ConditionalCheckFailed' }));
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'refused', reason: 'not-on-sale' });
  });

  it('refuses the trial when an admin removed or replaced the link meanwhile', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'None', 'None', { Code: 'ConditionalCheckFailed' }));
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'refused', reason: 'no-link' });
  });

  it('takes its own transaction applied behind a timeout as committed: the profile names this trial’s start', async () => {
    // The SDK's retry of an applied transaction: the profile already has this trial, the marker exists.
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: { freeTrialStartedAt: { S: trial().createdAt } } },
          { Code: 'ConditionalCheckFailed' },
          'None',
          'None',
          'None',
          { Code: 'ConditionalCheckFailed' },
        ),
      );
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'committed' });
  });

  it('tells a used trial from a deactivated account', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: { freeTrialStartedAt: { S: '2026-01-01T00:00:00.000Z' } } },
          'None',
          'None',
        ),
      );
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'refused', reason: 'used' });
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled({ Code: 'ConditionalCheckFailed', Item: { isActive: { BOOL: false } } }, 'None', 'None'));
    expect(await freeTrials.commitFreeTrial(trial(), LINK)).toEqual({ kind: 'refused', reason: 'profile' });
  });
});
