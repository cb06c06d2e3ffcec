import { useState } from 'react';
import { Flex, View } from '@aws-amplify/ui-react';
import { TOAST_MS, WITHDRAWAL_MESSAGES, type Withdrawal } from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { ExportCsvButton } from '../../components/export-csv-button';
import { StatusTabs } from '../../components/status-tabs';
import { NoticeAlert } from '../../components/notice-alert';
import { ServerSearchField } from '../../components/server-search-field';
import { StatCards } from '../../components/stat-cards';
import type { Decision } from '../../hooks/use-decision';
import { useNotice } from '../../hooks/use-notice';
import { useServerSearch } from '../../hooks/use-server-search';
import { useWithdrawals, type WithdrawalTab } from '../api/get-withdrawals';
import type { WithdrawalDecisionResponse } from '../api/decide-withdrawal';
import { payoutVerdictText } from './payout-section';
import { staleText, WithdrawalDetailModal } from './withdrawal-detail-modal';
import { WithdrawalsTable } from './withdrawals-table';

const TABS: ReadonlyArray<{ value: WithdrawalTab; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const BADGE = { all: undefined, pending: 'warning', approved: 'success', rejected: 'error' } as const;

const SUCCESS: Record<Decision, string> = {
  approve: WITHDRAWAL_MESSAGES.approved,
  reject: WITHDRAWAL_MESSAGES.rejected,
};

/** The empty list's text: 'No withdrawal requests found' or 'No {status} withdrawal requests found'. */
export const emptyText = (tab: WithdrawalTab) =>
  tab === 'all' ? 'No withdrawal requests found' : `No ${tab} withdrawal requests found`;

/**
 * Admin withdrawals: stat cards and tab counts from the server's counts,
 * the requests of the chosen status with a server search on username, e-mail or wallet, and a
 * detail modal that approves (with the payout's TXID) or rejects with an optional note for the
 * user's e-mail. Approved rows carry the payout's on-chain verdict; a mismatch is flagged.
 */
export function WithdrawalManagement() {
  const search = useServerSearch();
  const [tab, setTab] = useState<WithdrawalTab>('all');
  const list = useWithdrawals(tab, search.search);
  const [selected, setSelected] = useState<Withdrawal | null>(null);
  const notice = useNotice();
  const counts = list.summary;

  const onDecided = (decision: Decision, response: WithdrawalDecisionResponse) => {
    setSelected(null);
    // The server's message says what was paid out and what remains (or the spec's sentence when nothing does).
    const message = response.message || SUCCESS[decision];
    if (decision === 'approve') {
      // With what the chain says about the payout: a mismatch stays on screen until dismissed.
      const check = response.withdrawal.payoutCheck;
      const mismatch = check?.status === 'mismatch';
      notice.show(
        mismatch ? 'error' : 'success',
        `${message} ${payoutVerdictText(check)}`,
        mismatch ? undefined : TOAST_MS.adminPaymentsAndWithdrawals,
      );
    } else {
      notice.show('success', message, TOAST_MS.adminPaymentsAndWithdrawals);
    }
    void list.refresh();
  };

  const onStale = (decision: Decision, error: ApiError) => {
    // Decided elsewhere meanwhile (or gone): say what the server said, show the list as it is now.
    setSelected(null);
    notice.show('error', staleText(decision, error));
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
          { label: 'Rejected', value: counts?.rejected },
        ]}
      />
      <Flex alignItems="flex-start" gap="small" wrap="wrap">
        <View flex="1 1 20rem">
          <ServerSearchField
            label="Search withdrawals"
            placeholder="Search by username, email or wallet"
            search={search}
          />
        </View>
        <ExportCsvButton dataset="withdrawals" query={{ status: tab, search: search.search }} />
      </Flex>
      <StatusTabs
        tabs={TABS.map((item) => ({
          ...item,
          count: counts ? counts[item.value === 'all' ? 'total' : item.value] : 0,
          badge: BADGE[item.value],
        }))}
        value={tab}
        onChange={setTab}
      >
        {({ value, label }) => (
          <WithdrawalsTable
            label={`${label} withdrawal requests`}
            list={list}
            emptyText={emptyText(value)}
            onView={setSelected}
          />
        )}
      </StatusTabs>
      {selected && (
        <WithdrawalDetailModal
          key={selected._id}
          withdrawal={selected}
          onClose={() => setSelected(null)}
          onDecided={onDecided}
          onStale={onStale}
          onChecked={() => void list.refresh()}
        />
      )}
    </Flex>
  );
}
