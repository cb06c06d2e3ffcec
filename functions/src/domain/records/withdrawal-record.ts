import type { ChainCheck, Withdrawal, WithdrawalStatus } from '@goldbot/shared';

/** A referral withdrawal request as the use cases hold it, its search field and the admin row. */
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
  /** The TRON transaction id of the payout (canonical: lower-case hex), named by the approval. */
  payoutTxid: string | null;
  /** The latest on-chain verdict on the payout (never written by the decision itself). */
  payoutCheck: ChainCheck | null;
  /** Lower-cased username, e-mail and TRC20 address, for the bounded page filter of admin search (docs/data-model.md). */
  searchText: string;
  createdAt: string;
  updatedAt: string;
}

export const withdrawalSearchText = (w: Pick<WithdrawalRecord, 'username' | 'email' | 'trc20Address'>) =>
  `${w.username}\n${w.email}\n${w.trc20Address}`.toLowerCase();

/**
 * The back-office withdrawal row: `userId` "populated" with the requester and `referralEarnings`, the
 * live **available** balance (read from the profile, not the snapshot of the request).
 */
export function toWithdrawalView(
  w: WithdrawalRecord,
  user: { username?: string; email?: string; referralEarnings: number },
  /** 'admin' adds the on-chain verdict on the payout, which only the back-office shows. */
  audience: 'admin' | 'customer' = 'admin',
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
    payoutTxid: w.payoutTxid,
    ...(audience === 'admin' ? { payoutCheck: w.payoutCheck } : {}),
  };
}
