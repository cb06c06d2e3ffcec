import { classNames } from '@/lib/class-names';
import { formatStatus } from '@/lib/format';
import './status-pill.css';

/**
 * A subscription, withdrawal or refund status as a coloured pill (active, approved, pending, expired,
 * rejected, refunded, refused); `label` words it otherwise ('Refund requested').
 */
export function StatusPill({ status, label }: { status: string; label?: string }) {
  return <span className={classNames('status-pill', `status-pill--${status}`)}>{label ?? formatStatus(status)}</span>;
}
