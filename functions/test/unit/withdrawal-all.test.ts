import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminWithdrawalsResponseSchema } from '@goldbot/shared';
import { CALLERS } from '../helpers/lambda.js';
import { SAMPLE_REQUESTER, SAMPLE_WITHDRAWAL_ID } from '../helpers/withdrawal-samples.js';
import { dynamo, world, call } from '../helpers/withdrawal-routes.js';

/**
 * withdrawal-all in process, with DynamoDB and SES mocked (helpers/withdrawal-routes.ts).
 */
describe('withdrawal-all', () => {
  it('answers rows with the live balance, nextCursor and the counts; customers get 403', async () => {
    world['withdrawal-all']?.();
    dynamo
      .on(GetCommand, { Key: { PK: 'STATS#WITHDRAWALS', SK: 'TOTAL' } })
      .resolves({ Item: { total: 5, pending: 1, approved: 3, rejected: 1 } });
    const res = await call('withdrawal-all', { query: { status: 'pending', search: 'Jane' } });
    expect(res.statusCode).toBe(200);
    expect(adminWithdrawalsResponseSchema.parse(res.body)).toEqual({
      withdrawals: [expect.objectContaining({ _id: SAMPLE_WITHDRAWAL_ID })],
      nextCursor: null,
      counts: { total: 5, pending: 1, approved: 3, rejected: 1 },
    });
    expect((res.body.withdrawals as { userId: unknown }[])[0]?.userId).toEqual({
      _id: SAMPLE_REQUESTER._id,
      username: 'jane_doe',
      email: 'jane.doe@example.com',
      referralEarnings: 4,
    });
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI2',
      ExpressionAttributeValues: { ':list': 'WITHDRAWALS#pending', ':q': 'jane' },
    });
    expect((await call('withdrawal-all', { claims: CALLERS.user })).statusCode).toBe(403);
  });

  it('refuses an unknown status, a bad limit and a forged cursor with 400', async () => {
    const bad = await call('withdrawal-all', { query: { status: 'paid' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ errors: { status: 'status must be all, pending, approved or rejected' } });
    expect((await call('withdrawal-all', { query: { limit: '101' } })).statusCode).toBe(400);
    expect((await call('withdrawal-all', { query: { cursor: 'bm90LWpzb24' } })).statusCode).toBe(400);
  });
});
