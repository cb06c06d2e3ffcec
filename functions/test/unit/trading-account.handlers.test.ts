import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BOT_CONNECTION_MESSAGES,
  MT5_MESSAGES,
  botConnectedResponseSchema,
  botConnectionsResponseSchema,
  mt5SaveResponseSchema,
  mt5StateSchema,
  type RouteId,
} from '@goldbot/shared';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { botConnectionKey, toBotConnectionItem } from '../../src/data/trading-account-entity.js';
import { CALLERS, givenProfiles, httpEvent, invoke, type HttpHandler } from '../helpers/lambda.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { SAMPLE_CONNECTION_SUBSCRIPTION, SAMPLE_MT5, runningPro, waitingRequest } from '../helpers/trading-samples.js';

/**
 * The four MetaTrader 5 handlers in process, DynamoDB and SES mocked: the customer's routes within
 * their 3 DynamoDB requests (the session guard's read included), the field sentences, no password
 * ever written, 409 without a paid package, the admin's list and mark with its mail, and who may call.
 */
const dynamo = useMockedDynamo();
const outbox = useAwsOutbox();
const USER_SUB = String(CALLERS.user.sub);

beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(TransactWriteCommand).resolves({});
});

const call = async (
  routeId: RouteId,
  options: {
    claims?: Record<string, string>;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  } = {},
) => {
  const { handler } = (await import(`../../src/handlers/${routeId}.ts`)) as { handler: HttpHandler };
  return invoke(
    handler,
    httpEvent({
      routeId,
      claims: options.claims ?? CALLERS.user,
      ...(options.params ? { pathParameters: options.params } : {}),
      query: options.query,
      body: options.body,
    }),
  );
};
const withPaidPackage = () =>
  dynamo
    .on(QueryCommand, {
      ExpressionAttributeValues: { ':pk': `USER#${USER_SUB}`, ':from': 'SUB#', ':to': 'TRADING#MT5' },
    })
    .resolves({ Items: [toSubscriptionItem(runningPro({ userId: USER_SUB }))] });

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

describe("the admin's connections", () => {
  it('lists the waiting requests with the customer and the account', async () => {
    dynamo.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Items: [toBotConnectionItem(waitingRequest())] });
    const res = await call('admin-bot-connections', { claims: CALLERS.admin, query: { status: 'waiting' } });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(botConnectionsResponseSchema.parse(res.body)).toEqual({
      connections: [
        expect.objectContaining({
          subscriptionId: SAMPLE_CONNECTION_SUBSCRIPTION,
          userId: { _id: expect.any(String), username: 'jane_doe', email: 'jane.doe@example.com' },
          ...SAMPLE_MT5,
          status: 'waiting',
          connectedAt: null,
        }),
      ],
      nextCursor: null,
    });
    const bad = await call('admin-bot-connections', { claims: CALLERS.admin, query: { status: 'all' } });
    expect(bad.statusCode).toBe(400);
    expect((await call('admin-bot-connections', { query: {} })).statusCode).toBe(403);
  });

  it('marks a subscription connected and mails the customer the new template; unknown is 404, customers 403', async () => {
    dynamo.on(GetCommand, { Key: botConnectionKey(SAMPLE_CONNECTION_SUBSCRIPTION) }).resolves({
      Item: toBotConnectionItem(waitingRequest()),
    });
    const res = await call('admin-bot-connected', {
      claims: CALLERS.admin,
      params: { subscriptionId: SAMPLE_CONNECTION_SUBSCRIPTION },
    });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(botConnectedResponseSchema.parse(res.body)).toMatchObject({
      message: BOT_CONNECTION_MESSAGES.connected('jane_doe'),
      connection: { status: 'connected' },
    });
    expect(outbox.mails[0]).toMatchObject({
      to: ['jane.doe@example.com'],
      subject: 'GoldBot: the bot is connected to your MetaTrader 5 account',
    });
    expect(outbox.mails[0]?.text).toContain('51234567');
    expect(dynamo.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: 'TEMPLATES',
      SK: 'TEMPLATE#botConnected',
    });
    const unknown = await call('admin-bot-connected', { claims: CALLERS.admin, params: { subscriptionId: 'NOPE' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatchObject({ message: BOT_CONNECTION_MESSAGES.notFound });
    const customer = await call('admin-bot-connected', { params: { subscriptionId: SAMPLE_CONNECTION_SUBSCRIPTION } });
    expect(customer.statusCode).toBe(403);
  });
});
