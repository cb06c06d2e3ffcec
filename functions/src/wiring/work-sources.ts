import {
  mailKindsOf,
  type ArrivalsReader,
  type WaitingReader,
  type WorkSource,
  type WorkSources,
} from '../domain/admin/waiting-work.js';
import {
  listMessagesArrived,
  listPaymentsArrived,
  listRefundsArrived,
  listWithdrawalsArrived,
} from '../data/new-work-arrivals.js';
import {
  readPendingPaymentsWaiting,
  readPendingWithdrawalsWaiting,
  readRefundRequestsWaiting,
  readUnmatchedTransfersWaiting,
  readUnreadMessagesWaiting,
} from '../data/work-counters.js';

/**
 * Every kind of work as this build knows it: its count (the navigation), its arrivals and its
 * back-office screen (the new-work mail). A kind without a list of arrivals has no new-work mail,
 * so Subscription Settings shows no switch for it. Connecting a kind is pointing its entries at
 * its counter and its time-ordered list.
 */
/** A kind counted and mailed about: its counter, its time-ordered arrivals and its back-office screen. */
const mailed = (waiting: WaitingReader, arrivals: ArrivalsReader, screen: string): WorkSource => ({
  waiting,
  mail: { arrivals, screen },
});

export const WORK_SOURCES: WorkSources = {
  pendingPayments: mailed(readPendingPaymentsWaiting, listPaymentsArrived, '/admin/payments'),
  pendingWithdrawals: mailed(readPendingWithdrawalsWaiting, listWithdrawalsArrived, '/admin/withdrawals'),
  refundRequests: mailed(readRefundRequestsWaiting, listRefundsArrived, '/admin/refunds'),
  unreadMessages: mailed(readUnreadMessagesWaiting, listMessagesArrived, '/admin/contact-detail'),
  // Counted, but no new-work mail: the wallet watcher already mails every administrator each
  // unmatched transfer as it records it (the unmatchedTransfer template), with its amount, sender
  // and reason. A second, digest mail would tell them twice.
  unmatchedTransfers: { waiting: readUnmatchedTransfersWaiting, mail: null },
};

/** The kinds the new-work mail reports here: the switches Subscription Settings shows. */
export const MAIL_KINDS = mailKindsOf(WORK_SOURCES);
