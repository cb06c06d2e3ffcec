import { Badge, type BadgeVariations } from '@aws-amplify/ui-react';

/** Every status an admin list shows: payments (admin §4) and withdrawals. */
export type AdminStatus = 'pending' | 'completed' | 'approved' | 'rejected';

const STATUS: Record<AdminStatus, { label: string; variation: BadgeVariations }> = {
  pending: { label: 'Pending', variation: 'warning' },
  completed: { label: 'Completed', variation: 'success' },
  approved: { label: 'Approved', variation: 'success' },
  rejected: { label: 'Rejected', variation: 'error' },
};

export function StatusBadge({ status }: { status: AdminStatus }) {
  const { label, variation } = STATUS[status];
  return <Badge variation={variation}>{label}</Badge>;
}
