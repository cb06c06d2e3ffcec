import { useState } from 'react';
import { REFERRAL, TOAST_MS } from '@goldbot/shared';
import { useToast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { useSession } from '@/features/auth/session';
import { formatUsd } from '@/features/payments/lib/money';
import { useCopyToClipboard } from '@/features/payments/lib/use-copy-to-clipboard';

export const REFERRAL_TAB_MESSAGES = {
  copied: 'Referral code copied to clipboard!',
  copyFailed: 'Could not copy the code. Please select it and copy it by hand.',
  missing: 'Your referral code is not available yet.',
  refreshFailed: 'Could not refresh your data. Please try again.',
} as const;

/**
 * The Referral Program tab, for now a placeholder panel: the customer's referral code (with Copy,
 * and 'Refresh Data' when the code is missing) and the counts from the session user. The referral
 * issue builds the rest of customer §2 here: the withdraw button, the withdrawal modal and the
 * Withdrawal Center with the 3 latest withdrawals.
 */
export function ReferralProgramTab() {
  const { user, reloadUser } = useSession();
  const { showToast } = useToast();
  const { copied, copy } = useCopyToClipboard();
  const [refreshing, setRefreshing] = useState(false);
  const code = user?.referralCode;

  const copyCode = async () => {
    if (!code) return;
    const done = await copy(code);
    showToast(
      done
        ? { message: REFERRAL_TAB_MESSAGES.copied, variant: 'success', durationMs: TOAST_MS.paymentSuccess }
        : { message: REFERRAL_TAB_MESSAGES.copyFailed, variant: 'error', durationMs: TOAST_MS.paymentError },
    );
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await reloadUser();
    } catch {
      showToast({ message: REFERRAL_TAB_MESSAGES.refreshFailed, variant: 'error', durationMs: TOAST_MS.paymentError });
    } finally {
      setRefreshing(false);
    }
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
            <Button
              variant="secondary"
              onClick={() => void copyCode()}
              aria-label={copied ? 'Referral code copied' : 'Copy referral code'}
            >
              {copied ? (
                <>
                  <CheckIcon size={16} /> Copied!
                </>
              ) : (
                'Copy'
              )}
            </Button>
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
          <dd data-testid="referral-count">{user?.referralCount ?? 0}</dd>
        </div>
        <div className="dashboard-card">
          <dt>Total Earnings</dt>
          <dd data-testid="referral-earnings">{formatUsd(user?.referralEarnings ?? 0)}</dd>
        </div>
      </dl>
    </div>
  );
}
