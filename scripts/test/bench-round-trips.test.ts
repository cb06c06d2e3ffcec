import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@goldbot/shared';
import { CUSTOMER_ROUTES } from '../bench/customer-journey.js';
import {
  ACCOUNT_ROUND_TRIP_BUDGET,
  ACCOUNT_ROUTES,
  judgeRoundTrips,
  ROUND_TRIP_BUDGET,
  ROUND_TRIP_EXCEPTIONS,
  roundTripBudgetOf,
  shortCommands,
  summarizeRoundTrips,
} from '../bench/round-trips-section.js';
import {
  countRoundTrips,
  installRoundTripCounter,
  outsideRoundTrips,
  roundTripHeaders,
} from '../local/dynamodb-round-trips.js';

describe('the DynamoDB request counter of the local stack', () => {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
  );
  // No network: a build-step middleware answers every command (the counter runs before it).
  client.middlewareStack.add(() => () => Promise.resolve({ output: { $metadata: {} }, response: {} }), {
    step: 'build',
    name: 'answerWithoutNetwork',
  });
  installRoundTripCounter(client);
  const get = () => client.send(new GetCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' } }));
  const query = () =>
    client.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: {} }));

  it('counts each send inside a call, in order, and nothing outside one', async () => {
    await get();
    const { result, commands } = await countRoundTrips(async () => {
      await get();
      await Promise.all([query(), get()]);
      return 'answered';
    });
    expect(result).toBe('answered');
    expect(commands).toEqual(['GetItemCommand', 'QueryCommand', 'GetItemCommand']);
    expect(roundTripHeaders(commands)).toEqual({
      'x-local-dynamodb-requests': '3',
      'x-local-dynamodb-commands': 'GetItemCommand,QueryCommand,GetItemCommand',
    });
  });

  it('keeps calls that overlap apart, and leaves out work run outside the tally', async () => {
    const [a, b] = await Promise.all([
      countRoundTrips(async () => {
        await get();
        await outsideRoundTrips(() => query());
        await get();
      }),
      countRoundTrips(() => query()),
    ]);
    expect(a.commands).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(b.commands).toEqual(['QueryCommand']);
  });
});

describe('the round-trips section', () => {
  it('gives the account routes 5 requests and every other customer route 3', () => {
    expect([ROUND_TRIP_BUDGET, ACCOUNT_ROUND_TRIP_BUDGET]).toEqual([3, 5]);
    const authRoutes = ROUTES.filter((r) => r.path.startsWith('/api/auth/')).map((r) => r.id);
    expect([...ACCOUNT_ROUTES].sort()).toEqual([...authRoutes].sort());
    expect(roundTripBudgetOf('auth-login')).toBe(5);
    expect(roundTripBudgetOf('auth-me')).toBe(5);
    // One stated exception: an order whose first random amount is taken reads the holds and writes again.
    expect(ROUND_TRIP_EXCEPTIONS).toEqual({ 'payment-order': 5 });
    for (const route of CUSTOMER_ROUTES.filter((r) => !r.startsWith('auth-') && r !== 'payment-order')) {
      expect(roundTripBudgetOf(route), route).toBe(3);
    }
    // 5 for an account route, 3 for another: a call of 4 requests passes one and fails the other.
    const four = ['GetItemCommand', 'GetItemCommand', 'GetItemCommand', 'PutItemCommand'];
    const checks = judgeRoundTrips(
      [
        { route: 'auth-login', calls: 1, most: 4, commands: four },
        { route: 'payment-wallets', calls: 1, most: 4, commands: four },
      ],
      ['auth-login', 'payment-wallets'],
    );
    expect(checks.map((c) => c.verdict)).toEqual(['pass', 'fail']);
  });

  it('covers every route but the admin ones and the admin second factor', () => {
    const admin = new Set<string>(ROUTES.filter((r) => r.auth === 'admin').map((r) => r.id));
    expect(CUSTOMER_ROUTES).toContain('auth-register');
    expect(CUSTOMER_ROUTES).toContain('payment-submit-usdt');
    expect(CUSTOMER_ROUTES).not.toContain('auth-mfa-verify');
    expect(CUSTOMER_ROUTES.filter((r) => admin.has(r))).toEqual([]);
  });

  it('takes the successful call with the most requests per route, and judges it against the budget', () => {
    const figures = summarizeRoundTrips([
      { route: 'auth-me', status: 200, commands: ['GetItemCommand'] },
      { route: 'auth-me', status: 200, commands: ['GetItemCommand', 'PutItemCommand'] },
      {
        route: 'auth-me',
        status: 401,
        commands: ['GetItemCommand', 'GetItemCommand', 'GetItemCommand', 'GetItemCommand'],
      },
      {
        route: 'withdrawal-request',
        status: 201,
        commands: ['GetItemCommand', 'QueryCommand', 'GetItemCommand', 'TransactWriteItemsCommand'],
      },
    ]);
    expect(figures).toEqual([
      { route: 'auth-me', calls: 2, most: 2, commands: ['GetItemCommand', 'PutItemCommand'] },
      {
        route: 'withdrawal-request',
        calls: 1,
        most: 4,
        commands: ['GetItemCommand', 'QueryCommand', 'GetItemCommand', 'TransactWriteItemsCommand'],
      },
    ]);
    const checks = judgeRoundTrips(figures, ['auth-me', 'withdrawal-request', 'health']);
    expect(checks.map((c) => c.verdict)).toEqual(['pass', 'fail', 'error']);
    expect(checks[0]?.detail).toBe(`2 (GetItemCommand, PutItemCommand), budget ≤ ${ACCOUNT_ROUND_TRIP_BUDGET}`);
    expect(checks[1]?.detail).toContain(`budget ≤ ${ROUND_TRIP_BUDGET}`);
    expect(checks[2]?.detail).toBe('the journey never called it successfully');
    expect(shortCommands(['GetItemCommand', 'TransactWriteItemsCommand'])).toBe('GetItem, TransactWriteItems');
    expect(shortCommands([])).toBe('—');
  });
});
