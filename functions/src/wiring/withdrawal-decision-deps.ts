import { config } from '../config.js';
import { withdrawalMailValues } from '../domain/email/templates.js';
import type { DecisionDeps, DecisionMail } from '../domain/withdrawals/withdrawals.js';
import { describeError, type Logger } from '../kit/logger.js';
import { sendTemplateMail } from './template-mail.js';
import { withdrawals } from './withdrawal-deps.js';

/** The decision's template (an admin-edited item wins over the built-in default), rendered and sent. */
export async function sendDecisionMail(mail: DecisionMail): Promise<void> {
  const values = withdrawalMailValues({ ...mail, dashboardLink: `${config.appUrl.replace(/\/+$/, '')}/dashboard` });
  await sendTemplateMail(mail.to, mail.decision === 'approved' ? 'withdrawalApproved' : 'withdrawalRejected', values);
}

/**
 * The admin's approve and reject, wired to DynamoDB and the decision mail (one set per request, for
 * its logger). The approval adds the payout's on-chain check (withdrawal-approval-deps.ts), so the
 * rejection bundles no TRON client.
 */
export const decisionDeps = (log: Logger): DecisionDeps => ({
  ...withdrawals,
  sendDecisionMail,
  onMailFailure: (error, withdrawalId) =>
    log.error('withdrawal decision mail failed; the decision stands', { withdrawalId, ...describeError(error) }),
});
