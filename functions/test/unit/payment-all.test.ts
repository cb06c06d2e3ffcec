import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { allPaymentsResponseSchema, pendingPaymentsResponseSchema } from '@goldbot/shared';
import { toPaymentItem } from '../../src/data/payment-entity.js';
import { pendingPayment } from '../helpers/payment-samples.js';
import { dynamo, call } from '../helpers/payment-review-routes.js';

/**
 * The admin's payment lists, payment-all and payment-pending-usdt, in process, a thin adapter over
 * its use case, with the table and SES mocked (helpers/payment-review-routes.ts).
 */
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
