import type { WorkKind } from '@goldbot/shared';
import { paths } from '@/config/paths';

/**
 * The navigation entry that shows each kind's count: the screen where that work is done. A kind
 * whose screen has no entry here shows no count in the navigation (its mail still goes out).
 */
export const NAV_WORK_KINDS: ReadonlyMap<string, WorkKind> = new Map<string, WorkKind>([
  [paths.admin.payments.path, 'pendingPayments'],
  [paths.admin.withdrawals.path, 'pendingWithdrawals'],
  [paths.admin.refunds.path, 'refundRequests'],
  [paths.admin.contactDetail.path, 'unreadMessages'],
  [paths.admin.unmatchedTransfers.path, 'unmatchedTransfers'],
]);
