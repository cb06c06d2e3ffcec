import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { paymentDecisionResponseSchema } from '@goldbot/shared';
import { paymentKey, toPaymentItem } from '../../src/data/payment-entity.js';
import { SAMPLE_PAYMENT_ID, paymentReviewSampleWorld, pendingPayment } from '../helpers/payment-samples.js';
import { dynamo, outbox, call } from '../helpers/payment-review-routes.js';

/**
 * payment-approve-usdt in process, a thin adapter over its use case, with the table and SES mocked
 * (helpers/payment-review-routes.ts).
 */
describe('payment-approve-usdt', () => {
  it('approves and mails the Basic verified template to the buyer', async () => {
    paymentReviewSampleWorld(dynamo)['payment-approve-usdt']();
    const res = await call('payment-approve-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(res.statusCode).toBe(200);
    expect(paymentDecisionResponseSchema.parse(res.body)).toMatchObject({
      message: 'Payment for jane_doe has been successfully approved!',
      payment: { status: 'completed' },
    });
    const mail = outbox.mails[0];
    expect(mail?.to).toEqual(['jane.doe@example.com']);
    expect(mail?.html).toContain('jane_doe');
    expect(dynamo.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: 'TEMPLATES',
      SK: 'TEMPLATE#basicPackagePaymentVerified',
    });
  });

  it('keeps the approval when SES fails', async () => {
    paymentReviewSampleWorld(dynamo)['payment-approve-usdt']();
    outbox.refuse();
    const res = await call('payment-approve-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // SES was asked once (a refusal is not sent again) and sent nothing.
    expect([outbox.requests.length, outbox.mails.length]).toEqual([1, 0]);
  });

  it('answers 409 when another admin rejected it first, and 404 for an unknown id', async () => {
    paymentReviewSampleWorld(dynamo)['payment-approve-usdt']();
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    dynamo
      .on(GetCommand, { Key: paymentKey(SAMPLE_PAYMENT_ID) })
      .resolvesOnce({ Item: toPaymentItem(pendingPayment()) })
      .resolves({ Item: toPaymentItem(pendingPayment({ status: 'rejected' })) });
    const raced = await call('payment-approve-usdt', { pathParameters: { id: SAMPLE_PAYMENT_ID } });
    expect(raced.statusCode).toBe(409);
    expect(raced.body).toMatchObject({ message: 'This payment was already rejected by another admin.' });
    expect(outbox.mails).toHaveLength(0);

    const unknown = await call('payment-approve-usdt', { pathParameters: { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX' } });
    expect(unknown.statusCode).toBe(404);
  });
});
