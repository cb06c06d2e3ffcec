import { mailKindsOf, type WorkSources } from '../domain/admin/waiting-work.js';
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
export const WORK_SOURCES: WorkSources = {
  pendingPayments: {
    waiting: readPendingPaymentsWaiting,
    mail: { arrivals: listPaymentsArrived, screen: '/admin/payments' },
  },
  pendingWithdrawals: {
    waiting: readPendingWithdrawalsWaiting,
    mail: { arrivals: listWithdrawalsArrived, screen: '/admin/withdrawals' },
  },
  refundRequests: {
    waiting: readRefundRequestsWaiting,
    mail: { arrivals: listRefundsArrived, screen: '/admin/refunds' },
  },
  unreadMessages: {
    waiting: readUnreadMessagesWaiting,
    mail: { arrivals: listMessagesArrived, screen: '/admin/contact-detail' },
  },
  // Counted, but no new-work mail: the wallet watcher already mails every administrator each
  // unmatched transfer as it records it (the unmatchedTransfer template), with its amount, sender
  // and reason. A second, digest mail would tell them twice.
  unmatchedTransfers: { waiting: readUnmatchedTransfersWaiting, mail: null },
};

/** The kinds the new-work mail reports here: the switches Subscription Settings shows. */
export const MAIL_KINDS = mailKindsOf(WORK_SOURCES);
