import { appLink } from '../config.js';
import { dynamoWithdrawalStore } from '../data/withdrawal-store.js';
import { withdrawalMailValues } from '../domain/email/templates.js';
import type { DecisionDeps, DecisionMail } from '../domain/withdrawals/withdrawals.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { sendEffectMail } from './template-mail.js';
import { useCaseRuntime } from './functions-runtime.js';

/** The decision's template (an admin-edited item wins over the built-in default), rendered and sent; kept in the outbox when SES refuses it. */
export async function sendDecisionMail(mail: DecisionMail): Promise<void> {
  const values = withdrawalMailValues({ ...mail, dashboardLink: appLink('/dashboard') });
  await sendEffectMail({
    to: mail.to,
    type: mail.decision === 'approved' ? 'withdrawalApproved' : 'withdrawalRejected',
    values,
    entityId: mail.withdrawalId,
  });
}

/**
 * The admin's approve and reject, wired to DynamoDB and the decision mail (one set per request, for
 * its logger). The approval adds the payout's on-chain check (withdrawal-approval-deps.ts), so the
 * rejection bundles no TRON client.
 */
export const rejectWithdrawalDeps = (log: Logger): DecisionDeps => ({
  store: dynamoWithdrawalStore,
  ...useCaseRuntime,
  sendDecisionMail,
  onMailFailure: logFailure(
    log,
    'withdrawal decision mail neither sent nor kept for retry; the decision stands',
    'withdrawalId',
  ),
});
