import { config } from '../config.js';
import { withdrawalMailValues } from '../domain/email/templates.js';
import { judgeAndSavePayout } from '../domain/withdrawals/payout-check.js';
import type { DecisionDeps, DecisionMail } from '../domain/withdrawals/withdrawals.js';
import { describeError, type Logger } from '../kit/logger.js';
import { sendTemplateMail } from './template-mail.js';
import { payoutCheckDeps, tronApi } from './payout-check-deps.js';
import { withdrawals } from './withdrawal-deps.js';

/** The decision's template (an admin-edited item wins over the built-in default), rendered and sent. */
export async function sendDecisionMail(mail: DecisionMail): Promise<void> {
  const values = withdrawalMailValues({ ...mail, dashboardLink: `${config.appUrl.replace(/\/+$/, '')}/dashboard` });
  await sendTemplateMail(mail.to, mail.decision === 'approved' ? 'withdrawalApproved' : 'withdrawalRejected', values);
}

/**
 * The approval's on-chain check of the payout stays within this, so the approval answers well
 * inside the function's 10 s (the commit and the mail come first); a slow TRON API gives an
 * 'error' verdict that the admin's 'Check on chain' asks again.
 */
const APPROVAL_CHECK_BUDGET_MS = 4_000;

/** The admin's approve and reject, wired to DynamoDB, the decision mail and the payout check (one set per request, for its logger). */
export const decisionDeps = (log: Logger): DecisionDeps => ({
  ...withdrawals,
  sendDecisionMail,
  onMailFailure: (error, withdrawalId) =>
    log.error('withdrawal decision mail failed; the decision stands', { withdrawalId, ...describeError(error) }),
  // Without a TRON API (TRON_API_URL unset) the payout is not checked: the admin reads the TXID on a block explorer.
  ...(tronApi
    ? {
        checkPayout: (withdrawal) =>
          judgeAndSavePayout(payoutCheckDeps(log), withdrawal, { budgetMs: APPROVAL_CHECK_BUDGET_MS }),
        onCheckFailure: (error, withdrawalId) =>
          log.error('payout chain check failed; the approval stands', { withdrawalId, ...describeError(error) }),
      }
    : {}),
});
