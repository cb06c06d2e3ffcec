import { useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { REFUND_STATUSES, TOAST_MS, type Refund, type RefundStatus } from '@goldbot/shared';
import { countedTabs, StatusTabs } from '../../components/status-tabs';
import { NoticedColumn } from '../../components/notice-alert';
import { StatCards, statusCountCards } from '../../components/stat-cards';
import type { Decision } from '../../hooks/use-decision';
import { useDetailModal } from '../../hooks/use-detail-modal';
import type { RefundResponse } from '../api/decide-refund';
import { useRefunds } from '../api/get-refunds';
import { CreateRefundModal } from './create-refund-modal';
import { RefundDetailModal, staleRefundText } from './refund-detail-modal';
import { RefundsTable } from './refunds-table';

const TAB_LABELS: Record<RefundStatus, string> = { pending: 'Pending', approved: 'Approved', refused: 'Refused' };
const BADGE = { pending: 'warning', approved: 'success', refused: 'error' } as const;
const TABS = REFUND_STATUSES.map((status) => ({ value: status, label: TAB_LABELS[status], badge: BADGE[status] }));

/**
 * Admin refunds: stat cards and tab counts from the refund aggregates, one status's requests
 * newest first, a detail modal that approves with the payout TXID or refuses with a reason, and
 * 'Refund a payment' for any completed payment (a `?payment=` link from Package Management opens
 * it for that payment).
 */
export function RefundManagement() {
  const [tab, setTab] = useState<RefundStatus>('pending');
  const list = useRefunds(tab);
  const detail = useDetailModal<Refund, [Decision, RefundResponse], [Decision, unknown]>({
    refresh: () => list.refresh(),
    decided: (_decision, response) => response.message,
    stale: staleRefundText,
  });
  const { notice } = detail;
  const [params, setParams] = useSearchParams();
  const linkedPayment = params.get('payment');
  const [creating, setCreating] = useState(linkedPayment !== null);
  const counts = list.summary;

  const closeCreate = () => {
    setCreating(false);
    if (linkedPayment !== null) setParams({}, { replace: true });
  };

  const onCreated = (response: RefundResponse) => {
    closeCreate();
    notice.show('success', response.message, TOAST_MS.adminPaymentsAndWithdrawals);
    setTab('pending');
    void list.refresh();
  };

  return (
    <NoticedColumn notice={notice}>
      <StatCards cards={statusCountCards(counts, TABS)} />
      <Flex justifyContent="flex-end">
        <Button onClick={() => setCreating(true)}>Refund a payment</Button>
      </Flex>
      <StatusTabs tabs={countedTabs(TABS, counts)} value={tab} onChange={setTab}>
        {(shown) => <RefundsTable tab={shown} list={list} onView={detail.open} />}
      </StatusTabs>
      {detail.selected && (
        <RefundDetailModal key={detail.selected._id} refund={detail.selected} {...detail.modalProps} />
      )}
      {creating && (
        <CreateRefundModal paymentId={linkedPayment ?? undefined} onClose={closeCreate} onCreated={onCreated} />
      )}
    </NoticedColumn>
  );
}
