import type { CloseOrder } from '@goldbot/shared';
import type {
  TransferBindingRecord,
  TransferDecision,
  TransferEvent,
  TransferRecord,
  TransferUnmatched,
} from '../domain/records/transfer-record.js';
import { normalizeTxid } from '../domain/records/payment-record.js';
import { stringOrNull } from './item-fields.js';

/**
 * USDT transfers to the payment wallets (docs/data-model.md, "Transfer" and "Wallet cursor"):
 *   TRANSFER#<txid> / TRANSFER          one per transaction id: recorded once, bound once or unmatched
 *     GSI1  TRANSFERS#UNMATCHED / <confirmedAt>#<txid>   only while unmatched: the admins' list
 *   WATCH#<wallet address> / CURSOR     how far the wallet watcher has recorded a wallet's transfers
 */
export const transferKey = (txid: string) => ({ PK: `TRANSFER#${normalizeTxid(txid)}`, SK: 'TRANSFER' });
export const UNMATCHED_LIST = 'TRANSFERS#UNMATCHED';
export const watchCursorKey = (address: string) => ({ PK: `WATCH#${address}`, SK: 'CURSOR' });

export const unmatchedListKeys = (transfer: Pick<TransferRecord, 'blockTime' | 'txid'>) => ({
  GSI1PK: UNMATCHED_LIST,
  GSI1SK: `${new Date(transfer.blockTime).toISOString()}#${transfer.txid}`,
});

/** A newly recorded transfer, not settled yet. */
export const toTransferItem = (transfer: TransferRecord) => ({
  ...transferKey(transfer.txid),
  entity: 'Transfer',
  txid: transfer.txid,
  wallet: transfer.wallet,
  from: transfer.from,
  events: transfer.events,
  units: transfer.units,
  blockTime: transfer.blockTime,
  blockNumber: transfer.blockNumber,
  recordedAt: transfer.recordedAt,
  source: transfer.source,
  state: transfer.state,
});

const objectOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function eventsOf(value: unknown): TransferEvent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry, index) => {
    const v = objectOf(entry);
    return v ? [{ index: Number(v.index ?? index), from: String(v.from ?? ''), units: String(v.units ?? '0') }] : [];
  });
}

function bindingOf(value: unknown): TransferBindingRecord | null {
  const v = objectOf(value);
  if (!v || typeof v.orderId !== 'string' || typeof v.paymentId !== 'string') return null;
  return {
    orderId: v.orderId,
    userId: String(v.userId ?? ''),
    paymentId: v.paymentId,
    boundAt: String(v.boundAt ?? ''),
    source: v.source === 'txid-check' || v.source === 'admin' ? v.source : 'watcher',
  };
}

function decisionOf(value: unknown): TransferDecision | null {
  const v = objectOf(value);
  if (!v || typeof v.status !== 'string') return null;
  return {
    status: v.status as TransferDecision['status'],
    by: String(v.by ?? ''),
    at: String(v.at ?? ''),
    note: String(v.note ?? ''),
    userId: stringOrNull(v.userId),
    packageName: stringOrNull(v.packageName) as TransferDecision['packageName'],
    paymentId: stringOrNull(v.paymentId),
  };
}

function unmatchedOf(item: Record<string, unknown>): TransferUnmatched | null {
  if (typeof item.unmatchedReason !== 'string') return null;
  return {
    reason: item.unmatchedReason as TransferUnmatched['reason'],
    closeOrders: Array.isArray(item.closeOrders) ? (item.closeOrders as CloseOrder[]) : [],
    adminMailedAt: stringOrNull(item.adminMailedAt),
    decision: decisionOf(item.decision),
  };
}

export function fromTransferItem(item: Record<string, unknown> | undefined): TransferRecord | null {
  if (!item || item.entity !== 'Transfer' || typeof item.txid !== 'string') return null;
  const state = item.state === 'bound' || item.state === 'unmatched' ? item.state : 'recorded';
  return {
    txid: item.txid,
    wallet: String(item.wallet ?? ''),
    from: String(item.from ?? ''),
    events: eventsOf(item.events),
    units: String(item.units ?? '0'),
    blockTime: Number(item.blockTime ?? 0),
    blockNumber: typeof item.blockNumber === 'number' ? item.blockNumber : null,
    recordedAt: String(item.recordedAt ?? ''),
    source: item.source === 'txid-check' ? 'txid-check' : 'watcher',
    state,
    binding: bindingOf(item.binding),
    unmatched: unmatchedOf(item),
  };
}
