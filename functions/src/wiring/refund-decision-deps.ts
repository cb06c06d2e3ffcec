import { appLink } from '../config.js';
import { dynamoRefundStore } from '../data/refund-store.js';
import { refundMailValues } from '../domain/email/templates.js';
import type { RefundDecisionDeps, RefundMail } from '../domain/refunds/refunds.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { sendEffectMail } from './template-mail.js';
import { useCaseRuntime } from './functions-runtime.js';

/** The decision's template (an admin-edited item wins over the built-in default), rendered and sent; kept in the outbox when SES refuses it. */
export async function sendRefundMail(mail: RefundMail): Promise<void> {
  const values = refundMailValues({ ...mail, dashboardLink: appLink('/dashboard') });
  await sendEffectMail({
    to: mail.to,
    type: mail.decision === 'approved' ? 'refundApproved' : 'refundRefused',
    values,
    entityId: mail.refundId,
  });
}

/** The admin's approve and refuse, wired to DynamoDB and the customer's mail (one set per request, for its logger). */
export const refundDecisionDeps = (log: Logger): RefundDecisionDeps => ({
  store: dynamoRefundStore,
  ...useCaseRuntime,
  sendRefundMail,
  onMailFailure: logFailure(
    log,
    'refund decision mail neither sent nor kept for retry; the decision stands',
    'refundId',
  ),
});
