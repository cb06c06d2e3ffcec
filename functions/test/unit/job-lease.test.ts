import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SCHEDULER_EVENT_SOURCE } from '@goldbot/shared';
import { tableName } from '../../src/adapters/dynamodb.js';
import { dynamoJobLease, jobLeaseKey } from '../../src/data/job-lease-store.js';
import { runAlone, type JobLease } from '../../src/domain/jobs/job-lease.js';
import { handler } from '../../src/handlers/job-chain-recheck.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/** A lease in memory with the same rule as the table's conditional Put: free, or past its deadline. */
function memoryLease(): JobLease & { holder?: string; until?: number } {
  const lease: JobLease & { holder?: string; until?: number } = {
    async acquire(holder, nowMs, untilMs) {
      if (lease.holder !== undefined && (lease.until ?? 0) > nowMs) return false;
      Object.assign(lease, { holder, until: untilMs });
      return true;
    },
    async release(holder) {
      if (lease.holder === holder) Object.assign(lease, { holder: undefined, until: undefined });
    },
  };
  return lease;
}

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'taken', $metadata: {} });

describe('runAlone', () => {
  it('runs while holding the lease and gives it back, even when the run throws', async () => {
    const lease = memoryLease();
    expect(await runAlone(lease, { holder: 'a', nowMs: 0, untilMs: 120_000 }, async () => 'done')).toEqual({
      ran: true,
      result: 'done',
    });
    expect(lease.holder).toBeUndefined();
    await expect(
      runAlone(lease, { holder: 'b', nowMs: 0, untilMs: 120_000 }, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(lease.holder).toBeUndefined();
  });

  it('does not run a second sweep while the first holds the lease, and lets one through after its deadline', async () => {
    const lease = memoryLease();
    let release: () => void = () => {};
    const first = runAlone(
      lease,
      { holder: 'a', nowMs: 0, untilMs: 120_000 },
      () => new Promise<void>((r) => (release = r)),
    );
    let ran = false;
    const second = await runAlone(lease, { holder: 'b', nowMs: 60_000, untilMs: 180_000 }, async () => {
      ran = true;
    });
    expect(second).toEqual({ ran: false });
    expect(ran).toBe(false);
    release();
    await first;
    // A run that died holding the lease blocks nobody past its deadline.
    await lease.acquire('dead', 0, 120_000);
    expect((await runAlone(lease, { holder: 'c', nowMs: 120_000, untilMs: 240_000 }, async () => 1)).ran).toBe(true);
  });
});

describe('dynamoJobLease', () => {
  const dynamo = useMockedDynamo();

  it('takes the lease with a conditional Put (free or expired) and gives it back only if still the holder', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    const lease = dynamoJobLease('job-chain-recheck');
    expect(await lease.acquire('h1', 1_000, 121_000)).toBe(true);
    const put = dynamo.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put).toMatchObject({
      TableName: tableName,
      Item: { ...jobLeaseKey('job-chain-recheck'), entity: 'JobLease', holder: 'h1', leaseUntil: 121_000 },
      ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil <= :now',
      ExpressionAttributeValues: { ':now': 1_000 },
    });
    expect(put?.Item?.expiresAt).toBeGreaterThan(121);
    await lease.release('h1');
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: jobLeaseKey('job-chain-recheck'),
      ConditionExpression: 'holder = :holder',
      ExpressionAttributeValues: { ':holder': 'h1' },
    });
  });

  it('answers false when another run holds it, and ignores a lease taken over after its deadline', async () => {
    dynamo.on(PutCommand).rejects(conditionFailed());
    dynamo.on(DeleteCommand).rejects(conditionFailed());
    const lease = dynamoJobLease('job-chain-recheck');
    expect(await lease.acquire('h2', 1_000, 121_000)).toBe(false);
    await expect(lease.release('h2')).resolves.toBeUndefined();
  });

  it('passes any other DynamoDB failure on', async () => {
    dynamo.on(PutCommand).rejects(new Error('throttled'));
    await expect(dynamoJobLease('x').acquire('h', 0, 1)).rejects.toThrow('throttled');
  });
});

describe('job-chain-recheck sweep', () => {
  const dynamo = useMockedDynamo();

  it('exits at once, reading no payment, while another sweep holds the lease', async () => {
    dynamo.on(PutCommand).rejects(conditionFailed());
    const summary = await handler({ source: SCHEDULER_EVENT_SOURCE, jobId: 'job-chain-recheck' });
    expect(summary).toMatchObject({ processed: 0, failed: 0, complete: true, leaseHeld: 1 });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('holds the lease for at most the function timeout (2 minutes) while it sweeps', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const before = Date.now();
    await handler({ source: SCHEDULER_EVENT_SOURCE, jobId: 'job-chain-recheck' });
    const item = dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect((item?.leaseUntil as number) - before).toBeLessThanOrEqual(2 * 60_000 + 1_000);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(1);
  });
});
