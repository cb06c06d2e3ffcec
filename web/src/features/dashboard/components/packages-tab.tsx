import { useEffect, useRef, type ReactNode } from 'react';
import { PACKAGE_NAMES, PAYMENT_MESSAGES, SETTINGS_MESSAGES, TOAST_MS, type PackageName } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import {
  FREE_TRIAL_MESSAGES,
  type PaidPackageName,
  type Subscription,
  useActiveSubscription,
  useCreateFreeTrial,
  usePackageStatus,
  useRevalidateSubscriptions,
} from '@/features/payments/payments-public';
import { serverMessage } from '@/lib/api-errors';
import { formatPrice, usePackagePrices } from '@/lib/package-prices';
import { classNames } from '@/lib/class-names';
import { PACKAGE_CARDS, type PackageCardInfo } from '../data/package-cards';
import { formatCalendarDay, formatUsdt } from '@/lib/format';
import { LIFETIME } from '../lib/billing-format';

export const PACKAGE_BUTTONS = {
  buy: 'Buy Now',
  loading: 'Loading...',
  startTrial: 'Start Now',
  startingTrial: 'Activating Free Trial...',
  upgradeBasic: 'Upgrade Basic Package',
  unavailable: 'Subscription Unavailable',
  notOnSale: 'Not Available',
  active: 'Active',
  openCopyTrading: 'Open Copy Trading',
} as const;

export interface PurchaseRequest {
  packageName: PaidPackageName;
  /** Extends the active Basic package. */
  isUpgrade?: boolean;
}

/** What a card's button says and does. */
interface CardAction {
  label: string;
  /** A line under the features (Basic off sale). */
  note?: string;
  disabled?: boolean;
  loading?: boolean;
  loadingText?: string;
  onClick?: () => void;
  /** A link instead of a button (the active free trial's copy-trading link). */
  href?: string;
}

interface PackagesTabProps {
  /** Opens the payment modal for a paid package. */
  onBuy: (request: PurchaseRequest) => void;
  /** The plan chosen on /pricing: its card is highlighted. */
  highlightedPlan?: PackageName | undefined;
}

/** The Packages tab: four cards with prices from the catalog. */
export function PackagesTab({ onBuy, highlightedPlan }: PackagesTabProps) {
  const { prices, onSale, loading: pricesLoading } = usePackagePrices();
  const packageStatus = usePackageStatus();
  const { subscription } = useActiveSubscription();
  const { trigger: startTrial, isMutating: startingTrial } = useCreateFreeTrial();
  const revalidateSubscriptions = useRevalidateSubscriptions();
  const { showToast } = useToast();

  const startFreeTrial = async () => {
    try {
      await startTrial();
    } catch (error) {
      showToast({
        message: serverMessage(error) ?? FREE_TRIAL_MESSAGES.failed,
        variant: 'error',
        durationMs: TOAST_MS.paymentError,
      });
      return;
    }
    showToast({ message: FREE_TRIAL_MESSAGES.activated, variant: 'success', durationMs: TOAST_MS.paymentSuccess });
    showToast({ message: FREE_TRIAL_MESSAGES.linkSent, variant: 'success', durationMs: TOAST_MS.paymentOther });
    void revalidateSubscriptions();
  };

  const action = (card: PackageCardInfo, active: boolean): CardAction => {
    // An admin took this package off sale (catalog editor); Basic's flag is its own switch, below.
    if (!active && card.slug !== 'basic' && !onSale[card.slug]) {
      return {
        label: PACKAGE_BUTTONS.notOnSale,
        disabled: true,
        note: SETTINGS_MESSAGES.packageUnavailable(card.packageName),
      };
    }
    switch (card.packageName) {
      case PACKAGE_NAMES.freeTrial: {
        // The link the trial delivers, while the caller's trial runs (also when another package is current).
        const link = packageStatus.status?.copyTradingLink;
        if (link) return { label: PACKAGE_BUTTONS.openCopyTrading, href: link };
        if (active) return { label: PACKAGE_BUTTONS.active, disabled: true };
        // No copy-trading link set: nothing to deliver, shown like a package taken off sale.
        if (packageStatus.status && !packageStatus.status.isFreeTrialAvailable) {
          return {
            label: PACKAGE_BUTTONS.notOnSale,
            disabled: true,
            note: PAYMENT_MESSAGES.freeTrialUnavailable,
          };
        }
        return {
          label: PACKAGE_BUTTONS.startTrial,
          loading: startingTrial,
          loadingText: PACKAGE_BUTTONS.startingTrial,
          onClick: () => void startFreeTrial(),
        };
      }
      case PACKAGE_NAMES.basic: {
        const { status, loading } = packageStatus;
        if (loading || !status)
          return { label: PACKAGE_BUTTONS.buy, loading: true, loadingText: PACKAGE_BUTTONS.loading };
        if (!status.isBasicPackageEnabled) {
          return { label: PACKAGE_BUTTONS.unavailable, disabled: true, note: PAYMENT_MESSAGES.basicUnavailable };
        }
        if (status.hasActiveBasicPackage) {
          return {
            label: PACKAGE_BUTTONS.upgradeBasic,
            onClick: () => onBuy({ packageName: PACKAGE_NAMES.basic, isUpgrade: true }),
          };
        }
        return {
          label: PACKAGE_BUTTONS.buy,
          onClick: () => onBuy({ packageName: PACKAGE_NAMES.basic, isUpgrade: false }),
        };
      }
      case PACKAGE_NAMES.ultimate:
        // Lifetime access: there is nothing more to buy.
        if (active) return { label: PACKAGE_BUTTONS.active, disabled: true };
        return { label: PACKAGE_BUTTONS.buy, onClick: () => onBuy({ packageName: PACKAGE_NAMES.ultimate }) };
      default:
        return { label: PACKAGE_BUTTONS.buy, onClick: () => onBuy({ packageName: PACKAGE_NAMES.pro }) };
    }
  };

  return (
    <ul className="package-cards" aria-busy={pricesLoading || undefined}>
      {PACKAGE_CARDS.map((card) => {
        const own = subscription?.packageName === card.packageName ? subscription : undefined;
        const active = own?.status === 'active';
        const { label, note, href, ...buttonProps } = action(card, active);
        return (
          <PackageCard
            key={card.slug}
            card={card}
            price={pricesLoading ? undefined : prices[card.slug]}
            subscription={own}
            highlighted={highlightedPlan === card.packageName}
            note={note}
          >
            {href ? (
              <a
                className="button button--primary button--full-width"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
              >
                <span className="button__label">{label}</span>
              </a>
            ) : (
              <Button variant={active ? 'secondary' : 'primary'} fullWidth {...buttonProps}>
                {label}
              </Button>
            )}
          </PackageCard>
        );
      })}
    </ul>
  );
}

interface PackageCardProps {
  card: PackageCardInfo;
  /** Undefined while the catalog loads. */
  price: number | undefined;
  /** The caller's current subscription, when it is this package. */
  subscription: Subscription | undefined;
  highlighted: boolean;
  note?: string | undefined;
  children: ReactNode;
}

function PackageCard({ card, price, subscription, highlighted, note, children }: PackageCardProps) {
  const ref = useRef<HTMLLIElement>(null);
  const titleId = `package-${card.slug}-title`;
  const active = subscription?.status === 'active';
  const pending = subscription?.status === 'pending';

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);

  return (
    <li
      ref={ref}
      className={classNames(
        'package-card',
        active && 'package-card--active',
        highlighted && 'package-card--highlighted',
      )}
      aria-labelledby={titleId}
      data-testid={`package-${card.slug}`}
    >
      {active && <p className="package-card__badge">Active</p>}
      {pending && (
        <p className="package-card__badge package-card__badge--pending">
          Pending verification
          {typeof subscription.amount === 'number' && ` · ${formatUsdt(subscription.amount)}`}
        </p>
      )}
      <h3 id={titleId} className="package-card__title">
        {card.title}
      </h3>
      <p className="package-card__price">
        {price === undefined ? (
          <span className="skeleton package-card__price-skeleton">
            <span className="visually-hidden">Loading price</span>
          </span>
        ) : (
          <span className="package-card__amount">{formatPrice(price)}</span>
        )}
        <span className="package-card__period">{card.period}</span>
      </p>
      <ul className="package-card__features">
        {card.features.map((feature) => (
          <li key={feature}>
            <CheckIcon size={16} className="package-card__check" />
            {feature}
          </li>
        ))}
      </ul>
      {active && subscription && (
        <div className="package-card__dates">
          <p>Start: {formatCalendarDay(subscription.startDate)}</p>
          <p>End: {card.packageName === PACKAGE_NAMES.ultimate ? LIFETIME : formatCalendarDay(subscription.endDate)}</p>
        </div>
      )}
      {note && <p className="package-card__note">{note}</p>}
      <div className="package-card__action">{children}</div>
    </li>
  );
}
