import { useState } from 'react';
import { TOAST_MS, WITHDRAWAL_MESSAGES, type Withdrawal, type WithdrawalStatus } from '@goldbot/shared';
import { ExportCsvButton } from '../../components/export-csv-button';
import { countedTabs, StatusTabs, type StatusTab } from '../../components/status-tabs';
import { NoticedColumn } from '../../components/notice-alert';
import { SearchToolbar } from '../../components/server-search-field';
import { StatCards, statusCountCards } from '../../components/stat-cards';
import type { Decision } from '../../hooks/use-decision';
import { useDetailModal, type DecidedNotice } from '../../hooks/use-detail-modal';
import { useServerSearch } from '../../hooks/use-server-search';
import { useWithdrawals, type WithdrawalTab } from '../api/get-withdrawals';
import type { WithdrawalDecisionResponse } from '../api/decide-withdrawal';
import { payoutVerdictText } from './payout-section';
import { staleText, WithdrawalDetailModal } from './withdrawal-detail-modal';
import { WithdrawalsTable } from './withdrawals-table';

const STATUS_TABS: ReadonlyArray<StatusTab<WithdrawalStatus>> = [
  { value: 'pending', label: 'Pending', badge: 'warning' },
  { value: 'approved', label: 'Approved', badge: 'success' },
  { value: 'rejected', label: 'Rejected', badge: 'error' },
];
const TABS: ReadonlyArray<StatusTab<WithdrawalTab>> = [{ value: 'all', label: 'All' }, ...STATUS_TABS];

const SUCCESS: Record<Decision, string> = {
  approve: WITHDRAWAL_MESSAGES.approved,
  reject: WITHDRAWAL_MESSAGES.rejected,
};

/** What the screen says of a decision the server accepted. */
function decidedNotice(decision: Decision, response: WithdrawalDecisionResponse): string | DecidedNotice {
  // The server's message says what was paid out and what remains (or the spec's sentence when nothing does).
  const message = response.message || SUCCESS[decision];
  if (decision !== 'approve') return message;
  // With what the chain says about the payout: a mismatch stays on screen until dismissed.
  const check = response.withdrawal.payoutCheck;
  const mismatch = check?.status === 'mismatch';
  return {
    variation: mismatch ? 'error' : 'success',
    message: `${message} ${payoutVerdictText(check)}`,
    durationMs: mismatch ? undefined : TOAST_MS.adminPaymentsAndWithdrawals,
  };
}

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
  const detail = useDetailModal<Withdrawal, [Decision, WithdrawalDecisionResponse], [Decision, unknown]>({
    refresh: () => list.refresh(),
    decided: decidedNotice,
    stale: staleText,
  });
  const { notice } = detail;
  const counts = list.summary;

  return (
    <NoticedColumn notice={notice}>
      <StatCards cards={statusCountCards(counts, STATUS_TABS)} />
      <SearchToolbar label="Search withdrawals" placeholder="Search by username, email or wallet" search={search}>
        <ExportCsvButton dataset="withdrawals" query={{ status: tab, search: search.search }} />
      </SearchToolbar>
      <StatusTabs tabs={countedTabs(TABS, counts && { ...counts, all: counts.total })} value={tab} onChange={setTab}>
        {(shown) => <WithdrawalsTable tab={shown} list={list} onView={detail.open} />}
      </StatusTabs>
      {detail.selected && (
        <WithdrawalDetailModal
          key={detail.selected._id}
          withdrawal={detail.selected}
          {...detail.modalProps}
          onChecked={() => void list.refresh()}
        />
      )}
    </NoticedColumn>
  );
}
