import type { ChainCheck, WithdrawalStatus } from '@goldbot/shared';
import type { WithdrawalRecord } from '../domain/records/withdrawal-record.js';
import { rowCustomer, stringOrNull } from './item-fields.js';

/**
 * Referral withdrawals and the one-pending marker (docs/data-model.md, "Withdrawal" and "Uniqueness markers"):
 *   WITHDRAWAL#<id> / WITHDRAWAL#<id>                   the request, read and decided by id
 *   GSI1  WITHDRAWALS / <createdAt>#<id>                all requests, newest first
 *   GSI2  WITHDRAWALS#<status> / <createdAt>#<id>       per status; moved with the status in one update
 *   GSI3  USER#<sub> / WITHDRAWAL#<createdAt>#<id>      one user's requests (the Withdrawal Center)
 *   USER#<sub> / MARKER#PENDING_WITHDRAWAL              exists only while that user has a pending request
 */
export const withdrawalKey = (id: string) => ({ PK: `WITHDRAWAL#${id}`, SK: `WITHDRAWAL#${id}` });
export const pendingWithdrawalMarkerKey = (userId: string) => ({
  PK: `USER#${userId}`,
  SK: 'MARKER#PENDING_WITHDRAWAL',
});

export const WITHDRAWALS_LIST = 'WITHDRAWALS';
export const withdrawalStatusList = (status: WithdrawalStatus) => `WITHDRAWALS#${status}`;
export const USER_WITHDRAWALS_SK_PREFIX = 'WITHDRAWAL#';
export const userWithdrawalsPartition = (userId: string) => `USER#${userId}`;
export const withdrawalListKeys = (createdAt: string, id: string, status: WithdrawalStatus, userId: string) => ({
  GSI1PK: WITHDRAWALS_LIST,
  GSI1SK: `${createdAt}#${id}`,
  GSI2PK: withdrawalStatusList(status),
  GSI2SK: `${createdAt}#${id}`,
  GSI3PK: userWithdrawalsPartition(userId),
  GSI3SK: `${USER_WITHDRAWALS_SK_PREFIX}${createdAt}#${id}`,
});

export function toWithdrawalItem(withdrawal: WithdrawalRecord) {
  // The payout's TXID and verdict exist only once there is one: the verdict's write conditions on
  // `attribute_not_exists(payoutCheck)`, which a stored null would fail.
  const { payoutTxid, payoutCheck, ...rest } = withdrawal;
  return {
    ...withdrawalKey(withdrawal._id),
    entity: 'Withdrawal',
    ...withdrawalListKeys(withdrawal.createdAt, withdrawal._id, withdrawal.status, withdrawal.userId),
    ...rest,
    ...(payoutTxid ? { payoutTxid } : {}),
    ...(payoutCheck ? { payoutCheck } : {}),
  };
}

export const toPendingMarkerItem = (userId: string, withdrawalId: string, createdAt: string) => ({
  ...pendingWithdrawalMarkerKey(userId),
  entity: 'PendingWithdrawalMarker',
  withdrawalId,
  createdAt,
});

export function fromWithdrawalItem(item: Record<string, unknown>): WithdrawalRecord {
  const createdAt = String(item.createdAt ?? item.requestDate);
  return {
    _id: String(item._id),
    ...rowCustomer(item),
    amount: Number(item.amount ?? 0),
    trc20Address: String(item.trc20Address ?? ''),
    status: item.status as WithdrawalStatus,
    requestDate: String(item.requestDate ?? createdAt),
    approvedDate: stringOrNull(item.approvedDate),
    rejectedDate: stringOrNull(item.rejectedDate),
    adminNote: stringOrNull(item.adminNote),
    processedBy: stringOrNull(item.processedBy),
    payoutTxid: stringOrNull(item.payoutTxid),
    payoutCheck: item.payoutCheck && typeof item.payoutCheck === 'object' ? (item.payoutCheck as ChainCheck) : null,
    searchText: String(item.searchText ?? ''),
    createdAt,
    updatedAt: String(item.updatedAt ?? createdAt),
  };
}
