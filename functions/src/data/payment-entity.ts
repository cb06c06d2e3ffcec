import {
  REFUND_STATUSES,
  chainCheckSchema,
  paymentBindingSchema,
  type ChainCheck,
  type PackageSlug,
  type Payment,
  type PaymentBinding,
  type RefundStatus,
} from '@goldbot/shared';
import type { TxidMarker } from '../domain/commerce/purchase.js';
import { decodeCursor } from './cursor.js';
import type { IndexList } from './table-reads.js';
import { normalizeTxid, type PaymentRecord } from '../domain/records/payment-record.js';
import { rowCustomer, stringOrNull } from './item-fields.js';

/**
 * USDT payments and the TXID marker (docs/data-model.md, "Payment" and "Uniqueness markers"):
 *   PAYMENT#<id> / PAYMENT#<id>                     the payment, read and decided by id
 *   GSI1  PAYMENTS / <createdAt>#<id>               all payments, newest first
 *   GSI2  PAYMENTS#<status> / <createdAt>#<id>      per status; moved with the status in one update
 *   GSI3  USER#<sub> / PAYMENT#<createdAt>#<id>     one user's payments (search by user)
 *   TXID#<txid trimmed, lower-cased> / TXID         a transaction id can pay once, across all users
 *     GSI2  TXIDS#<first 2 chars> / <txid>            the markers by the start of their TXID (admin search)
 * `chainCheck` is the latest on-chain verdict of the TXID; only the chain check writes it
 * (chain-check-store.ts), never the submission, so it is absent until the first check has run.
 */
export const paymentKey = (id: string) => ({ PK: `PAYMENT#${id}`, SK: `PAYMENT#${id}` });
export const txidMarkerKey = (txid: string) => ({ PK: `TXID#${normalizeTxid(txid)}`, SK: 'TXID' });

/**
 * The TXID markers by the start of their TXID: one GSI2 partition per first two characters, so a
 * `begins_with` Query reads the matching markers and nothing else, and no partition holds more
 * than about 1/256 of the markers (TRON TXIDs are random hex).
 */
export const txidStartPartition = (txidNormalized: string) => `TXIDS#${txidNormalized.slice(0, 2)}`;
export const txidStartKeys = (txidNormalized: string) => ({
  GSI2PK: txidStartPartition(txidNormalized),
  GSI2SK: txidNormalized,
});
/** The markers whose TXID starts with `prefix` (normalized, at least two characters), in TXID order. */
export const txidStartList = (prefix: string): IndexList => ({
  index: 'GSI2',
  pk: 'GSI2PK',
  sk: 'GSI2SK',
  value: txidStartPartition(prefix),
  skPrefix: prefix,
  ascending: true,
});
/** Whether a list cursor was handed out by the TXID-start search (its key is a marker's). */
export const isTxidStartCursor = (cursor: string | undefined) =>
  String(decodeCursor(cursor, {})?.PK ?? '').startsWith('TXID#');

/** The marker as stored: its key, its index keys for the TXID-start search, and its fields. */
export const toTxidMarkerItem = (marker: TxidMarker) => ({
  ...txidMarkerKey(marker.txidNormalized),
  entity: 'TxidMarker',
  ...txidStartKeys(marker.txidNormalized),
  ...marker,
});
/**
 * The payments a sender's address paid (docs/data-model.md, "Payer of a payment"), written by the on-chain check:
 *   PAYER#<address> / PAYMENT#<payment id>   {userId}
 * so "did this address pay other customers' orders before" is one Query of its partition.
 */
export const payerPartition = (address: string) => `PAYER#${address}`;
export const payerKey = (address: string, paymentId: string) => ({
  PK: payerPartition(address),
  SK: `PAYMENT#${paymentId}`,
});

export const PAYMENTS_LIST = 'PAYMENTS';
export const paymentStatusList = (status: Payment['status']) => `PAYMENTS#${status}`;
export const paymentListKeys = (createdAt: string, id: string, status: Payment['status'], userId: string) => ({
  GSI1PK: PAYMENTS_LIST,
  GSI1SK: `${createdAt}#${id}`,
  GSI2PK: paymentStatusList(status),
  GSI2SK: `${createdAt}#${id}`,
  GSI3PK: `USER#${userId}`,
  GSI3SK: `PAYMENT#${createdAt}#${id}`,
});
export const USER_PAYMENTS_SK_PREFIX = 'PAYMENT#';

export function toPaymentItem(payment: PaymentRecord) {
  return {
    ...paymentKey(payment._id),
    entity: 'Payment',
    ...paymentListKeys(payment.createdAt, payment._id, payment.status, payment.userId),
    ...payment,
  };
}

export function fromPaymentItem(item: Record<string, unknown>): PaymentRecord {
  const wallet = (item.wallet ?? {}) as Record<string, unknown>;
  return {
    _id: String(item._id),
    ...rowCustomer(item),
    packageSlug: item.packageSlug as PackageSlug,
    packageName: item.packageName as Payment['packageName'],
    amount: Number(item.amount ?? 0),
    originalAmount: Number(item.originalAmount ?? item.amount ?? 0),
    hasReferralDiscount: item.hasReferralDiscount === true,
    referralDiscount: Number(item.referralDiscount ?? 0),
    referralCode: stringOrNull(item.referralCode),
    referralUserId: stringOrNull(item.referralUserId),
    referrerUsername: stringOrNull(item.referrerUsername),
    referrerEmail: stringOrNull(item.referrerEmail),
    referralReward: Number(item.referralReward ?? 0),
    referralCredited: item.referralCredited === true,
    currency: String(item.currency ?? 'USD'),
    paymentMethod: 'usdt',
    transactionId: String(item.transactionId),
    txidNormalized: String(item.txidNormalized ?? normalizeTxid(String(item.transactionId))),
    ...(typeof item.orderId === 'string' ? { orderId: item.orderId } : {}),
    ...(typeof item.orderAmount === 'number' ? { orderAmount: item.orderAmount } : {}),
    ...(typeof item.orderCreatedAt === 'string' ? { orderCreatedAt: item.orderCreatedAt } : {}),
    ...(typeof item.orderExpiresAt === 'string' ? { orderExpiresAt: item.orderExpiresAt } : {}),
    ...bindingOf(item.binding),
    wallet: {
      address: String(wallet.address ?? ''),
      network: String(wallet.network ?? ''),
      currency: String(wallet.currency ?? 'USDT'),
    },
    subscriptionId: String(item.subscriptionId),
    status: item.status as Payment['status'],
    searchText: String(item.searchText ?? ''),
    ...(typeof item.approvedAt === 'string' ? { approvedAt: item.approvedAt } : {}),
    ...(typeof item.approvedBy === 'string' ? { approvedBy: item.approvedBy } : {}),
    ...(typeof item.rejectedAt === 'string' ? { rejectedAt: item.rejectedAt } : {}),
    ...(typeof item.rejectedBy === 'string' ? { rejectedBy: item.rejectedBy } : {}),
    ...chainCheckOf(item.chainCheck),
    ...(typeof item.refundId === 'string' ? { refundId: item.refundId } : {}),
    ...(isRefundStatus(item.refundStatus) ? { refundStatus: item.refundStatus } : {}),
    ...(typeof item.refundedAt === 'string' ? { refundedAt: item.refundedAt } : {}),
    ...(typeof item.refundPayoutTxid === 'string' ? { refundPayoutTxid: item.refundPayoutTxid } : {}),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt ?? item.createdAt),
  };
}

const isRefundStatus = (value: unknown): value is RefundStatus =>
  (REFUND_STATUSES as readonly unknown[]).includes(value);
/** The stored binding; nothing while the payment is only a submitted TXID. */
function bindingOf(value: unknown): { binding?: PaymentBinding } {
  if (value === undefined || value === null) return {};
  const parsed = paymentBindingSchema.safeParse(value);
  return parsed.success ? { binding: parsed.data } : {};
}

/** A stored verdict; nothing when none ran yet (or one this version cannot read). */
function chainCheckOf(value: unknown): { chainCheck?: ChainCheck } {
  if (value === undefined || value === null) return {};
  const parsed = chainCheckSchema.safeParse(value);
  return parsed.success ? { chainCheck: parsed.data } : {};
}
