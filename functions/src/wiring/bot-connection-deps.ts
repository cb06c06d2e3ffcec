import { appLink } from '../config.js';
import { dynamoConnectionStore } from '../data/trading-account-store.js';
import { botConnectedMailValues } from '../domain/email/templates.js';
import type { ConnectedMail, ConnectionDeps } from '../domain/trading/mt5-accounts.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { sendEffectMail } from './template-mail.js';
import { useCaseRuntime } from './functions-runtime.js';

/**
 * The `botConnected` template (an admin-edited item wins over the built-in default), rendered and
 * sent after the mark is committed: through the outbox, so a send SES refuses is kept and sent again
 * by job-retry-mails (wiring/template-mail.ts).
 */
export async function sendConnectedMail(mail: ConnectedMail): Promise<void> {
  const values = botConnectedMailValues({
    username: mail.username,
    packageName: mail.packageName,
    ...mail.account,
    connectedAt: mail.connectedAt,
    dashboardLink: appLink('/dashboard'),
  });
  await sendEffectMail({ to: mail.to, type: 'botConnected', values, entityId: mail.subscriptionId });
}

/** The admin's 'Mark connected', wired to DynamoDB and the mail (one set per request, for its logger). */
export const markConnectedDeps = (log: Logger): ConnectionDeps => ({
  store: dynamoConnectionStore,
  ...useCaseRuntime,
  sendConnectedMail,
  onMailFailure: logFailure(log, 'bot connected mail failed; the connection stands', 'subscriptionId'),
});
