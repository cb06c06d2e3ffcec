import { appLink } from '../config.js';
import { dynamoActivationStore } from '../data/activation-store.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import type { ActivationDeps } from '../domain/commerce/activation-mails.js';
import { newId } from '../kit/ids.js';
import { describeError, type Logger } from '../kit/logger.js';
import { templateMailer } from './template-mail.js';

/**
 * The activation mails wired to DynamoDB and SES, for the admin route and the scheduled job alike:
 * one module, one claim rule, so the button and the job can race safely.
 */
export const sendActivationMailsDeps = (
  log: Logger,
  remainingMs?: () => number,
  reserveMs?: number,
): ActivationDeps => ({
  store: dynamoActivationStore,
  mailer: templateMailer,
  loadTemplate: () => loadEmailTemplate('subscriptionActivation'),
  now: () => new Date(),
  newId,
  dashboardLink: appLink('/dashboard'),
  onFailure: (subscription, stage, error) =>
    log.error(
      stage === 'mail'
        ? 'activation mail failed; the claim is put back for the next run'
        : 'activation claim could not be put back; the row is marked sent without a mail',
      { subscriptionId: subscription._id, userId: subscription.userId, ...describeError(error) },
    ),
  onAuditFailure: (entry, error) =>
    log.error('activation mails audit entry could not be written', { auditEntry: entry, ...describeError(error) }),
  ...(remainingMs ? { remainingMs } : {}),
  ...(reserveMs === undefined ? {} : { reserveMs }),
});
