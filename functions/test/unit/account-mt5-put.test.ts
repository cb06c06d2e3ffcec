import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MT5_MESSAGES, mt5SaveResponseSchema, mt5StateSchema } from '@goldbot/shared';
import { SAMPLE_CONNECTION_SUBSCRIPTION, SAMPLE_MT5 } from '../helpers/trading-samples.js';
import { dynamo, call, withPaidPackage } from '../helpers/trading-account-routes.js';

/**
 * The customer's MetaTrader 5 account, account-mt5-put and account-mt5-get, in process, DynamoDB
 * and SES mocked (helpers/trading-account-routes.ts): within their 3 DynamoDB requests (the
 * session guard's read included), the field sentences, no password ever written, 409 without a
 * paid package.
 */
describe('GET and PUT /api/account/mt5', () => {
  it('answers the state in 2 DynamoDB requests: nothing asked without a paid package', async () => {
    const res = await call('account-mt5-get');
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(mt5StateSchema.parse(res.body)).toEqual({
      account: null,
      connection: { status: 'no-package', packageName: null, subscriptionId: null, connectedAt: null },
    });
    expect(dynamo.calls()).toHaveLength(2);
  });

  it('saves the account with a paid package: waiting for the team, in 3 DynamoDB requests, no password anywhere', async () => {
    withPaidPackage();
    const res = await call('account-mt5-put', {
      body: { broker: ' IC Markets ', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' },
    });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(mt5SaveResponseSchema.parse(res.body)).toEqual({
      message: MT5_MESSAGES.saved,
      account: SAMPLE_MT5,
      connection: {
        status: 'waiting',
        packageName: 'Pro Package',
        subscriptionId: SAMPLE_CONNECTION_SUBSCRIPTION,
        connectedAt: null,
      },
    });
    expect(dynamo.calls()).toHaveLength(3);
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((i) => i.Put?.Item?.SK)).toEqual(['TRADING#MT5', 'BOTCONNECT']);
    expect(items[1]?.Put?.Item).toMatchObject({ username: 'user', email: 'user@example.com', status: 'waiting' });
  });

  it('refuses a password (400, nothing written), each bad field with its sentence, and without a paid package 409', async () => {
    withPaidPackage();
    const withPassword = await call('account-mt5-put', { body: { ...SAMPLE_MT5, password: 'hunter2' } });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.body).toMatchObject({ errors: { password: MT5_MESSAGES.noPassword } });
    const bad = await call('account-mt5-put', { body: { broker: '', server: 'x', accountNumber: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({
      errors: {
        broker: MT5_MESSAGES.brokerRequired,
        server: MT5_MESSAGES.serverInvalid,
        accountNumber: MT5_MESSAGES.accountInvalid,
      },
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const none = await call('account-mt5-put', { body: SAMPLE_MT5 });
    expect(none.statusCode).toBe(409);
    expect(none.body).toMatchObject({ message: MT5_MESSAGES.needsPackage });
  });
});
