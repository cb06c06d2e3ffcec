import type { Withdrawal, WithdrawalStatus } from '@goldbot/shared';

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

export interface WithdrawalRecord {
  _id: string;
  userId: string;
  /** Snapshots of the requester at request time (the admin row shows them; the live balance is read apart). */
  username: string;
  email: string;
  amount: number;
  trc20Address: string;
  status: WithdrawalStatus;
  /** = createdAt. */
  requestDate: string;
  approvedDate: string | null;
  rejectedDate: string | null;
  adminNote: string | null;
  /** The deciding administrator's sub. */
  processedBy: string | null;
  /** Lower-cased username, e-mail and TRC20 address, for the bounded page filter of admin search (docs/data-model.md, "Search, stated honestly"). */
  searchText: string;
  createdAt: string;
  updatedAt: string;
}

export const withdrawalSearchText = (w: Pick<WithdrawalRecord, 'username' | 'email' | 'trc20Address'>) =>
  `${w.username}\n${w.email}\n${w.trc20Address}`.toLowerCase();

export function toWithdrawalItem(withdrawal: WithdrawalRecord) {
  return {
    ...withdrawalKey(withdrawal._id),
    entity: 'Withdrawal',
    ...withdrawalListKeys(withdrawal.createdAt, withdrawal._id, withdrawal.status, withdrawal.userId),
    ...withdrawal,
  };
}

export const toPendingMarkerItem = (userId: string, withdrawalId: string, createdAt: string) => ({
  ...pendingWithdrawalMarkerKey(userId),
  entity: 'PendingWithdrawalMarker',
  withdrawalId,
  createdAt,
});

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function fromWithdrawalItem(item: Record<string, unknown>): WithdrawalRecord {
  const createdAt = String(item.createdAt ?? item.requestDate);
  return {
    _id: String(item._id),
    userId: String(item.userId),
    username: String(item.username ?? ''),
    email: String(item.email ?? ''),
    amount: Number(item.amount ?? 0),
    trc20Address: String(item.trc20Address ?? ''),
    status: item.status as WithdrawalStatus,
    requestDate: String(item.requestDate ?? createdAt),
    approvedDate: stringOrNull(item.approvedDate),
    rejectedDate: stringOrNull(item.rejectedDate),
    adminNote: stringOrNull(item.adminNote),
    processedBy: stringOrNull(item.processedBy),
    searchText: String(item.searchText ?? ''),
    createdAt,
    updatedAt: String(item.updatedAt ?? createdAt),
  };
}

/**
 * The admin withdrawal row: `userId` "populated" with the requester and `referralEarnings`, the
 * live **available** balance (read from the profile, not the snapshot of the request).
 */
export function toWithdrawalView(
  w: WithdrawalRecord,
  user: { username?: string; email?: string; referralEarnings: number },
): Withdrawal {
  return {
    _id: w._id,
    userId: {
      _id: w.userId,
      username: user.username ?? w.username,
      email: user.email ?? w.email,
      referralEarnings: user.referralEarnings,
    },
    amount: w.amount,
    trc20Address: w.trc20Address,
    status: w.status,
    requestDate: w.requestDate,
    approvedDate: w.approvedDate,
    rejectedDate: w.rejectedDate,
    adminNote: w.adminNote,
  };
}
