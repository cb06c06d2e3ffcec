import { Badge, type BadgeVariations } from '@aws-amplify/ui-react';
import type { Payment } from '@goldbot/shared';

const STATUS: Record<Payment['status'], { label: string; variation: BadgeVariations }> = {
  pending: { label: 'Pending', variation: 'warning' },
  completed: { label: 'Completed', variation: 'success' },
  rejected: { label: 'Rejected', variation: 'error' },
};

export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const { label, variation } = STATUS[status];
  return <Badge variation={variation}>{label}</Badge>;
}
