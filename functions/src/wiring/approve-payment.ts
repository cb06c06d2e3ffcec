import { appLink } from '../config.js';
import { dynamoPaymentReviewStore } from '../data/payment-review-store.js';
import type { ApprovalDeps, VerifiedMail } from '../domain/commerce/payment-decisions.js';
import { paymentTemplateType, subscriptionMailValues } from '../domain/email/templates.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { sendEffectMail } from './template-mail.js';
import { useCaseRuntime } from './functions-runtime.js';

/**
 * The package's verified mail after an approval, by an admin or by the system on an on-chain
 * match: the template (admin-edited or the default), rendered and sent through SES; kept in the
 * outbox when SES refuses it.
 */
export async function sendVerifiedMail(mail: VerifiedMail): Promise<void> {
  const values = subscriptionMailValues({ ...mail, dashboardLink: appLink('/dashboard') });
  await sendEffectMail({
    to: mail.to,
    type: paymentTemplateType(mail.packageSlug, 'verified'),
    values,
    entityId: mail.paymentId,
  });
}

/**
 * What approving a payment needs, whether an admin approves it (payment-approve-usdt) or the
 * system does on an on-chain match (chain-check-deps.ts, binding-deps.ts): the review store, the
 * clock, fresh ids, a pause between retries, and the customer's verified mail, whose failure is
 * logged and never undoes the approval. The rejection mails nobody and is wired in commerce.ts.
 */
export const approvePaymentDeps = (log: Logger): ApprovalDeps => ({
  store: dynamoPaymentReviewStore,
  ...useCaseRuntime,
  sendVerifiedMail,
  onMailFailure: logFailure(
    log,
    'payment verified mail neither sent nor kept for retry; the approval stands',
    'paymentId',
  ),
});
