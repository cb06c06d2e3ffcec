import { classNames } from '@/lib/class-names';
import { formatStatus } from '@/lib/format';
import './status-pill.css';

/** A subscription or withdrawal status as a coloured pill (active, approved, pending, expired, rejected). */
export function StatusPill({ status }: { status: string }) {
  return <span className={classNames('status-pill', `status-pill--${status}`)}>{formatStatus(status)}</span>;
}
