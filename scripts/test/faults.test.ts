import { Readable } from 'node:stream';
import { DynamoDBClient, GetItemCommand, PutItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFaultInjector,
  FAULT_CLIENTS,
  FaultSettingError,
  installFaults,
  kindsFor,
  parseFaults,
  rateFor,
  seededRandom,
  type FaultInjector,
} from '../local/faults.js';
import { startScheduler } from '../local/scheduler.js';

describe('the FAULTS setting', () => {
  it('takes one rate for every client', () => {
    const plan = parseFaults('0.1');
    for (const client of FAULT_CLIENTS) expect(rateFor(plan, client, 'PutItemCommand')).toBe(0.1);
  });

  it('takes rates per client and per command, the most specific winning', () => {
    const plan = parseFaults('dynamodb:0.1, ses:0.5, dynamodb.TransactWriteItems:0.3, 0.05');
    expect(rateFor(plan, 'dynamodb', 'PutItemCommand')).toBe(0.1);
    expect(rateFor(plan, 'dynamodb', 'TransactWriteItemsCommand')).toBe(0.3);
    expect(rateFor(plan, 'ses', 'SendEmailCommand')).toBe(0.5);
    // The bare rate fills the clients not named.
    expect(rateFor(plan, 'cognito', 'AdminGetUserCommand')).toBe(0.05);
    expect(rateFor(parseFaults('ses:1'), 'dynamodb', 'GetItemCommand')).toBe(0);
  });

  it.each([
    ['', 'it is empty'],
    ['lots', '"lots" is not a rate'],
    ['1.5', '"1.5" is not a rate'],
    ['-0.1', '"-0.1" is not a rate'],
    ['s3:0.1', '"s3" is not one of the clients'],
    ['dynamodb.put-item:0.1', 'is not a command name'],
    ['dynamodb:', '"" is not a rate'],
  ])('refuses %j with a message that says what is wrong and what is expected', (setting, reason) => {
    expect(() => parseFaults(setting)).toThrow(FaultSettingError);
    expect(() => parseFaults(setting)).toThrow(reason);
    expect(() => parseFaults(setting)).toThrow('FAULTS=dynamodb:0.1');
  });
});

describe('the kinds of fault', () => {
  it('cancels only transactions with a conflict, and hides only writes behind a timeout', () => {
    expect(kindsFor('TransactWriteItemsCommand')).toEqual([
      'throttling',
      'internal',
      'transaction-conflict',
      'applied-then-timeout',
    ]);
    expect(kindsFor('PutItemCommand')).toEqual(['throttling', 'internal', 'applied-then-timeout']);
    expect(kindsFor('GetItemCommand')).toEqual(['throttling', 'internal']);
    expect(kindsFor('QueryCommand')).toEqual(['throttling', 'internal']);
    expect(kindsFor('SendEmailCommand')).toEqual(['throttling', 'internal', 'applied-then-timeout']);
  });

  it('replays the same choices from the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(Array.from({ length: 5 }, seededRandom(43))).not.toEqual(first);
  });
});

/**
 * A DynamoDB client whose HTTP handler answers `{}` and counts the requests that reached it: what
 * "applied" means here. `maxAttempts` is the SDK's retry setting.
 */
function countingClient(maxAttempts: number) {
  const reached: string[] = [];
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:1',
    credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    maxAttempts,
    retryStrategy: undefined,
    requestHandler: {
      handle: async (request: { headers: Record<string, string> }) => {
        reached.push(request.headers['x-amz-target'] ?? '');
        return {
          // The shape of the SDK's HttpResponse (the SDK checks the shape, not the class).
          response: {
            statusCode: 200,
            headers: { 'content-type': 'application/x-amz-json-1.0' },
            body: Readable.from([Buffer.from('{}')]),
          },
        };
      },
    },
  });
  return { client, reached };
}

/** An injector whose draws are given: first whether to fail (below the rate fails), then the kind. */
function scriptedInjector(setting: string, draws: number[]): FaultInjector {
  const injector = createFaultInjector(parseFaults(setting), 1);
  let index = 0;
  injector.random = () => draws[index++ % draws.length] ?? 0;
  return injector;
}

const put = new PutItemCommand({ TableName: 't', Item: { PK: { S: 'a' }, SK: { S: 'b' } } });

describe('the fault middleware on a real SDK client', () => {
  it('lets every call through at rate 0 and when turned off', async () => {
    const { client, reached } = countingClient(1);
    const injector = createFaultInjector(parseFaults('dynamodb:0'), 7);
    installFaults(client, 'dynamodb', injector);
    await client.send(put);
    const off = createFaultInjector(parseFaults('dynamodb:1'), 7);
    off.enabled = false;
    const second = countingClient(1);
    installFaults(second.client, 'dynamodb', off);
    await second.client.send(put);
    expect([reached.length, second.reached.length]).toEqual([1, 1]);
    expect(off.tally.counts.size).toBe(0);
  });

  it('throttles with the service error the SDK retries, before the request reaches DynamoDB', async () => {
    const { client, reached } = countingClient(1);
    // Fail (0 < 1), kind index 0 of [throttling, internal, applied-then-timeout].
    const injector = scriptedInjector('dynamodb:1', [0, 0]);
    installFaults(client, 'dynamodb', injector);
    await expect(client.send(put)).rejects.toMatchObject({
      name: 'ProvisionedThroughputExceededException',
      $metadata: { httpStatusCode: 400 },
    });
    expect(reached).toEqual([]);
    expect(injector.tally.byKind().throttling).toBe(1);
  });

  it('is inside the retry loop: a throttled first attempt is retried and the second succeeds', async () => {
    const { client, reached } = countingClient(3);
    // First attempt: fail, throttling. Second attempt: 0.99 is not below the rate 0.5, so it passes.
    const injector = scriptedInjector('dynamodb:0.5', [0, 0, 0.99]);
    installFaults(client, 'dynamodb', injector);
    const answer = await client.send(put);
    expect(answer.$metadata.attempts).toBe(2);
    expect(reached).toHaveLength(1);
  });

  it('applies a write and then times out: the SDK retries, so the write reaches the table twice', async () => {
    const { client, reached } = countingClient(2);
    // Fail; kind 0.9 × 3 kinds → index 2, applied-then-timeout; then the retry passes.
    const injector = scriptedInjector('dynamodb:0.5', [0, 0.9, 0.99]);
    installFaults(client, 'dynamodb', injector);
    await client.send(put);
    expect(reached).toEqual(['DynamoDB_20120810.PutItem', 'DynamoDB_20120810.PutItem']);
    expect(injector.tally.byKind()['applied-then-timeout']).toBe(1);
  });

  it('cancels a transaction with TransactionConflict, which the SDK does not retry', async () => {
    const { client, reached } = countingClient(3);
    // kinds of a transaction: [throttling, internal, transaction-conflict, applied-then-timeout]; 0.5 → index 2.
    const injector = scriptedInjector('dynamodb.TransactWriteItems:1', [0, 0.5]);
    installFaults(client, 'dynamodb', injector);
    const transaction = new TransactWriteItemsCommand({
      TransactItems: [{ Put: { TableName: 't', Item: { PK: { S: 'a' }, SK: { S: 'b' } } } }],
    });
    await expect(client.send(transaction)).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'TransactionConflict' }],
    });
    expect(reached).toEqual([]);
    // The command's rate applies to that command only.
    await client.send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' }, SK: { S: 'b' } } }));
    expect(reached).toHaveLength(1);
  });

  it('answers an internal error as a 500 the SDK treats as the server fault it is', async () => {
    const { client } = countingClient(1);
    const injector = scriptedInjector('dynamodb:1', [0, 0.4]);
    installFaults(client, 'dynamodb', injector);
    await expect(client.send(put)).rejects.toMatchObject({
      name: 'InternalServerError',
      $fault: 'server',
      $metadata: { httpStatusCode: 500 },
    });
  });
});

describe('the local scheduler under faults', () => {
  afterEach(() => vi.useRealTimers());

  it('delivers a job twice when the faults say so, as EventBridge Scheduler may', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T00:05:00Z') });
    const runs: string[] = [];
    const scheduler = startScheduler({
      root: '/nowhere',
      log: () => undefined,
      schedules: [{ id: 'job-expire-subscriptions', cron: '5 0 * * *', implemented: true, summary: 'expire' }],
      runJob: async (jobId) => {
        runs.push(jobId);
      },
      deliverTwice: () => true,
    });
    await vi.advanceTimersByTimeAsync(15_000);
    scheduler.stop();
    expect(runs).toEqual(['job-expire-subscriptions', 'job-expire-subscriptions']);
  });
});
