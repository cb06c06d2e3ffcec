import { classNames } from '@/lib/class-names';
import { formatStatus } from '../lib/format';

/** A subscription status as a coloured pill (active, pending, expired, rejected). */
export function StatusPill({ status }: { status: string }) {
  return <span className={classNames('status-pill', `status-pill--${status}`)}>{formatStatus(status)}</span>;
}
