import { mailKindsOf, type WorkSources } from '../domain/admin/waiting-work.js';
import { listMessagesArrived, listPaymentsArrived, listWithdrawalsArrived } from '../data/new-work-arrivals.js';
import {
  readPendingPaymentsWaiting,
  readPendingWithdrawalsWaiting,
  readRefundRequestsWaiting,
  readUnmatchedTransfersWaiting,
  readUnreadMessagesWaiting,
} from '../data/work-counters.js';

/**
 * Every kind of work as this build knows it: its count (the navigation), its arrivals and its
 * back-office screen (the new-work mail). A kind this build does not have reads null and has no
 * mail, so neither the navigation nor Subscription Settings shows it. Connecting a kind is
 * pointing its entries at its counter and its time-ordered list.
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
  refundRequests: { waiting: readRefundRequestsWaiting, mail: null },
  // New messages are listed (the mail reports them); how many are unread is not kept on the server.
  unreadMessages: {
    waiting: readUnreadMessagesWaiting,
    mail: { arrivals: listMessagesArrived, screen: '/admin/contact-detail' },
  },
  unmatchedTransfers: { waiting: readUnmatchedTransfersWaiting, mail: null },
};

/** The kinds the new-work mail reports here: the switches Subscription Settings shows. */
export const MAIL_KINDS = mailKindsOf(WORK_SOURCES);
