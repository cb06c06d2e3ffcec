import { idPathSchema } from '@goldbot/shared';
import { dynamoPaymentReviewStore } from '../data/payment-review-store.js';
import { approvePayment } from '../domain/commerce/payment-review.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { newId } from '../kit/ids.js';
import { describeError } from '../kit/logger.js';
import { sendVerifiedMail } from '../services/payment-verified-mail.js';
import { sleep } from '../kit/retry.js';

/** Approves a pending USDT payment (T2); a repeat answers "already approved", a rejected one 409. */
export const handler = defineHandler(
  { route: 'payment-approve-usdt', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await approvePayment(
      {
        store: dynamoPaymentReviewStore,
        now: () => new Date(),
        newId,
        sleep,
        sendVerifiedMail,
        onMailFailure: (error, paymentId) =>
          log.error('payment verified mail failed; the approval stands', { paymentId, ...describeError(error) }),
      },
      params.id,
      caller.userId,
    );
    log.info('payment approval answered', {
      paymentId: params.id,
      adminId: caller.userId,
      status: result.payment.status,
    });
    return ok(result);
  },
);
