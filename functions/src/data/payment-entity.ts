import { chainCheckSchema, type ChainCheck, type PackageSlug, type Payment } from '@goldbot/shared';
import type { TxidMarker } from '../domain/commerce/purchase.js';
import { decodeCursor } from '../kit/cursor.js';
import type { IndexList } from './table-reads.js';

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
 * One transfer, one spelling: trimmed, without a `0x` prefix (some wallets show one), lower-cased,
 * so `0x`+T is the same TXID as T for the uniqueness marker and the on-chain look-up.
 */
export const normalizeTxid = (txid: string) => txid.trim().replace(/^0x/i, '').toLowerCase();

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

export interface PaymentRecord {
  _id: string;
  userId: string;
  username: string;
  email: string;
  packageSlug: PackageSlug;
  packageName: Payment['packageName'];
  amount: number;
  originalAmount: number;
  hasReferralDiscount: boolean;
  referralDiscount: number;
  referralCode: string | null;
  referralUserId: string | null;
  referrerUsername: string | null;
  referrerEmail: string | null;
  referralReward: number;
  referralCredited: boolean;
  currency: string;
  paymentMethod: 'usdt';
  transactionId: string;
  txidNormalized: string;
  /** The payment order this pays and its exact amount to send (absent on payments from before orders). */
  orderId?: string;
  orderAmount?: number;
  wallet: { address: string; network: string; currency: string };
  subscriptionId: string;
  status: Payment['status'];
  /** Lower-cased username, e-mail and TXID, for the bounded page filter of admin search (docs/data-model.md, "Search, stated honestly"). */
  searchText: string;
  approvedAt?: string;
  approvedBy?: string;
  rejectedAt?: string;
  rejectedBy?: string;
  /** The latest on-chain pre-check; absent or null until one ran. */
  chainCheck?: ChainCheck | null;
  createdAt: string;
  updatedAt: string;
}

export const paymentSearchText = (p: Pick<PaymentRecord, 'username' | 'email' | 'transactionId'>) =>
  `${p.username}\n${p.email}\n${p.transactionId}`.toLowerCase();

export function toPaymentItem(payment: PaymentRecord) {
  return {
    ...paymentKey(payment._id),
    entity: 'Payment',
    ...paymentListKeys(payment.createdAt, payment._id, payment.status, payment.userId),
    ...payment,
  };
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function fromPaymentItem(item: Record<string, unknown>): PaymentRecord {
  const wallet = (item.wallet ?? {}) as Record<string, unknown>;
  return {
    _id: String(item._id),
    userId: String(item.userId),
    username: String(item.username ?? ''),
    email: String(item.email ?? ''),
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
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt ?? item.createdAt),
  };
}

/** A stored verdict; nothing when none ran yet (or one this version cannot read). */
function chainCheckOf(value: unknown): { chainCheck?: ChainCheck } {
  if (value === undefined || value === null) return {};
  const parsed = chainCheckSchema.safeParse(value);
  return parsed.success ? { chainCheck: parsed.data } : {};
}

/** The admin payment row: `userId` and `referralUserId` "populated", plus the wallet shown. */
export function toPaymentView(p: PaymentRecord): Payment {
  return {
    _id: p._id,
    userId: { _id: p.userId, username: p.username, email: p.email },
    packageName: p.packageName,
    amount: p.amount,
    originalAmount: p.originalAmount,
    hasReferralDiscount: p.hasReferralDiscount,
    referralDiscount: p.referralDiscount,
    referralCode: p.referralCode,
    referralUserId: p.referralUserId
      ? { _id: p.referralUserId, username: p.referrerUsername ?? '', email: p.referrerEmail ?? '' }
      : null,
    referralCredited: p.referralCredited,
    currency: p.currency,
    transactionId: p.transactionId,
    orderId: p.orderId ?? null,
    orderAmount: p.orderAmount ?? null,
    status: p.status,
    paymentMethod: p.paymentMethod,
    walletAddress: p.wallet.address,
    network: p.wallet.network,
    chainCheck: p.chainCheck ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
