import { ORDER, PAYMENT_MESSAGES, type OpenOrderInput, type PackageSlug, type PaymentOrder } from '@goldbot/shared';
import type { AmountHold, OrderRecord } from '../../data/order-entity.js';
import type { PendingLimits } from '../limits/rate-limits.js';
import { ConflictError, ServiceUnavailableError } from '../errors.js';
import { PURCHASE_MESSAGES, packageSlugOf, purchaseTerms, toCents, type PurchaseContext } from './purchase.js';

/**
 * Payment orders: what makes a USDT transfer attributable to its buyer. The receiving wallet is
 * shared and public and prices are fixed, so a transfer of the bare price could be anyone's. An
 * order asks its customer for the price plus a tag of 1 to 99 cents that no other open order
 * holds; the on-chain check then matches a transfer only to the order with exactly its amount.
 * The tag is whole cents, so a wallet or an exchange that rounds to 2 decimals keeps it, and the
 * customer never sends $1 or more above the price.
 */

const ORDER_OPEN_SECONDS = ORDER.openMinutes * 60;

/** Every exact amount an order of this price may ask for: the price plus 1 to 99 cents. */
export const candidateAmounts = (priceCents: number): number[] =>
  Array.from({ length: ORDER.maxTagCents }, (_, i) => priceCents + i + 1);

/** A hold counts until it expires; an expired one is free for the next order. */
export const holdIsLive = (hold: AmountHold | null, nowSeconds: number): boolean =>
  hold !== null && hold.expiresAt > nowSeconds;

/** The amounts of `priceCents` that no live hold has, in order. */
export function freeAmounts(priceCents: number, holds: readonly AmountHold[], nowSeconds: number): number[] {
  const taken = new Set(holds.filter((h) => holdIsLive(h, nowSeconds)).map((h) => h.amountCents));
  return candidateAmounts(priceCents).filter((cents) => !taken.has(cents));
}

export const orderIsOpen = (order: OrderRecord | null, nowSeconds: number): order is OrderRecord =>
  order !== null && order.expiresAt > nowSeconds;

export const centsToUsd = (cents: number) => cents / 100;

/** The order as the payment window shows it. */
export const toOrderView = (order: OrderRecord): PaymentOrder => ({
  orderId: order.orderId,
  packageName: order.packageName,
  originalAmount: centsToUsd(order.originalAmountCents),
  price: centsToUsd(order.priceCents),
  amount: centsToUsd(order.amountCents),
  referralCode: order.referralCode,
  expiresAt: new Date(order.expiresAt * 1000).toISOString(),
});

/** What opening an order reads, in one BatchGetItem: the purchase's context and the current order. */
export interface OrderSnapshot extends PurchaseContext {
  /** The customer's current order of the package, open or not. */
  order: OrderRecord | null;
}

/** The price an order of `slug` asks, after the rules that refuse one (on sale, referral, wallet, account). */
export function priceOrder(
  input: OpenOrderInput,
  snapshot: OrderSnapshot,
  buyerId: string,
): { slug: PackageSlug; originalAmountCents: number; priceCents: number; referralCode: string | null } {
  const { slug, referrer, due } = purchaseTerms(input, snapshot, buyerId);
  return {
    slug,
    originalAmountCents: toCents(due.originalAmount),
    priceCents: toCents(due.amount),
    referralCode: referrer ? referrer.code : null,
  };
}

/** The open order still answers a reopened window when it asks the same price with the same code. */
export const orderStillFits = (
  order: OrderRecord | null,
  priced: ReturnType<typeof priceOrder>,
  nowSeconds: number,
): order is OrderRecord =>
  orderIsOpen(order, nowSeconds) &&
  order.originalAmountCents === priced.originalAmountCents &&
  order.priceCents === priced.priceCents &&
  order.referralCode === priced.referralCode;

export function newOrder(
  input: OpenOrderInput,
  priced: ReturnType<typeof priceOrder>,
  buyerId: string,
  amountCents: number,
  orderId: string,
  at: Date,
): OrderRecord {
  return {
    orderId,
    userId: buyerId,
    packageSlug: priced.slug,
    packageName: input.packageName,
    originalAmountCents: priced.originalAmountCents,
    priceCents: priced.priceCents,
    amountCents,
    referralCode: priced.referralCode,
    createdAt: at.toISOString(),
    expiresAt: Math.floor(at.getTime() / 1000) + ORDER_OPEN_SECONDS,
  };
}

export type OrderCommit = { kind: 'committed' } | { kind: 'amount-taken' } | { kind: 'order-changed' };

export interface OrderStore {
  /** The customer, the package, the settings, the wallet, the code's owner and the current order: one BatchGetItem. */
  readOrderContext(request: { userId: string; slug: PackageSlug; referralCode: string | null }): Promise<OrderSnapshot>;
  /** The holds of every candidate amount of a price: one BatchGetItem of 99 keys. */
  readAmountHolds(amountsCents: readonly number[]): Promise<AmountHold[]>;
  /**
   * One transaction: the new order, its amount's hold (only where no live hold has it), and the
   * release of the replaced order's hold. `replaced` must still be the stored order.
   */
  commitOrder(
    order: OrderRecord,
    replaced: OrderRecord | null,
    nowSeconds: number,
    /** The request's limits, moved in the same transaction (the round-trip budget). */
    limits?: PendingLimits | null,
  ): Promise<OrderCommit>;
}

export interface OrderDeps {
  store: OrderStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  /** Picks one of the free amounts (tests pass a fixed choice). */
  pick?: (free: readonly number[]) => number;
}

const randomPick = (free: readonly number[]) => free[Math.floor(Math.random() * free.length)] ?? free[0] ?? 0;
/** Attempts when another customer takes the chosen amount at the same moment. */
const MAX_ORDER_ATTEMPTS = 3;

/**
 * `payment-order`: the customer's open order of a package, or a new one with a free exact amount.
 * Reopening the window answers the same order; a verified referral code re-prices it (a new
 * amount, the old one released). When every amount of the price is held, 503: try again later.
 */
export async function openOrder(
  deps: OrderDeps,
  buyerId: string,
  input: OpenOrderInput,
  limits?: PendingLimits | null,
): Promise<PaymentOrder> {
  const slug = packageSlugOf(input.packageName);
  const snapshot = await deps.store.readOrderContext({ userId: buyerId, slug, referralCode: input.referralCode });
  const at = deps.now();
  const nowSeconds = Math.floor(at.getTime() / 1000);
  const priced = priceOrder(input, snapshot, buyerId);
  if (orderStillFits(snapshot.order, priced, nowSeconds)) return toOrderView(snapshot.order);

  // First a random amount, unread: usually free, and then the order costs one write. Only when it
  // was taken are the price's holds read, to choose among the free ones or to say none is left.
  const candidates = candidateAmounts(priced.priceCents);
  let free = candidates;
  const tried = new Set<number>();
  for (let attempt = 0; attempt <= MAX_ORDER_ATTEMPTS; attempt += 1) {
    if (attempt === 1) free = freeAmounts(priced.priceCents, await deps.store.readAmountHolds(candidates), nowSeconds);
    free = free.filter((cents) => !tried.has(cents));
    if (free.length === 0) break;
    const amountCents = (deps.pick ?? randomPick)(free);
    const order = newOrder(input, priced, buyerId, amountCents, deps.newId(at.getTime()), at);
    const result = await deps.store.commitOrder(order, snapshot.order, nowSeconds, limits);
    if (result.kind === 'committed') return toOrderView(order);
    if (result.kind === 'order-changed') {
      // Another window of the same customer made the order a moment ago: answer that one.
      const now = await deps.store.readOrderContext({ userId: buyerId, slug, referralCode: input.referralCode });
      if (orderStillFits(now.order, priced, nowSeconds)) return toOrderView(now.order);
      throw new ConflictError(PURCHASE_MESSAGES.busy);
    }
    tried.add(amountCents);
  }
  throw new ServiceUnavailableError(PAYMENT_MESSAGES.orderAmountsBusy);
}
