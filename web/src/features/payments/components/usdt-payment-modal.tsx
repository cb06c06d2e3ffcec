import { useEffect, useState, type ReactNode } from 'react';
import { PACKAGE_NAMES, PAYMENT_MESSAGES, discountedPrice } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { usePackagePrices } from '@/lib/package-prices';
import type { Subscription } from '../api/get-active-subscription';
import { useOrderState } from '../api/get-order-state';
import { usePackageStatus } from '../api/get-package-status';
import { useSubscriptionSettings } from '../api/get-subscription-settings';
import { useWalletDetails } from '../api/get-wallet-details';
import { usePaymentOrder } from '../api/open-order';
import { useRevalidateSubscriptions } from '../api/keys';
import { useReferralVerification } from '../api/verify-referral';
import { formatUsd } from '@/lib/format';
import { isPaidPackageName, type PaidPackageName } from '../lib/packages';
import { OrderStatus, shownState } from './order-status';
import { PaymentForm } from './payment-form';
import { WalletPanel } from './wallet-panel';
import './usdt-payment-modal.css';

export { isPaidPackageName, type PaidPackageName };

/** Catalog slugs of the paid packages, for their prices. */
const PRICE_SLUG = {
  [PACKAGE_NAMES.basic]: 'basic',
  [PACKAGE_NAMES.pro]: 'pro',
  [PACKAGE_NAMES.ultimate]: 'ultimate',
} as const satisfies Record<PaidPackageName, string>;

export const PAYMENT_MODAL_TEXT = {
  title: 'Pay with USDT',
  upgradeTitle: 'Upgrade Basic Package',
  checking: 'Checking subscription status...',
  unavailableHeading: 'Subscription Unavailable',
  walletUnavailableHeading: 'USDT Payments Unavailable',
  goBack: 'Go Back',
  tryAgain: 'Try Again',
  done: 'Done',
} as const;

export interface UsdtPaymentModalProps {
  packageName: PaidPackageName;
  onClose: () => void;
  /** After a submission was accepted, with the pending subscription it created. */
  onSuccess?: (pendingSubscription: Subscription) => void;
  /**
   * True when this Basic purchase extends an active Basic package; when not given, the modal
   * reads it from the package status.
   */
  isUpgrade?: boolean;
  /** False when the caller already knows Basic is off sale. */
  isPackageEnabled?: boolean;
}

function Notice({ heading, children, onClose }: { heading: string; children: ReactNode; onClose: () => void }) {
  return (
    <div className="payment-modal__notice">
      <h3 className="payment-modal__notice-heading">{heading}</h3>
      {children}
      <Button variant="secondary" onClick={onClose}>
        {PAYMENT_MODAL_TEXT.goBack}
      </Button>
    </div>
  );
}

/**
 * The USDT payment modal: while the package
 * status, the Basic settings check, the wallet and the price load it says so; Basic off sale and
 * a missing wallet (503: there is no built-in fallback address, so a customer never pays into a wrong one) end at a notice with Go Back;
 * otherwise the customer sees what to pay where, and the order's live state: the window asks every
 * 10 s whether the wallet watcher found the transfer, and says "Payment found" once it did. Pasting
 * the transaction id is optional.
 */
export function UsdtPaymentModal({
  packageName,
  onClose,
  onSuccess,
  isUpgrade,
  isPackageEnabled = true,
}: UsdtPaymentModalProps) {
  const isBasic = packageName === PACKAGE_NAMES.basic;
  const packageStatus = usePackageStatus({ enabled: isBasic });
  const settings = useSubscriptionSettings({ enabled: isBasic });
  const wallet = useWalletDetails();
  const { prices, loading: pricesLoading } = usePackagePrices();
  const [referralCode, setReferralCode] = useState('');
  const referral = useReferralVerification(referralCode, { enabled: isBasic });

  const upgrading = isBasic && (isUpgrade ?? packageStatus.status?.hasActiveBasicPackage ?? false);
  const title = upgrading ? PAYMENT_MODAL_TEXT.upgradeTitle : PAYMENT_MODAL_TEXT.title;

  const price = prices[PRICE_SLUG[packageName]];
  const discount = isBasic && referral.status === 'valid' ? referral.discount : 0;
  // The same rule as the server's, which refuses a submission of any other amount.
  const amount = discountedPrice(price, discount).amount;
  const basicOff =
    isBasic &&
    (!isPackageEnabled ||
      packageStatus.status?.isBasicPackageEnabled === false ||
      settings.basicPackageEnabled === false);
  // The order names the exact amount to send; a verified code re-prices it.
  const order = usePaymentOrder(packageName, isBasic && referral.status === 'valid' ? referral.code : null, {
    enabled: wallet.state === 'ready' && !basicOff && !(isBasic && (packageStatus.loading || settings.loading)),
  });
  // Polled only for the order on screen: while a new code re-prices it, the old one is not asked about.
  const orderState = useOrderState(order.state === 'ready' ? order.order.orderId : null);
  const state = shownState(orderState);
  const revalidateSubscriptions = useRevalidateSubscriptions();
  useEffect(() => {
    // The dashboard behind the window shows the pending (or active) package as soon as it is found.
    if (state === 'found' || state === 'active') void revalidateSubscriptions();
  }, [state, revalidateSubscriptions]);

  let body: ReactNode;
  if (isBasic && (packageStatus.loading || settings.loading)) {
    body = <Checking />;
  } else if (basicOff) {
    body = (
      <Notice heading={PAYMENT_MODAL_TEXT.unavailableHeading} onClose={onClose}>
        <p>{PAYMENT_MESSAGES.basicUnavailable}</p>
      </Notice>
    );
  } else if (wallet.state === 'loading' || pricesLoading) {
    body = <Checking />;
  } else if (wallet.state === 'unavailable') {
    body = (
      <Notice heading={PAYMENT_MODAL_TEXT.walletUnavailableHeading} onClose={onClose}>
        <p role="alert">{wallet.message}</p>
      </Notice>
    );
  } else if (wallet.state === 'error') {
    body = <RetryNotice message={wallet.message} onRetry={wallet.retry} onClose={onClose} />;
  } else if (order.state === 'error') {
    body = <RetryNotice message={order.message} onRetry={order.retry} onClose={onClose} />;
  } else if (!order.order) {
    body = <Checking />;
  } else {
    body = (
      <>
        <dl className="payment-modal__summary">
          <div>
            <dt>Package</dt>
            <dd>
              {packageName}
              {upgrading && <span className="payment-modal__extension"> (extension: one more month)</span>}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd data-testid="payment-price">
              {discount > 0 ? (
                <>
                  <s className="payment-modal__old-price">{formatUsd(price)}</s> <strong>{formatUsd(amount)}</strong>{' '}
                  <span className="payment-modal__discount">({formatUsd(discount)} discount applied!)</span>
                </>
              ) : (
                <strong>{formatUsd(price)}</strong>
              )}
            </dd>
          </div>
        </dl>
        {state === 'waiting' && <WalletPanel wallet={wallet.wallet} amount={order.order.amount} />}
        <OrderStatus
          order={order.order}
          answer={orderState}
          onNewOrder={order.state === 'ready' ? order.renew : undefined}
        />
        {state === 'waiting' && (
          <PaymentForm
            packageName={packageName}
            order={order.order}
            orderReady={order.state === 'ready'}
            referralCode={referralCode}
            onReferralCodeChange={setReferralCode}
            referral={referral}
            onSubmitted={(pending) => onSuccess?.(pending)}
          />
        )}
        {(state === 'found' || state === 'active') && (
          <div className="payment-modal__actions">
            <Button onClick={onClose}>{PAYMENT_MODAL_TEXT.done}</Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Modal title={title} onClose={onClose} className="payment-modal">
      {body}
    </Modal>
  );
}

/** A failure the customer can retry (the wallet or the order could not be loaded), or leave. */
function RetryNotice({ message, onRetry, onClose }: { message: string; onRetry: () => void; onClose: () => void }) {
  return (
    <div className="payment-modal__notice">
      <p role="alert">{message}</p>
      <div className="payment-modal__actions">
        <Button onClick={onRetry}>{PAYMENT_MODAL_TEXT.tryAgain}</Button>
        <Button variant="secondary" onClick={onClose}>
          {PAYMENT_MODAL_TEXT.goBack}
        </Button>
      </div>
    </div>
  );
}

function Checking() {
  return (
    <p className="payment-modal__checking" role="status">
      <span className="payment-modal__spinner" aria-hidden="true" />
      {PAYMENT_MODAL_TEXT.checking}
    </p>
  );
}
