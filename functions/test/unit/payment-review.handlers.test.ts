import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  allPaymentsResponseSchema,
  paymentDecisionResponseSchema,
  pendingPaymentsResponseSchema,
  walletSaveResponseSchema,
  walletsResponseSchema,
  type RouteId,
} from '@goldbot/shared';
import { paymentKey, toPaymentItem } from '../../src/data/payment-entity.js';
import { CALLERS, givenProfiles, httpEvent, invoke, type HttpHandler } from '../helpers/lambda.js';
import { SAMPLE_PAYMENT_ID, paymentReviewSampleWorld, pendingPayment } from '../helpers/payment-samples.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/** The six admin commerce handlers in process: thin adapters over the use cases, with the table and SES mocked. */
const dynamo = useMockedDynamo();
const outbox = useAwsOutbox();
beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
});

const call = async (
  routeId: RouteId,
  options: { pathParameters?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) => {
  const { handler } = (await import(`../../src/handlers/${routeId}.ts`)) as { handler: HttpHandler };
  return invoke(handler, httpEvent({ routeId, claims: CALLERS.admin, ...options }));
};

describe('payment lists', () => {
  it('answer the spec names plus nextCursor and the summary', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [toPaymentItem(pendingPayment())] });
    dynamo
      .on(GetCommand, { Key: { PK: 'STATS#PAYMENTS', SK: 'TOTAL' } })
      .resolves({ Item: { completedCount: 5, pendingCount: 1, rejectedCount: 2 } });
    const pending = await call('payment-pending-usdt');
    expect(pending.statusCode).toBe(200);
    expect(pendingPaymentsResponseSchema.parse(pending.body)).toMatchObject({
      nextCursor: null,
      summary: { total: 8, pending: 1, completed: 5 },
    });
    const all = await call('payment-all', { query: { search: 'jane' } });
    expect(allPaymentsResponseSchema.parse(all.body).payments).toHaveLength(1);
    expect(JSON.stringify(all.body)).not.toMatch(/"PK"|GSI|searchText/);
  });

  it('refuse a bad limit or a forged cursor with 400', async () => {
    expect((await call('payment-all', { query: { limit: '0' } })).statusCode).toBe(400);
    expect((await call('payment-pending-usdt', { query: { cursor: 'bm90LWpzb24' } })).statusCode).toBe(400);
  });
});

describe('payment-approve-usdt', () => {
  it('approves and mails the Basic verified template to the buyer', async () => {
    paymentReviewSampleWorld(dynamo)['payment-approve-usdt']();
    const res = await call('payment-approve-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(res.statusCode).toBe(200);
    expect(paymentDecisionResponseSchema.parse(res.body)).toMatchObject({
      message: 'Payment for jane_doe has been successfully approved!',
      payment: { status: 'completed' },
    });
    const mail = outbox.mails[0];
    expect(mail?.to).toEqual(['jane.doe@example.com']);
    expect(mail?.html).toContain('jane_doe');
    expect(dynamo.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: 'TEMPLATES',
      SK: 'TEMPLATE#basicPackagePaymentVerified',
    });
  });

  it('keeps the approval when SES fails', async () => {
    paymentReviewSampleWorld(dynamo)['payment-approve-usdt']();
    outbox.refuse();
    const res = await call('payment-approve-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // SES was asked once (a refusal is not sent again) and sent nothing.
    expect([outbox.requests.length, outbox.mails.length]).toEqual([1, 0]);
  });

  it('answers 409 when another admin rejected it first, and 404 for an unknown id', async () => {
    paymentReviewSampleWorld(dynamo)['payment-approve-usdt']();
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    dynamo
      .on(GetCommand, { Key: paymentKey(SAMPLE_PAYMENT_ID) })
      .resolvesOnce({ Item: toPaymentItem(pendingPayment()) })
      .resolves({ Item: toPaymentItem(pendingPayment({ status: 'rejected' })) });
    const raced = await call('payment-approve-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(raced.statusCode).toBe(409);
    expect(raced.body).toMatchObject({ message: 'This payment was already rejected by another admin.' });
    expect(outbox.mails).toHaveLength(0);

    const unknown = await call('payment-approve-usdt', { pathParameters: { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('payment-reject-usdt', () => {
  it('rejects and mails nobody', async () => {
    paymentReviewSampleWorld(dynamo)['payment-reject-usdt']();
    const res = await call('payment-reject-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Payment for jane_doe has been rejected.',
      payment: { status: 'rejected' },
    });
    expect(outbox.mails).toHaveLength(0);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});

describe('wallets', () => {
  it('list under {wallets}', async () => {
    const res = await call('payment-wallets');
    expect(walletsResponseSchema.parse(res.body)).toEqual({ wallets: [] });
  });

  it('add answers 201, update 200, and bad input 400 with field errors', async () => {
    const added = await call('payment-wallet-save', {
      body: { address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', network: 'TRC20', currency: 'USDT', isActive: true },
    });
    expect(added.statusCode).toBe(201);
    expect(walletSaveResponseSchema.parse(added.body)).toMatchObject({
      message: 'Wallet added successfully',
      wallet: { address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', isActive: true },
    });
    const wallet = (added.body as { wallet: { _id: string; createdAt: string } }).wallet;
    dynamo.on(GetCommand, { Key: { PK: 'WALLET#USDT#TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', SK: 'WALLET' } }).resolves({
      Item: {
        ...wallet,
        address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
        network: 'TRC20',
        currency: 'USDT',
        isActive: true,
        updatedAt: wallet.createdAt,
      },
    });
    const updated = await call('payment-wallet-save', {
      body: {
        _id: wallet._id,
        address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
        network: 'TRON',
        currency: 'USDT',
        isActive: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toMatchObject({ message: 'Wallet updated successfully', wallet: { network: 'TRON' } });

    const bad = await call('payment-wallet-save', { body: { address: ' ', network: '', currency: 'DOGE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({
      errors: {
        address: 'Address is required',
        network: 'Network is required',
        currency: 'Currency must be USDT, BTC or ETH',
      },
    });
  });
});
