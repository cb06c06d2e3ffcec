import { useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { REFUND_STATUSES, TOAST_MS, type Refund, type RefundStatus } from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { StatusTabs } from '../../components/status-tabs';
import { NoticeAlert } from '../../components/notice-alert';
import { StatCards } from '../../components/stat-cards';
import type { Decision } from '../../hooks/use-decision';
import { useNotice } from '../../hooks/use-notice';
import type { RefundResponse } from '../api/decide-refund';
import { useRefunds } from '../api/get-refunds';
import { CreateRefundModal } from './create-refund-modal';
import { RefundDetailModal, staleRefundText } from './refund-detail-modal';
import { RefundsTable } from './refunds-table';

const TAB_LABELS: Record<RefundStatus, string> = { pending: 'Pending', approved: 'Approved', refused: 'Refused' };
const BADGE = { pending: 'warning', approved: 'success', refused: 'error' } as const;

/** The empty list's text: 'No pending refund requests', ... */
export const emptyRefundsText = (status: RefundStatus) => `No ${status} refund requests`;

/**
 * Admin refunds: stat cards and tab counts from the refund aggregates, one status's requests
 * newest first, a detail modal that approves with the payout TXID or refuses with a reason, and
 * 'Refund a payment' for any completed payment (a `?payment=` link from Package Management opens
 * it for that payment).
 */
export function RefundManagement() {
  const [tab, setTab] = useState<RefundStatus>('pending');
  const list = useRefunds(tab);
  const [selected, setSelected] = useState<Refund | null>(null);
  const [params, setParams] = useSearchParams();
  const linkedPayment = params.get('payment');
  const [creating, setCreating] = useState(linkedPayment !== null);
  const notice = useNotice();
  const counts = list.summary;

  const closeCreate = () => {
    setCreating(false);
    if (linkedPayment !== null) setParams({}, { replace: true });
  };

  const onDecided = (_decision: Decision, response: RefundResponse) => {
    setSelected(null);
    notice.show('success', response.message, TOAST_MS.adminPaymentsAndWithdrawals);
    void list.refresh();
  };

  const onStale = (decision: Decision, error: ApiError) => {
    // Decided elsewhere meanwhile (or gone): say what the server said, show the list as it is now.
    setSelected(null);
    notice.show('error', staleRefundText(decision, error));
    void list.refresh();
  };

  const onCreated = (response: RefundResponse) => {
    closeCreate();
    notice.show('success', response.message, TOAST_MS.adminPaymentsAndWithdrawals);
    setTab('pending');
    void list.refresh();
  };

  return (
    <Flex direction="column" gap="large">
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      <StatCards
        cards={[
          { label: 'Total', value: counts?.total },
          { label: 'Pending', value: counts?.pending, highlight: true },
          { label: 'Approved', value: counts?.approved },
          { label: 'Refused', value: counts?.refused },
        ]}
      />
      <Flex justifyContent="flex-end">
        <Button onClick={() => setCreating(true)}>Refund a payment</Button>
      </Flex>
      <StatusTabs
        tabs={REFUND_STATUSES.map((status) => ({
          value: status,
          label: TAB_LABELS[status],
          count: counts ? counts[status] : 0,
          badge: BADGE[status],
        }))}
        value={tab}
        onChange={setTab}
      >
        {({ value, label }) => (
          <RefundsTable
            label={`${label} refund requests`}
            list={list}
            emptyText={emptyRefundsText(value)}
            onView={setSelected}
          />
        )}
      </StatusTabs>
      {selected && (
        <RefundDetailModal
          key={selected._id}
          refund={selected}
          onClose={() => setSelected(null)}
          onDecided={onDecided}
          onStale={onStale}
        />
      )}
      {creating && (
        <CreateRefundModal paymentId={linkedPayment ?? undefined} onClose={closeCreate} onCreated={onCreated} />
      )}
    </Flex>
  );
}
