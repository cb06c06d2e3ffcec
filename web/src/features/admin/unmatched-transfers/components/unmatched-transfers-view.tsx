import { useState } from 'react';
import { Flex } from '@aws-amplify/ui-react';
import { TOAST_MS, type UnmatchedTransfer } from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
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
  const [selected, setSelected] = useState<UnmatchedTransfer | null>(null);
  const notice = useNotice();

  const onDecided = (outcome: DecisionOutcome) => {
    setSelected(null);
    notice.show('success', outcome.response.message, TOAST_MS.adminPaymentsAndWithdrawals);
    void list.refresh();
  };

  const onStale = (error: ApiError) => {
    // Another admin decided it meanwhile (or it is gone): say so, and show the list as it is now.
    setSelected(null);
    notice.show('error', errorMessage(error, 'This transfer can no longer be decided here.'));
    void list.refresh();
  };

  return (
    <Flex direction="column" gap="large">
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      <UnmatchedTransfersTable list={list} onView={setSelected} />
      {selected && (
        <TransferDetailModal
          key={selected.txid}
          transfer={selected}
          onClose={() => setSelected(null)}
          onDecided={onDecided}
          onStale={onStale}
        />
      )}
    </Flex>
  );
}
