import { REFUND_ORIGINS, type PackageSlug, type Refund, type RefundStatus } from '@goldbot/shared';
import type { ReferralClawback, RefundRecord } from '../domain/records/refund-record.js';
import type { IndexList } from './table-reads.js';
import { rowCustomer, stringOrNull } from './item-fields.js';

/**
 * Refund requests and the payout marker (docs/data-model.md, "Refund request"):
 *   REFUND#<id> / REFUND#<id>                   the request, read and decided by id
 *   GSI2  REFUNDS#<status> / <createdAt>#<id>   per status, newest first; moved with the status in one update
 *   PAYOUTTXID#<txid> / PAYOUTTXID              a payout transfer proves one refund, once
 * "One request per payment" is held by the payment itself (`refundId`, `refundStatus`), which every
 * request's transaction conditions.
 */
export const refundKey = (id: string) => ({ PK: `REFUND#${id}`, SK: `REFUND#${id}` });
export const payoutTxidMarkerKey = (txid: string) => ({ PK: `PAYOUTTXID#${txid}`, SK: 'PAYOUTTXID' });

export const refundStatusList = (status: RefundStatus) => `REFUNDS#${status}`;
export const refundListKeys = (createdAt: string, id: string, status: RefundStatus) => ({
  GSI2PK: refundStatusList(status),
  GSI2SK: `${createdAt}#${id}`,
});
/** One status's requests, newest first (AP-R2). */
export const refundList = (status: RefundStatus): IndexList => ({
  index: 'GSI2',
  pk: 'GSI2PK',
  sk: 'GSI2SK',
  value: refundStatusList(status),
});

export function toRefundItem(refund: RefundRecord) {
  return {
    ...refundKey(refund._id),
    entity: 'Refund',
    ...refundListKeys(refund.createdAt, refund._id, refund.status),
    ...refund,
  };
}

export const toPayoutTxidMarkerItem = (txid: string, refundId: string, at: string) => ({
  ...payoutTxidMarkerKey(txid),
  entity: 'PayoutTxidMarker',
  txid,
  refundId,
  createdAt: at,
});

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

function clawbackOf(value: unknown): ReferralClawback | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  if (typeof c.referrerId !== 'string') return null;
  return {
    referrerId: c.referrerId,
    amount: numberOf(c.amount),
    fromAvailable: numberOf(c.fromAvailable),
    owed: numberOf(c.owed),
  };
}

export function fromRefundItem(item: Record<string, unknown>): RefundRecord {
  const createdAt = String(item.createdAt ?? item.requestedAt);
  const origin = REFUND_ORIGINS.find((o) => o === item.origin) ?? 'customer';
  return {
    _id: String(item._id),
    paymentId: String(item.paymentId),
    subscriptionId: String(item.subscriptionId ?? ''),
    ...rowCustomer(item),
    packageSlug: item.packageSlug as PackageSlug,
    packageName: item.packageName as Refund['packageName'],
    amount: numberOf(item.amount),
    amountPaid: numberOf(item.amountPaid ?? item.amount),
    transactionId: String(item.transactionId ?? ''),
    paymentApprovedAt: stringOrNull(item.paymentApprovedAt),
    trc20Address: String(item.trc20Address ?? ''),
    reason: String(item.reason ?? ''),
    origin,
    createdBy: stringOrNull(item.createdBy),
    status: item.status as RefundStatus,
    requestedAt: String(item.requestedAt ?? createdAt),
    decidedAt: stringOrNull(item.decidedAt),
    decidedBy: stringOrNull(item.decidedBy),
    payoutTxid: stringOrNull(item.payoutTxid),
    note: stringOrNull(item.note),
    refusalReason: stringOrNull(item.refusalReason),
    referralClawback: clawbackOf(item.referralClawback),
    createdAt,
    updatedAt: String(item.updatedAt ?? createdAt),
  };
}
