import { WITHDRAWAL } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { StatusPill } from '@/components/ui/status-pill';
import { formatCalendarDay, formatUsd } from '@/lib/format';
import { shortTxid, tronTransactionUrl } from '@/lib/tron-explorer';
import { WITHDRAWALS_ERROR, type Withdrawal } from '../api/get-user-withdrawals';
import { CardAlert, CardStates, CardTable } from '@/components/ui/dashboard-card';

export const WITHDRAWAL_HISTORY_TEXT = {
  heading: 'Recent Withdrawals',
  loading: 'Loading withdrawals...',
  empty: 'No withdrawals yet. Your requests will appear here.',
  error: WITHDRAWALS_ERROR,
  retry: 'Try Again',
  caption: `Your ${WITHDRAWAL.historyListSize} latest withdrawals, newest first`,
  /** Until a withdrawal is approved there is no payout to show. */
  noPayout: '-',
} as const;

/** The accessible name of a payout's link: what it opens, with the whole transaction id. */
export const payoutLinkLabel = (txid: string) => `Payout transaction ${txid} on Tronscan`;

/** The newest `WITHDRAWAL.historyListSize` (3) withdrawals, newest first whatever order they came in. */
export function latestWithdrawals(withdrawals: readonly Withdrawal[]): Withdrawal[] {
  return [...withdrawals]
    .sort((a, b) => Date.parse(b.requestDate) - Date.parse(a.requestDate))
    .slice(0, WITHDRAWAL.historyListSize);
}

export interface WithdrawalHistoryProps {
  withdrawals: readonly Withdrawal[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The Withdrawal Center's history: the 3 latest withdrawals with amount, date and status, and for
 * an approved one the payout's TRON transaction, linked to the block explorer.
 */
export function WithdrawalHistory({ withdrawals, loading, error, onRetry }: WithdrawalHistoryProps) {
  const content = (
    <CardStates
      data={withdrawals}
      loading={loading}
      loadingText={WITHDRAWAL_HISTORY_TEXT.loading}
      failure={
        (error || !withdrawals) && (
          <div className="withdrawal-history__error">
            <CardAlert>{WITHDRAWAL_HISTORY_TEXT.error}</CardAlert>
            <Button variant="secondary" onClick={onRetry}>
              {WITHDRAWAL_HISTORY_TEXT.retry}
            </Button>
          </div>
        )
      }
      emptyText={WITHDRAWAL_HISTORY_TEXT.empty}
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <CardTable caption={WITHDRAWAL_HISTORY_TEXT.caption} columns={['Amount', 'Date', 'Status', 'Payout']}>
          {latestWithdrawals(list).map((withdrawal) => (
            <tr key={withdrawal._id}>
              <td>{formatUsd(withdrawal.amount)}</td>
              <td>{formatCalendarDay(withdrawal.requestDate)}</td>
              <td>
                <StatusPill status={withdrawal.status} />
              </td>
              <td>
                {withdrawal.payoutTxid ? (
                  <a
                    className="withdrawal-history__txid"
                    href={tronTransactionUrl(withdrawal.payoutTxid)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={payoutLinkLabel(withdrawal.payoutTxid)}
                    title={withdrawal.payoutTxid}
                  >
                    {shortTxid(withdrawal.payoutTxid)}
                  </a>
                ) : (
                  WITHDRAWAL_HISTORY_TEXT.noPayout
                )}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </CardStates>
  );

  return (
    <div className="withdrawal-history">
      <h4 className="withdrawal-history__heading">{WITHDRAWAL_HISTORY_TEXT.heading}</h4>
      {content}
    </div>
  );
}
