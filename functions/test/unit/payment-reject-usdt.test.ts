import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PAYMENT_ID, paymentReviewSampleWorld } from '../helpers/payment-samples.js';
import { dynamo, outbox, call } from '../helpers/payment-review-routes.js';

/**
 * payment-reject-usdt in process, a thin adapter over its use case, with the table and SES mocked
 * (helpers/payment-review-routes.ts).
 */
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
