import {
  ORDER,
  PAYMENT_MESSAGES,
  type OpenOrderInput,
  type PackageSlug,
  type PaymentOrder,
  toCents,
  centsToUsd,
} from '@goldbot/shared';
import type { AmountHold, OrderRecord } from '../records/order-record.js';
import type { PendingLimits } from '../limits/rate-limits.js';
import { ConflictError, ServiceUnavailableError } from '../errors.js';
import { PURCHASE_MESSAGES, packageSlugOf, purchaseTerms, type PurchaseContext } from './purchase.js';

/**
 * Payment orders: what makes a USDT transfer attributable to its buyer. The receiving wallet is
 * shared and public and prices are fixed, so a transfer of the bare price could be anyone's. An
 * order asks its customer for the price plus a tag of 1 to 99 cents that no other open order
 * holds; the on-chain check then matches a transfer only to the order with exactly its amount.
 * The tag is whole cents, so a wallet or an exchange that rounds to 2 decimals keeps it, and the
 * customer never sends $1 or more above the price.
 */

/** Every exact amount an order of this price may ask for: the price plus 1 to 99 cents. */
export const candidateAmounts = (priceCents: number): number[] =>
  Array.from({ length: ORDER.maxTagCents }, (_, i) => priceCents + i + 1);

/** A hold counts until it ends; an ended one is free for the next order. */
export const holdIsLive = (hold: AmountHold | null | undefined, nowSeconds: number): hold is AmountHold =>
  hold !== null && hold !== undefined && hold.heldUntil > nowSeconds;

/** The amounts of `priceCents` that no live hold has, in order. */
export function freeAmounts(priceCents: number, holds: readonly AmountHold[], nowSeconds: number): number[] {
  const taken = new Set(holds.filter((h) => holdIsLive(h, nowSeconds)).map((h) => h.amountCents));
  return candidateAmounts(priceCents).filter((cents) => !taken.has(cents));
}

/**
 * The free amounts of `priceCents`, the one whose last hold ended longest ago first (never held:
 * first of all; ties in random order). A transfer that comes late for an order that just closed
 * then finds its amount still unissued, or at least issued as late as the pool allows.
 */
export function amountsByLastUse(
  priceCents: number,
  holds: readonly AmountHold[],
  nowSeconds: number,
  random: () => number = Math.random,
): number[] {
  const endedAt = new Map(holds.map((h) => [h.amountCents, h.heldUntil]));
  return freeAmounts(priceCents, holds, nowSeconds)
    .map((cents) => ({ cents, ended: endedAt.get(cents) ?? 0, tie: random() }))
    .sort((a, b) => a.ended - b.ended || a.tie - b.tie)
    .map((entry) => entry.cents);
}

/**
 * The order in which a new order tries the free amounts: the older half of amountsByLastUse in
 * random order, then the rest oldest first. Customers who open orders of a price at the same moment
 * read the same holds; trying the single oldest amount first, they would all collide on it. Every
 * amount of the older half ended before any of the rest, so an amount whose order just closed (and
 * whose late transfer may still come) is still handed out last.
 */
export function amountsToTry(ranked: readonly number[], random: () => number = Math.random): number[] {
  const oldest = ranked.slice(0, Math.max(1, Math.ceil(ranked.length / 2)));
  const shuffled = oldest
    .map((cents) => ({ cents, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.cents);
  return [...shuffled, ...ranked.slice(oldest.length)];
}

/** Whether a price is running out of amounts: fewer than ORDER.poolLowFreeShare of them free. */
export const poolIsLow = (freeCount: number): boolean => freeCount < ORDER.poolLowFreeShare * ORDER.maxTagCents;

export const orderIsOpen = (order: OrderRecord | null, nowSeconds: number): order is OrderRecord =>
  order !== null && order.expiresAt > nowSeconds;

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
): {
  slug: PackageSlug;
  originalAmountCents: number;
  priceCents: number;
  referralCode: string | null;
  referralUserId: string | null;
  referrerUsername: string | null;
} {
  const { slug, referrer, due } = purchaseTerms(input, snapshot, buyerId);
  return {
    slug,
    originalAmountCents: toCents(due.originalAmount),
    priceCents: toCents(due.amount),
    referralCode: referrer ? referrer.code : null,
    referralUserId: referrer ? referrer.userId : null,
    referrerUsername: referrer ? referrer.username : null,
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
  openMinutes: number = ORDER.openMinutes,
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
    referralUserId: priced.referralUserId,
    referrerUsername: priced.referrerUsername,
    createdAt: at.toISOString(),
    expiresAt: Math.floor(at.getTime() / 1000) + openMinutes * 60,
  };
}

/**
 * `busy`: the transaction kept colliding with others on its items (TransactionConflict after the
 * store's retries). The amount's hold is the item other customers share, so it usually means
 * another customer was taking the same amount at that moment; nothing was written.
 */
export type OrderCommit =
  { kind: 'committed' } | { kind: 'amount-taken' } | { kind: 'order-changed' } | { kind: 'busy' };

export interface OrderStore {
  /** The customer, the package, the settings, the wallet, the code's owner and the current order: one BatchGetItem. */
  readOrderContext(request: { userId: string; slug: PackageSlug; referralCode: string | null }): Promise<OrderSnapshot>;
  /** The holds of every candidate amount of a price (one Query of the price's amount pool partition). */
  readAmountHolds(amountsCents: readonly number[]): Promise<AmountHold[]>;
  /**
   * One transaction: the new order (its own item and the customer's current-order copy), its
   * amount's hold (only where no live hold has it), and the end of the replaced order's hold.
   * `replaced` must still be the stored current order.
   */
  commitOrder(
    order: OrderRecord,
    replaced: OrderRecord | null,
    nowSeconds: number,
    /** The request's limits, moved in the same transaction (the round-trip budget). */
    limits?: PendingLimits | null,
  ): Promise<OrderCommit>;
  /** Notes that a price ran low on free amounts this hour (job-watch-wallets mails the admins once). */
  notePoolLow(alert: { priceCents: number; freeAmounts: number; at: Date }): Promise<void>;
}

export interface OrderDeps {
  store: OrderStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  /** ORDER_OPEN_MINUTES (default ORDER.openMinutes). */
  openMinutes?: number;
  /** Breaks ties between equally old amounts (tests pass a fixed one). */
  random?: () => number;
}

/** Attempts when other customers take the chosen amounts at the same moment (the holds are read again halfway). */
const MAX_ORDER_ATTEMPTS = 8;
const REREAD_AFTER_ATTEMPTS = 4;

/**
 * `payment-order`: the customer's open order of a package, or a new one with a free exact amount:
 * one whose last hold ended longest ago (amountsToTry). Reopening the window answers the same order; a
 * verified referral code re-prices it (a new amount, the old one freed). When every amount of the
 * price is held, 503: try again later. When fewer than a fifth are free, the admins hear of it.
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

  const tried = new Set<number>();
  let ranked: number[] = [];
  let queue: number[] = [];
  for (let attempt = 0; attempt < MAX_ORDER_ATTEMPTS; attempt += 1) {
    if (attempt === 0 || attempt === REREAD_AFTER_ATTEMPTS || queue.length === 0) {
      // Read (again, after a run of collisions): the holds as they are now.
      const holds = await deps.store.readAmountHolds(candidateAmounts(priced.priceCents));
      ranked = amountsByLastUse(priced.priceCents, holds, nowSeconds, deps.random);
      queue = amountsToTry(ranked, deps.random).filter((cents) => !tried.has(cents));
    }
    const amountCents = queue.shift();
    if (amountCents === undefined) break;
    tried.add(amountCents);
    const order = newOrder(input, priced, buyerId, amountCents, deps.newId(at.getTime()), at, deps.openMinutes);
    const result = await deps.store.commitOrder(order, snapshot.order, nowSeconds, limits);
    if (result.kind === 'committed') {
      const stillFree = ranked.length - 1;
      if (poolIsLow(stillFree)) {
        // Best effort: the order stands either way, and the next order of this price notes it again.
        await deps.store.notePoolLow({ priceCents: priced.priceCents, freeAmounts: stillFree, at }).catch(() => {});
      }
      return toOrderView(order);
    }
    if (result.kind === 'order-changed' || result.kind === 'busy') {
      // Another window of the same customer made the order a moment ago: answer that one.
      const now = await deps.store.readOrderContext({ userId: buyerId, slug, referralCode: input.referralCode });
      if (orderStillFits(now.order, priced, nowSeconds)) return toOrderView(now.order);
      // A collision with other customers' orders on the same amount is no reason to refuse this
      // one: try the next amount, as when the amount was taken (a refusal here left customers of
      // a busy price without an order, so their submission was told to open the window again).
      if (result.kind === 'busy') continue;
      throw new ConflictError(PURCHASE_MESSAGES.busy);
    }
    // Another customer took this amount between the read and the write: the next oldest.
  }
  throw new ServiceUnavailableError(PAYMENT_MESSAGES.orderAmountsBusy);
}
