import { Badge, type BadgeVariations } from '@aws-amplify/ui-react';

/**
 * Every status an admin list shows: payments (refunded too), withdrawals, refunds (refused too),
 * subscriptions (active, pending, expired, rejected, refunded), users (active or inactive) and
 * contact messages (read or unread).
 */
export type AdminStatus =
  | 'pending'
  | 'completed'
  | 'approved'
  | 'rejected'
  | 'refunded'
  | 'refused'
  | 'active'
  | 'inactive'
  | 'expired'
  | 'read'
  | 'unread';

const STATUS: Record<AdminStatus, { label: string; variation: BadgeVariations | undefined }> = {
  pending: { label: 'Pending', variation: 'warning' },
  completed: { label: 'Completed', variation: 'success' },
  approved: { label: 'Approved', variation: 'success' },
  rejected: { label: 'Rejected', variation: 'error' },
  refunded: { label: 'Refunded', variation: 'info' },
  refused: { label: 'Refused', variation: 'error' },
  active: { label: 'Active', variation: 'success' },
  inactive: { label: 'Inactive', variation: 'error' },
  expired: { label: 'Expired', variation: undefined },
  read: { label: 'Read', variation: undefined },
  unread: { label: 'Unread', variation: 'info' },
};

export function StatusBadge({ status }: { status: AdminStatus }) {
  const { label, variation } = STATUS[status];
  return <Badge variation={variation}>{label}</Badge>;
}
