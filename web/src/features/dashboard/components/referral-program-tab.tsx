import { useEffect, useState } from 'react';
import { REFERRAL, TOAST_MS, WITHDRAWAL } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { useSession } from '@/features/auth/auth-public';
import { formatUsd } from '@/lib/format';
import {
  useUserWithdrawals,
  WithdrawalHistory,
  WithdrawalModal,
  type WithdrawalRequestResponse,
  withdrawBlocker,
} from '@/features/withdrawals/withdrawals-public';

export const REFERRAL_TAB_MESSAGES = {
  copied: 'Referral code copied to clipboard!',
  copyFailed: 'Could not copy the code. Please select it and copy it by hand.',
  missing: 'Your referral code is not available yet.',
  refreshFailed: 'Could not refresh your data. Please try again.',
} as const;

export const REFERRAL_TAB_TEXT = {
  withdraw: 'Withdraw',
  centerHeading: 'Withdrawal Center',
  centerHint: `Withdraw your referral earnings in USDT on the ${WITHDRAWAL.network} network. Minimum $${WITHDRAWAL.minimumUsd}.`,
} as const;

/** "$20 held for your pending withdrawal": the part of the earnings a pending request holds. */
export const heldText = (held: number) => `${formatUsd(held)} held for your pending withdrawal`;

/**
 * The Referral Program tab: the referral code (Copy, or
 * 'Refresh Data' when it is missing), total referrals, the earnings (available, and held while a
 * request is pending), the Withdraw button with its two blocking messages, the withdrawal modal and
 * the Withdrawal Center with the 3 latest withdrawals.
 *
 * The balances and Total Referrals come from GET /api/withdrawal/user once it answers (the session
 * user's `referralEarnings` and `referralCount` until then), and are written back to the session
 * user when they differ.
 */
export function ReferralProgramTab() {
  const { user, reloadUser, updateUser } = useSession();
  const { showToast } = useToast();
  const [refreshing, setRefreshing] = useState(false);
  const history = useUserWithdrawals();
  const [modalOpen, setModalOpen] = useState(false);
  const [blocker, setBlocker] = useState<string | null>(null);
  const code = user?.referralCode;

  const sessionEarnings = user?.referralEarnings;
  const liveEarnings = history.data?.referralEarnings;
  const available = liveEarnings ?? sessionEarnings ?? 0;
  const held = history.data?.referralHeld ?? 0;
  const sessionCount = user?.referralCount;
  const liveCount = history.data?.referralCount;
  const hasPending = held > 0 || (history.data?.withdrawals.some((item) => item.status === 'pending') ?? false);
  // A blocking message stays while it is still the reason (e.g. until the pending request is decided).
  const currentBlocker = withdrawBlocker({ available, hasPending });
  const shownBlocker = blocker !== null && blocker === currentBlocker ? blocker : null;

  // The server's balance is the truth: the session user (and the stored session) follow it.
  useEffect(() => {
    if (liveEarnings !== undefined && sessionEarnings !== undefined && liveEarnings !== sessionEarnings) {
      updateUser({ referralEarnings: liveEarnings });
    }
  }, [liveEarnings, sessionEarnings, updateUser]);
  useEffect(() => {
    if (liveCount !== undefined && liveCount !== sessionCount) updateUser({ referralCount: liveCount });
  }, [liveCount, sessionCount, updateUser]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await reloadUser();
      void history.mutate();
    } catch {
      showToast({ message: REFERRAL_TAB_MESSAGES.refreshFailed, variant: 'error', durationMs: TOAST_MS.paymentError });
    } finally {
      setRefreshing(false);
    }
  };

  const withdraw = () => {
    setBlocker(currentBlocker);
    if (currentBlocker === null) setModalOpen(true);
  };

  const onRequested = (answer: WithdrawalRequestResponse) => {
    // The answer's balances at once (the amount is now held), then the list from the server.
    void history.mutate(
      (current) => ({
        withdrawals: [
          answer.withdrawal,
          ...(current?.withdrawals ?? []).filter((item) => item._id !== answer.withdrawal._id),
        ],
        referralEarnings: answer.referralEarnings,
        referralHeld: answer.referralHeld,
      }),
      { revalidate: true },
    );
    updateUser({ referralEarnings: answer.referralEarnings });
  };

  return (
    <div className="referral-tab">
      <section className="dashboard-card" aria-labelledby="referral-code-heading">
        <h3 id="referral-code-heading" className="dashboard-card__title">
          Your Referral Code
        </h3>
        {code ? (
          <div className="referral-tab__code-row">
            <code className="referral-tab__code" data-testid="referral-code">
              {code}
            </code>
            <CopyButton
              text={code}
              label="Copy referral code"
              copiedLabel="Referral code copied"
              messages={REFERRAL_TAB_MESSAGES}
            />
          </div>
        ) : (
          <div className="referral-tab__code-row">
            <p className="referral-tab__missing">{REFERRAL_TAB_MESSAGES.missing}</p>
            <Button variant="secondary" loading={refreshing} onClick={() => void refresh()}>
              Refresh Data
            </Button>
          </div>
        )}
        <p className="dashboard-card__hint">
          Friends who use your code get {formatUsd(REFERRAL.discountUsd)} off the Basic Package, and you earn{' '}
          {formatUsd(REFERRAL.rewardUsd)} for each of them.
        </p>
      </section>
      <dl className="referral-tab__stats">
        <div className="dashboard-card">
          <dt>Total Referrals</dt>
          <dd data-testid="referral-count">{liveCount ?? sessionCount ?? 0}</dd>
        </div>
        <div className="dashboard-card">
          <dt>Total Earnings</dt>
          <dd data-testid="referral-earnings">{formatUsd(available)}</dd>
          {held > 0 && (
            <dd className="referral-tab__held" data-testid="referral-held">
              {heldText(held)}
            </dd>
          )}
        </div>
      </dl>
      <section className="dashboard-card" aria-labelledby="withdrawal-center-heading">
        <div className="dashboard-card__header">
          <h3 id="withdrawal-center-heading" className="dashboard-card__title">
            {REFERRAL_TAB_TEXT.centerHeading}
          </h3>
          <Button onClick={withdraw}>{REFERRAL_TAB_TEXT.withdraw}</Button>
        </div>
        <p className="dashboard-card__hint">{REFERRAL_TAB_TEXT.centerHint}</p>
        <p className="referral-tab__blocker" role="alert">
          {shownBlocker}
        </p>
        <WithdrawalHistory
          withdrawals={history.data?.withdrawals}
          loading={history.loading}
          error={history.error}
          onRetry={() => void history.mutate()}
        />
      </section>
      {modalOpen && (
        <WithdrawalModal available={available} onClose={() => setModalOpen(false)} onRequested={onRequested} />
      )}
    </div>
  );
}
