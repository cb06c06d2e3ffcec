import { randomUUID } from 'node:crypto';
import { dynamoMailOutboxStore } from '../data/outbox-mail-store.js';
import type { ResendDeps, RetryRunDeps } from '../domain/email/mail-outbox.js';
import type { Logger } from '../kit/logger.js';
import { newId } from '../kit/ids.js';
import { sendOutboxMail } from './template-mail.js';

/** `job-retry-mails`: the outbox in DynamoDB and SES, on the run's clock. */
export const retryDueMailsDeps = (log: Logger, remainingMs: () => number): RetryRunDeps => ({
  outbox: dynamoMailOutboxStore,
  send: sendOutboxMail,
  now: () => new Date(),
  newClaimId: randomUUID,
  remainingMs,
  log,
});

/** An admin's resend of a failed mail. */
export const resendFailedMailDeps: ResendDeps = {
  outbox: dynamoMailOutboxStore,
  send: sendOutboxMail,
  now: () => new Date(),
  newClaimId: randomUUID,
  newId: () => newId(),
};
