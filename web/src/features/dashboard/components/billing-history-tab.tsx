import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAYMENT, REFUND, type Subscription } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/auth-public';
import {
  ACTIVE_SUBSCRIPTION_ERROR,
  RefundRequestModal,
  SUBSCRIPTIONS_ERROR,
  payoutExplorerUrl,
  refundViewOf,
  shortTxid,
  useActiveSubscription,
  useSubscriptions,
} from '@/features/payments/payments-public';
import { Button } from '@/components/ui/button';
import { formatCalendarDay, formatUsdt, NOT_AVAILABLE } from '@/lib/format';
import { BY_SUPPORT, formatEndDate, formatSubscriptionDuration } from '../lib/billing-format';
import { StatusPill } from '@/components/ui/status-pill';
import { CardAlert, CardStates, CardTable } from '@/components/ui/dashboard-card';
import { DescriptionList } from '@/components/ui/description-list';

export const BILLING_TEXT = {
  pending: `Payment verification in progress. Activation within ${PAYMENT.verificationHours} hours.`,
  loadingCurrent: 'Loading your subscription...',
  loadingHistory: 'Loading your purchase history...',
  noSubscription: 'You have no active subscription yet. Choose a package to get started.',
  noHistory: 'No purchases yet.',
  requestRefund: 'Request refund',
  refundRequested: 'Refund requested',
  refunded: 'Refunded',
  refundRefused: 'Refund refused',
  payout: 'Payout',
} as const;

/** What the Amount column says: the USDT sent, 'By support' for a package support gave, else N/A. */
export function amountText(subscription: Pick<Subscription, 'amount' | 'paymentMethod'>): string {
  if (subscription.paymentMethod === 'support') return BY_SUPPORT;
  return typeof subscription.amount === 'number' ? formatUsdt(subscription.amount) : NOT_AVAILABLE;
}

/** A package support ended before its time: 'Ended by support on Mar 15, 2026'. */
export const endedBySupportText = (endedAt: string) => `Ended by support on ${formatCalendarDay(endedAt.slice(0, 10))}`;

/** The exact amount the customer sent for a pending purchase (its order's amount, to the cent). */
export const pendingAmountText = (amount: number) => `Amount sent: ${formatUsdt(amount)}.`;

export const purchaseCount = (count: number) => `${count} ${count === 1 ? 'purchase' : 'purchases'}`;

/** The Billing History tab: the current subscription and every purchase. */
/** A subscription bought with a payment the team approved (active now, or run out since) has a receipt. */
const hasReceipt = (subscription: Subscription) =>
  subscription.paymentMethod === 'usdt' && (subscription.status === 'active' || subscription.status === 'expired');

export function BillingHistoryTab() {
  return (
    <div className="billing-tab">
      <CurrentSubscription />
      <PurchaseHistory />
    </div>
  );
}

function CurrentSubscription() {
  const { user } = useSession();
  const { subscription, loading, error } = useActiveSubscription();

  const content = (
    <CardStates
      data={subscription}
      loading={loading}
      loadingText={BILLING_TEXT.loadingCurrent}
      failure={error && <CardAlert>{ACTIVE_SUBSCRIPTION_ERROR}</CardAlert>}
      emptyText={BILLING_TEXT.noSubscription}
    >
      {(current) => (
        <>
          <DescriptionList
            className="subscription-details"
            rows={[
              ['Account Name', user?.username ?? 'N/A'],
              ['Package', current.packageName],
              ['Start Date', formatCalendarDay(current.startDate)],
              ['End Date', formatEndDate(current)],
              ['Status', <StatusPill status={current.status} />],
            ]}
          />
          {current.status === 'pending' && (
            <p className="billing-tab__pending gold-note" role="status">
              {BILLING_TEXT.pending}
              {typeof current.amount === 'number' && ` ${pendingAmountText(current.amount)}`}
            </p>
          )}
        </>
      )}
    </CardStates>
  );

  return (
    <section className="dashboard-card" aria-labelledby="current-subscription-heading">
      <h3 id="current-subscription-heading" className="dashboard-card__title">
        Current Subscription
      </h3>
      {content}
    </section>
  );
}

/**
 * The refund column of a purchase: 'Request refund' while the money-back guarantee runs, then the
 * request's state: requested; refunded, with the payout's transaction on the block explorer; or
 * refused, with the reason.
 */
function RefundCell({ subscription, onRequest }: { subscription: Subscription; onRequest: () => void }) {
  const view = refundViewOf(subscription);
  switch (view.kind) {
    case 'offer':
      return (
        <Button
          variant="secondary"
          className="billing-table__refund-button"
          onClick={onRequest}
          aria-label={`${BILLING_TEXT.requestRefund} for ${subscription.packageName}, ${formatCalendarDay(subscription.startDate)}`}
        >
          {BILLING_TEXT.requestRefund}
        </Button>
      );
    case 'requested':
      return <StatusPill status="pending" label={BILLING_TEXT.refundRequested} />;
    case 'refunded':
      return (
        <span className="billing-table__refund">
          <StatusPill status="refunded" label={BILLING_TEXT.refunded} />
          {view.payoutTxid && (
            <span className="billing-table__refund-detail">
              {BILLING_TEXT.payout}:{' '}
              <a
                href={payoutExplorerUrl(view.payoutTxid)}
                target="_blank"
                rel="noopener noreferrer"
                title={view.payoutTxid}
                aria-label={`Payout transaction ${view.payoutTxid} on the block explorer`}
              >
                {shortTxid(view.payoutTxid)}
              </a>
            </span>
          )}
        </span>
      );
    case 'refused':
      return (
        <span className="billing-table__refund">
          <StatusPill status="refused" label={BILLING_TEXT.refundRefused} />
          {view.reason && <span className="billing-table__refund-detail">{view.reason}</span>}
        </span>
      );
    case 'none':
      return null;
  }
}

function PurchaseHistory() {
  const { subscriptions, loading, error } = useSubscriptions();
  const [refunding, setRefunding] = useState<Subscription | null>(null);

  const content = (
    <CardStates
      data={subscriptions}
      loading={loading}
      loadingText={BILLING_TEXT.loadingHistory}
      failure={error && <CardAlert>{SUBSCRIPTIONS_ERROR}</CardAlert>}
      emptyText={BILLING_TEXT.noHistory}
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <CardTable
          caption="Your purchases, newest first"
          columns={[
            'Package',
            'Duration',
            'Start Date',
            'End Date',
            'Amount',
            'Status',
            { visuallyHidden: 'Receipt' },
            'Refund',
          ]}
        >
          {list.map((subscription) => (
            <tr key={subscription._id}>
              <td>{subscription.packageName}</td>
              <td>{formatSubscriptionDuration(subscription)}</td>
              <td>{formatCalendarDay(subscription.startDate)}</td>
              <td>{formatEndDate(subscription)}</td>
              <td>{amountText(subscription)}</td>
              <td>
                <StatusPill status={subscription.status} />
                {subscription.endedAt && (
                  <span className="billing-table__note">{endedBySupportText(subscription.endedAt)}</span>
                )}
              </td>
              <td>
                {hasReceipt(subscription) && subscription.paymentId && (
                  <Link
                    to={paths.receipt.getHref(subscription.paymentId)}
                    aria-label={`Receipt for ${subscription.packageName}, ${formatCalendarDay(subscription.startDate)}`}
                  >
                    Receipt
                  </Link>
                )}
              </td>
              <td>
                <RefundCell subscription={subscription} onRequest={() => setRefunding(subscription)} />
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </CardStates>
  );

  return (
    <section className="dashboard-card" aria-labelledby="purchase-history-heading">
      <div className="dashboard-card__header">
        <h3 id="purchase-history-heading" className="dashboard-card__title">
          Purchase History
        </h3>
        {subscriptions && <span className="dashboard-card__count">{purchaseCount(subscriptions.length)}</span>}
      </div>
      {content}
      {subscriptions?.some((s) => refundViewOf(s).kind === 'offer') && (
        <p className="dashboard-card__muted billing-tab__guarantee">
          Not satisfied? A paid package can be refunded within {REFUND.guaranteeDays} days of its payment&apos;s
          approval.
        </p>
      )}
      {refunding?.paymentId && (
        <RefundRequestModal
          paymentId={refunding.paymentId}
          packageName={refunding.packageName}
          startDate={refunding.startDate}
          onClose={() => setRefunding(null)}
        />
      )}
    </section>
  );
}
