import { ORDER, type CloseOrder, type UNMATCHED_REASONS, centsToUsd } from '@goldbot/shared';
import type { OrderDetail } from '../records/order-record.js';
import type { TransferRecord } from '../records/transfer-record.js';
import { centsToUsdtUnits, formatTokenAmount, receiptFailure, usdtTransfers, type TransactionInfo } from './tron.js';

/**
 * Which order a USDT transfer pays, as plain rules (docs/data-model.md, "Binding a transfer to its
 * order"). A transfer binds to the order of its exact amount whose lifetime holds its block time:
 * from the order's creation, less a clock-skew allowance, to its expiry plus a grace for late
 * confirmations. An order binds at most one transfer. A transfer that fits no order is unmatched,
 * for the admins. No I/O here: binding.ts reads, calls these, and hands the plan to its store.
 */

export interface BindingPolicy {
  /** ORDER_OPEN_MINUTES: how long orders are open (bounds the look-up of the orders of an amount). */
  openMinutes: number;
  /** ORDER_GRACE_MINUTES: after an order's expiry, a transfer of its amount still binds to it. */
  graceMinutes: number;
  skewMinutes: number;
  ambiguousWithinHours: number;
}

export const bindingPolicy = (openMinutes: number, graceMinutes: number): BindingPolicy => ({
  openMinutes,
  graceMinutes,
  skewMinutes: ORDER.skewMinutes,
  ambiguousWithinHours: ORDER.ambiguousWithinHours,
});

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------
// Transfers from what TRON answers

/** One USDT transfer a TronGrid account listing gives (`/v1/accounts/{address}/transactions/trc20`). */
export interface ListedTransfer {
  txid: string;
  from: string;
  to: string;
  /** Micro-units. */
  units: bigint;
  /** Block time, epoch milliseconds. */
  blockTime: number;
}

/**
 * The transactions to `wallet` in a listing, one record per transaction id: several transfers of
 * one transaction add up (TronGrid lists a transaction's transfers one after another, in log order).
 */
export function transfersToWallet(
  listed: readonly ListedTransfer[],
  wallet: string,
  recordedAt: string,
): TransferRecord[] {
  const byTxid = new Map<string, TransferRecord>();
  for (const row of listed) {
    if (row.to !== wallet || row.units <= 0n) continue;
    const txid = row.txid.toLowerCase();
    const record = byTxid.get(txid);
    if (record) {
      record.events.push({ index: record.events.length, from: row.from, units: row.units.toString() });
      record.units = (BigInt(record.units) + row.units).toString();
      continue;
    }
    byTxid.set(txid, {
      txid,
      wallet,
      from: row.from,
      events: [{ index: 0, from: row.from, units: row.units.toString() }],
      units: row.units.toString(),
      blockTime: row.blockTime,
      blockNumber: null,
      recordedAt,
      source: 'watcher',
      state: 'recorded',
      binding: null,
      unmatched: null,
    });
  }
  return [...byTxid.values()];
}

/**
 * The transaction of a solidified receipt as a transfer to `wallet`, when it sent USDT there and
 * succeeded (a submitted TXID's on-chain check records what the watcher would have).
 */
export function transferFromReceipt(
  txid: string,
  info: TransactionInfo,
  wallet: string,
  recordedAt: string,
): TransferRecord | null {
  if (info.blockTimeStamp === undefined || receiptFailure(info) !== undefined) return null;
  const toWallet = usdtTransfers(info).filter((t) => t.to === wallet && t.units > 0n);
  const first = toWallet[0];
  if (!first) return null;
  return {
    txid: txid.toLowerCase(),
    wallet,
    from: first.from,
    events: toWallet.map((t, index) => ({ index, from: t.from, units: t.units.toString() })),
    units: toWallet.reduce((sum, t) => sum + t.units, 0n).toString(),
    blockTime: info.blockTimeStamp,
    blockNumber: info.blockNumber ?? null,
    recordedAt,
    source: 'txid-check',
    state: 'recorded',
    binding: null,
    unmatched: null,
  };
}

/** The transfer's amount in whole cents; null when it carries a fraction of a cent (no order asks that). */
export function unitsToCents(units: string | bigint): number | null {
  const value = BigInt(units);
  const perCent = centsToUsdtUnits(1);
  return value % perCent === 0n ? Number(value / perCent) : null;
}

/** Micro-units as the USDT number the screens show (60.37). */
export const unitsToUsdt = (units: string | bigint): number => Number(formatTokenAmount(BigInt(units)));

// ---------------------------------------------------------------------------------------------
// Orders' lifetimes

const createdMs = (order: Pick<OrderDetail, 'createdAt'>) => Date.parse(order.createdAt);
/**
 * When the order stopped asking for its amount: its expiry, or earlier when it let its amount go
 * (a TXID submitted for it, a rejected payment, a re-price), after which the amount may be issued to
 * another order. Its lifetime for binding ends there (plus the grace), so an order that let its
 * amount go can never take the transfer of the next order that was given it.
 */
const closesMs = (order: Pick<OrderDetail, 'expiresAt'> & { releasedAt?: string | null }) => {
  const expires = order.expiresAt * 1000;
  const released = order.releasedAt ? Date.parse(order.releasedAt) : Number.NaN;
  return Number.isFinite(released) ? Math.min(expires, released) : expires;
};

/**
 * How far back the orders of an amount are read for one transfer: its binding window (an order
 * created up to a lifetime and a grace before it), and the earlier orders whose unpaid end would
 * make the binding ambiguous (a day and another lifetime before that).
 */
export function orderLookup(blockTime: number, policy: BindingPolicy): { fromIso: string; toIso: string } {
  const back = (2 * policy.openMinutes + policy.graceMinutes + policy.skewMinutes) * MINUTE_MS;
  return {
    fromIso: new Date(blockTime - back - policy.ambiguousWithinHours * HOUR_MS).toISOString(),
    toIso: new Date(blockTime + policy.skewMinutes * MINUTE_MS).toISOString(),
  };
}

/** Where a block time falls in an order's lifetime (null: outside it). */
export function placeInLifetime(
  order: Pick<OrderDetail, 'createdAt' | 'expiresAt'> & { releasedAt?: string | null },
  blockTime: number,
  policy: BindingPolicy,
): 'open' | 'grace' | 'skew' | null {
  const created = createdMs(order);
  const expires = closesMs(order);
  if (blockTime >= created && blockTime <= expires) return 'open';
  if (blockTime > expires && blockTime <= expires + policy.graceMinutes * MINUTE_MS) return 'grace';
  if (blockTime < created && blockTime >= created - policy.skewMinutes * MINUTE_MS) return 'skew';
  return null;
}

export const withinLifetime = (
  order: Pick<OrderDetail, 'createdAt' | 'expiresAt'> & { releasedAt?: string | null },
  blockTime: number,
  policy: BindingPolicy,
): boolean => placeInLifetime(order, blockTime, policy) !== null;

export const BINDING_REASONS = {
  ambiguousEarlier: (amount: string, endedAt: string, hours: number) =>
    `${amount} USDT was also the amount of an earlier order that ended unpaid at ${endedAt}, ${hours} h before this order was opened: this transfer may be that customer's late payment`,
  ambiguousOverlap: (amount: string, orderId: string) =>
    `the transfer's time also fits order ${orderId} of the same amount (${amount} USDT)`,
} as const;

export const AUTO_APPROVAL_WITHHELD = {
  ambiguous: 'the binding is ambiguous',
  payerPaidOthers: "the sender's address paid other customers' orders",
  predatesOrder: 'the transfer is dated before the order was opened',
} as const;

export type BindChoice =
  | { kind: 'bind'; order: OrderDetail; ambiguous: string | null; predatesOrder: boolean }
  | { kind: 'unmatched'; reason: (typeof UNMATCHED_REASONS)[number]; closeOrders: OrderDetail[] };

const RANK = { open: 0, grace: 1, skew: 2 } as const;
const hoursText = (ms: number) => Math.round((ms / HOUR_MS) * 10) / 10;

/**
 * The order a transfer pays, from `orders` (the orders of its exact amount around its time, as
 * orderLookup reads them), or why none: no order asked this amount then (`no-order`), the order of
 * this amount had closed (`late`), or it already has its transfer (`order-paid`). Among orders whose
 * lifetime holds the block time, one still open at that time wins over one in its grace, and that
 * over one not yet created (the clock-skew allowance); among those, one whose customer submitted
 * this TXID, then the oldest. The binding is ambiguous when another order
 * of the amount fits too, or when an earlier order of the amount ended unpaid within
 * `ambiguousWithinHours` before the chosen one was opened: the transfer may be its customer's late
 * payment, so a person decides.
 */
export function chooseOrder(
  transfer: Pick<TransferRecord, 'units' | 'blockTime'> & { txid?: string },
  orders: readonly OrderDetail[],
  policy: BindingPolicy,
): BindChoice {
  if (unitsToCents(transfer.units) === null) return { kind: 'unmatched', reason: 'no-order', closeOrders: [] };
  const amount = formatTokenAmount(BigInt(transfer.units));
  const fitting = orders
    .map((order) => ({ order, place: placeInLifetime(order, transfer.blockTime, policy) }))
    .filter((entry): entry is { order: OrderDetail; place: 'open' | 'grace' | 'skew' } => entry.place !== null);
  // By place first (a TXID submitted for a newer order can never move the transfer off the order
  // that was open when it was made); then an order whose customer submitted this TXID; then the
  // oldest, the one that asked for the amount first.
  const claimed = (order: OrderDetail) => (transfer.txid !== undefined && order.claim?.txid === transfer.txid ? 0 : 1);
  const unpaid = fitting
    .filter((entry) => entry.order.binding === null)
    .sort(
      (a, b) =>
        RANK[a.place] - RANK[b.place] || claimed(a.order) - claimed(b.order) || createdMs(a.order) - createdMs(b.order),
    );
  const chosen = unpaid[0];
  if (!chosen) {
    if (fitting.length > 0) {
      return { kind: 'unmatched', reason: 'order-paid', closeOrders: fitting.map((entry) => entry.order) };
    }
    const ended = orders
      .filter((order) => closesMs(order) < transfer.blockTime)
      .sort((a, b) => closesMs(b) - closesMs(a));
    return ended.length > 0
      ? { kind: 'unmatched', reason: 'late', closeOrders: ended }
      : { kind: 'unmatched', reason: 'no-order', closeOrders: [] };
  }

  const order = chosen.order;
  const other = unpaid[1];
  let ambiguous: string | null = other ? BINDING_REASONS.ambiguousOverlap(amount, other.order.orderId) : null;
  if (!ambiguous) {
    const opened = createdMs(order);
    const window = policy.ambiguousWithinHours * HOUR_MS;
    const earlier = orders
      .filter(
        (o) =>
          o.orderId !== order.orderId && o.binding === null && createdMs(o) < opened && closesMs(o) > opened - window,
      )
      .sort((a, b) => closesMs(b) - closesMs(a))[0];
    if (earlier) {
      const endedAt = Math.min(closesMs(earlier), opened);
      ambiguous = BINDING_REASONS.ambiguousEarlier(
        amount,
        new Date(endedAt).toISOString(),
        hoursText(opened - endedAt),
      );
    }
  }
  return { kind: 'bind', order, ambiguous, predatesOrder: transfer.blockTime < createdMs(order) };
}

/** Why the automatic approval must not approve a binding (empty: it may). */
export function autoApprovalWithheld(binding: {
  ambiguous: string | null;
  payerPaidOthers: boolean;
  predatesOrder: boolean;
}): string[] {
  return [
    ...(binding.ambiguous ? [AUTO_APPROVAL_WITHHELD.ambiguous] : []),
    ...(binding.payerPaidOthers ? [AUTO_APPROVAL_WITHHELD.payerPaidOthers] : []),
    ...(binding.predatesOrder ? [AUTO_APPROVAL_WITHHELD.predatesOrder] : []),
  ];
}

/** At most this many close orders are kept on an unmatched transfer. */
export const CLOSE_ORDERS_SHOWN = 5;

/** An order as a close order of an unmatched transfer (with its customer's name and e-mail). */
export function toCloseOrder(
  order: OrderDetail,
  reason: CloseOrder['reason'],
  user: { username: string; email: string } | undefined,
): CloseOrder {
  return {
    orderId: order.orderId,
    reason,
    user: { _id: order.userId, username: user?.username ?? '', email: user?.email ?? '' },
    packageName: order.packageName,
    amount: centsToUsd(order.amountCents),
    createdAt: order.createdAt,
    expiresAt: new Date(order.expiresAt * 1000).toISOString(),
  };
}
