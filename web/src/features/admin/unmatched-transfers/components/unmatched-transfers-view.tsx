import type { UnmatchedTransfer } from '@goldbot/shared';
import { NoticedColumn } from '../../components/notice-alert';
import { useDetailModal } from '../../hooks/use-detail-modal';
import { errorMessage } from '../../lib/error-message';
import { useUnmatchedTransfers } from '../api/get-unmatched-transfers';
import { TransferDetailModal } from './transfer-detail-modal';
import type { DecisionOutcome } from './transfer-decision';
import { UnmatchedTransfersTable } from './unmatched-transfers-table';

/**
 * The transfers no order took, newest first, re-read every 30 s; each opens a modal where it is
 * assigned to a customer's package or closed. The outcome is said above the list.
 */
export function UnmatchedTransfersView() {
  const list = useUnmatchedTransfers();
  const detail = useDetailModal<UnmatchedTransfer, [DecisionOutcome], [unknown]>({
    refresh: () => list.refresh(),
    decided: (outcome) => outcome.response.message,
    stale: (error) => errorMessage(error, 'This transfer can no longer be decided here.'),
  });
  const { notice } = detail;

  return (
    <NoticedColumn notice={notice}>
      <UnmatchedTransfersTable list={list} onView={detail.open} />
      {detail.selected && (
        <TransferDetailModal key={detail.selected.txid} transfer={detail.selected} {...detail.modalProps} />
      )}
    </NoticedColumn>
  );
}
