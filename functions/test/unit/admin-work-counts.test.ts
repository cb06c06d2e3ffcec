import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { workCountsResponseSchema } from '@goldbot/shared';
import { CALLERS, givenItems } from '../helpers/lambda.js';
import { loadRoutes, dynamo, call, getsOf } from '../helpers/admin-work-routes.js';

loadRoutes('admin-work-counts');

/**
 * The counts of the administrators' waiting work in process, over a mocked table
 * (helpers/admin-work-routes.ts).
 */
describe('admin-work-counts', () => {
  it('answers every kind from its counter, read consistently: payments, withdrawals, refunds, unread messages, unmatched transfers', async () => {
    givenItems(
      dynamo,
      { PK: 'STATS#PAYMENTS', SK: 'TOTAL', pendingCount: 4, completedCount: 90 },
      { PK: 'STATS#WITHDRAWALS', SK: 'TOTAL', pending: 2, total: 11 },
      { PK: 'STATS#REFUNDS', SK: 'TOTAL', pending: 3, approved: 5, total: 9 },
      { PK: 'STATS#CONTACTS', SK: 'TOTAL', unread: 7, total: 40 },
      { PK: 'STATS#TRANSFERS', SK: 'TOTAL', unmatched: 1 },
    );
    const res = await call('admin-work-counts');
    expect(res.statusCode).toBe(200);
    expect(workCountsResponseSchema.parse(res.body).counts).toEqual({
      pendingPayments: 4,
      pendingWithdrawals: 2,
      refundRequests: 3,
      unreadMessages: 7,
      unmatchedTransfers: 1,
    });
    for (const pk of ['STATS#PAYMENTS', 'STATS#WITHDRAWALS', 'STATS#REFUNDS', 'STATS#CONTACTS', 'STATS#TRANSFERS']) {
      expect(getsOf(pk).map((c) => c.args[0].input)).toEqual([
        expect.objectContaining({ Key: { PK: pk, SK: 'TOTAL' }, ConsistentRead: true }),
      ]);
    }
    // A count is one GetItem per kind: no list is read.
    expect(dynamo.commandCalls(QueryCommand)).toEqual([]);
  });

  it('reads a counter below zero as nothing waiting', async () => {
    givenItems(dynamo, { PK: 'STATS#TRANSFERS', SK: 'TOTAL', unmatched: -1 });
    const res = await call('admin-work-counts');
    expect(workCountsResponseSchema.parse(res.body).counts.unmatchedTransfers).toBe(0);
  });

  it('reads counters that were never written as 0', async () => {
    const res = await call('admin-work-counts');
    expect(workCountsResponseSchema.parse(res.body).counts).toEqual({
      pendingPayments: 0,
      pendingWithdrawals: 0,
      refundRequests: 0,
      unreadMessages: 0,
      unmatchedTransfers: 0,
    });
  });

  it('is for administrators only', async () => {
    expect((await call('admin-work-counts', CALLERS.user)).statusCode).toBe(403);
    expect(getsOf('STATS#PAYMENTS')).toEqual([]);
  });
});
