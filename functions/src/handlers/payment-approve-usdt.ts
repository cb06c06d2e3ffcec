import { idPathSchema } from '@goldbot/shared';
import { sesMailer } from '../adapters/ses-mailer.js';
import { config } from '../config.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { dynamoPaymentReviewStore } from '../data/payment-review-store.js';
import { approvePayment, type VerifiedMail } from '../domain/commerce/payment-review.js';
import { paymentTemplateType, renderEmail, subscriptionMailValues } from '../domain/email/templates.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { newId } from '../kit/ids.js';
import { describeError } from '../kit/logger.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The package's verified template (E19, admin-edited or the default), rendered and sent through SES. */
async function sendVerifiedMail(mail: VerifiedMail): Promise<void> {
  const template = await loadEmailTemplate(paymentTemplateType(mail.packageSlug, 'verified'));
  const values = subscriptionMailValues({ ...mail, dashboardLink: `${config.appUrl}/dashboard` });
  await sesMailer.send(mail.to, renderEmail(template, values));
}

/** Approves a pending USDT payment (T2); a repeat answers "already approved", a rejected one 409. */
export const handler = defineHandler(
  { route: 'payment-approve-usdt', params: idPathSchema },
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
