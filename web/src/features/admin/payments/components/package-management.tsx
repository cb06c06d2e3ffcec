import { useState } from 'react';
import type { Payment } from '@goldbot/shared';
import { ExportCsvButton } from '../../components/export-csv-button';
import { StatusTabs } from '../../components/status-tabs';
import { NoticedColumn } from '../../components/notice-alert';
import { SearchToolbar } from '../../components/server-search-field';
import { StatCards, statusCountCards } from '../../components/stat-cards';
import { useDetailModal } from '../../hooks/use-detail-modal';
import { useServerSearch } from '../../hooks/use-server-search';
import type { PaymentDecision } from '../api/decide-payment';
import { useAllPayments } from '../api/get-all-payments';
import { usePendingPayments } from '../api/get-pending-payments';
import { decisionErrorText, PaymentDetailModal } from './payment-detail-modal';
import { PaymentsTable } from './payments-table';

type TabValue = 'pending' | 'all';

const CARD_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
] as const;

const SUCCESS = {
  approve: (name: string) => `Payment for ${name} has been successfully approved!`,
  reject: (name: string) => `Payment for ${name} has been rejected.`,
} as const;

/**
 * Admin payments, 'Package Management': stat cards from the server's
 * summary, the pending USDT payments and all payments in two tabs, one search for both, a detail
 * modal that approves or rejects. Both lists are re-read every 30 s in the background.
 */
export function PackageManagement() {
  const search = useServerSearch();
  const pending = usePendingPayments(search.search);
  const all = useAllPayments(search.search);
  const [tab, setTab] = useState<TabValue>('pending');
  const summary = pending.summary ?? all.summary;

  const refreshLists = () => Promise.all([pending.refresh(), all.refresh()]);
  const detail = useDetailModal<Payment, [PaymentDecision, Payment], [PaymentDecision, unknown]>({
    refresh: refreshLists,
    decided: (decision, payment) => SUCCESS[decision](payment.userId.username),
    stale: decisionErrorText,
  });
  const { notice } = detail;

  return (
    <NoticedColumn notice={notice}>
      <StatCards cards={statusCountCards(summary, CARD_STATUSES)} />
      <SearchToolbar label="Search payments" placeholder="Search by username, email or TXID" search={search}>
        <ExportCsvButton dataset="payments" query={{ status: tab, search: search.search }} />
      </SearchToolbar>
      <StatusTabs
        tabs={[
          { value: 'pending', label: 'Pending USDT', count: summary?.pending ?? 0, badge: 'warning' },
          { value: 'all', label: 'All Payments' },
        ]}
        value={tab}
        onChange={setTab}
      >
        {({ value }) =>
          value === 'pending' ? (
            <PaymentsTable
              label="Pending USDT payments"
              list={pending}
              emptyText="No pending USDT payments"
              errorText="Failed to fetch pending payments"
              onView={detail.open}
            />
          ) : (
            <PaymentsTable
              label="All payments"
              list={all}
              emptyText="No payments found"
              errorText="Failed to fetch all payments"
              onView={detail.open}
            />
          )
        }
      </StatusTabs>
      {detail.selected && (
        <PaymentDetailModal
          key={detail.selected._id}
          payment={detail.selected}
          {...detail.modalProps}
          onChecked={() => void refreshLists()}
        />
      )}
    </NoticedColumn>
  );
}
