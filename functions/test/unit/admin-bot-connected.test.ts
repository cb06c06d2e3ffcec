import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { BOT_CONNECTION_MESSAGES, botConnectedResponseSchema, botConnectionsResponseSchema } from '@goldbot/shared';
import { botConnectionKey, toBotConnectionItem } from '../../src/data/trading-account-entity.js';
import { CALLERS } from '../helpers/lambda.js';
import { SAMPLE_CONNECTION_SUBSCRIPTION, SAMPLE_MT5, waitingRequest } from '../helpers/trading-samples.js';
import { dynamo, outbox, call } from '../helpers/trading-account-routes.js';

/**
 * The admin's bot connections, admin-bot-connected and the list of admin-bot-connections, in
 * process, DynamoDB and SES mocked (helpers/trading-account-routes.ts): the list, the mark with
 * its mail, and who may call.
 */
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
