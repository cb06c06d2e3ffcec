import type { ApprovalDeps } from '../domain/commerce/payment-review.js';
import { describeError, type Logger } from '../kit/logger.js';
import { paymentReviewDeps } from './payment-review-deps.js';
import { sendVerifiedMail } from './payment-verified-mail.js';

/**
 * What approving a payment needs, whether an admin approves it or the on-chain check does: the
 * review's dependencies and the customer's verified mail, whose failure is logged and never undoes
 * the approval.
 */
export const paymentApprovalDeps = (log: Logger): ApprovalDeps => ({
  ...paymentReviewDeps,
  sendVerifiedMail,
  onMailFailure: (error, paymentId) =>
    log.error('payment verified mail neither sent nor kept for retry; the approval stands', {
      paymentId,
      ...describeError(error),
    }),
});
