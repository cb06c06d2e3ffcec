import { appLink } from '../config.js';
import { dynamoUnmatchedTransferStore } from '../data/unmatched-transfer-store.js';
import type { UnmatchedDeps } from '../domain/commerce/unmatched-transfers.js';
import { newId } from '../kit/ids.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { templateMailer } from './template-mail.js';

/** Deciding an unmatched transfer: the store, the clock, fresh ids and the customer's pending mail. */
export const assignTransferDeps = (log: Logger): UnmatchedDeps => ({
  store: dynamoUnmatchedTransferStore,
  now: () => new Date(),
  newId,
  mailer: templateMailer,
  dashboardLink: appLink('/dashboard'),
  onMailFailure: logFailure(
    log,
    'pending mail of an assigned transfer neither sent nor kept for retry; the assignment stands',
    'paymentId',
  ),
});
