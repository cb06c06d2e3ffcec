import { PAYMENT, type OrderState } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { classNames } from '@/lib/class-names';
import { formatDateTime, formatUsdt } from '@/lib/format';
import type { OrderStateAnswer } from '../api/get-order-state';
import type { PaymentOrder } from '../api/open-order';

export const ORDER_STATUS_TEXT = {
  label: 'Payment status',
  waitingHeading: 'Waiting for your transfer',
  waiting: (amount: number) =>
    `Send exactly ${formatUsdt(amount)} in one transfer. It is found automatically once it confirms on the TRON network, usually within two minutes, and this window says so.`,
  reservedUntil: (expiresAt: string) => `This amount is reserved for you until ${formatDateTime(expiresAt)}.`,
  foundHeading: 'Payment found',
  found: (amount: number) =>
    `We received your ${formatUsdt(amount)}. It is being verified: your package is activated once the payment is approved, within ${PAYMENT.verificationHours} hours.`,
  activeHeading: 'Payment approved',
  active: (packageName: string) => `Your ${packageName} is active. Thank you!`,
  expiredHeading: 'Payment order expired',
  expired:
    'This order has closed, so its amount is no longer reserved for you. Please do not send it: get a new amount first.',
  late: (amount: number) =>
    `A transfer of ${formatUsdt(amount)} arrived after the order expired. Our team will match it to your purchase: you do not need to pay again.`,
  newOrder: 'Get a new amount',
} as const;

interface OrderStatusProps {
  order: PaymentOrder;
  /** The latest answer of the order's state; undefined until the first one (shown as waiting). */
  answer: OrderStateAnswer | undefined;
  /** Opens a new order after this one expired; undefined while the order is being re-priced. */
  onNewOrder?: () => void;
}

/** The state the window shows: undefined (no answer yet) is waiting. */
export const shownState = (answer: OrderStateAnswer | undefined): OrderState => answer?.state ?? 'waiting';

/**
 * Where the customer's order stands, as the window polls it: waiting for the transfer (send exactly
 * the amount, it is found by itself), found ("Payment found" with the amount, being verified),
 * approved, or expired (with a transfer that came too late, the team matches it by hand). A live
 * region, so a screen reader hears the change without moving focus.
 */
export function OrderStatus({ order, answer, onNewOrder }: OrderStatusProps) {
  const state = shownState(answer);
  const paid = answer?.payment?.amount ?? order.amount;
  const late = state === 'expired' ? answer?.lateTransfer : null;

  let heading: string;
  let body: string;
  if (state === 'found') {
    heading = ORDER_STATUS_TEXT.foundHeading;
    body = ORDER_STATUS_TEXT.found(paid);
  } else if (state === 'active') {
    heading = ORDER_STATUS_TEXT.activeHeading;
    body = ORDER_STATUS_TEXT.active(order.packageName);
  } else if (state === 'expired') {
    heading = ORDER_STATUS_TEXT.expiredHeading;
    body = late ? ORDER_STATUS_TEXT.late(late.amount) : ORDER_STATUS_TEXT.expired;
  } else {
    heading = ORDER_STATUS_TEXT.waitingHeading;
    body = ORDER_STATUS_TEXT.waiting(order.amount);
  }

  return (
    <div className={classNames('order-status', `order-status--${state}`)} data-state={state}>
      <div className="order-status__live" role="status" aria-label={ORDER_STATUS_TEXT.label}>
        <p className="order-status__heading">
          {state === 'waiting' && <span className="payment-modal__spinner" aria-hidden="true" />}
          <strong>{heading}</strong>
        </p>
        <p>{body}</p>
      </div>
      {state === 'waiting' && <p className="order-status__note">{ORDER_STATUS_TEXT.reservedUntil(order.expiresAt)}</p>}
      {state === 'expired' && !late && onNewOrder && (
        <Button variant="secondary" onClick={onNewOrder}>
          {ORDER_STATUS_TEXT.newOrder}
        </Button>
      )}
    </div>
  );
}
