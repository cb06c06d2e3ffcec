import { sesMailer } from '../adapters/ses-mailer.js';
import { config } from '../config.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { dynamoWithdrawalStore } from '../data/withdrawal-store.js';
import { renderEmail, withdrawalMailValues } from '../domain/email/templates.js';
import type { DecisionDeps, DecisionMail, WithdrawalDeps } from '../domain/withdrawals/withdrawals.js';
import { newId } from '../kit/ids.js';
import type { Logger } from '../kit/logger.js';
import { describeError } from '../kit/logger.js';

/** The withdrawal use cases wired to DynamoDB and SES; built once per execution environment. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const withdrawals: WithdrawalDeps = { store: dynamoWithdrawalStore, now: () => new Date(), newId, sleep };

/** The decision's template (E19: an admin-edited item wins over the built-in default), rendered and sent. */
export async function sendDecisionMail(mail: DecisionMail): Promise<void> {
  const template = await loadEmailTemplate(mail.decision === 'approved' ? 'withdrawalApproved' : 'withdrawalRejected');
  const values = withdrawalMailValues({ ...mail, dashboardLink: `${config.appUrl.replace(/\/+$/, '')}/dashboard` });
  await sesMailer.send(mail.to, renderEmail(template, values));
}

export const decisionDeps = (log: Logger): DecisionDeps => ({
  ...withdrawals,
  sendDecisionMail,
  onMailFailure: (error, withdrawalId) =>
    log.error('withdrawal decision mail failed; the decision stands', { withdrawalId, ...describeError(error) }),
});
