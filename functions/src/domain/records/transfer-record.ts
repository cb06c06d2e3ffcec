import type { BINDING_SOURCES, CloseOrder, UNMATCHED_REASONS, UnmatchedStatus } from '@goldbot/shared';

/**
 * A USDT (TRC20) transaction to a payment wallet, as the wallet watcher or a TXID's on-chain check
 * recorded it: one record per transaction id. Several Transfer events of one transaction to the
 * wallet are one payment of their sum (as the on-chain check has always read a receipt); `events`
 * keeps each one.
 */
export interface TransferEvent {
  /** Position among the transaction's USDT transfers to the wallet (log order). */
  index: number;
  from: string;
  /** USDT micro-units, as a decimal string of the integer. */
  units: string;
}

export type TransferSource = (typeof BINDING_SOURCES)[number];

export interface TransferBindingRecord {
  orderId: string;
  userId: string;
  paymentId: string;
  boundAt: string;
  source: TransferSource;
}

export interface TransferDecision {
  status: Exclude<UnmatchedStatus, 'open'>;
  by: string;
  at: string;
  note: string;
  userId: string | null;
  packageName: CloseOrder['packageName'] | null;
  paymentId: string | null;
}

export interface TransferUnmatched {
  reason: (typeof UNMATCHED_REASONS)[number];
  closeOrders: CloseOrder[];
  /** When the admins were mailed about it (job-watch-wallets, once). */
  adminMailedAt: string | null;
  decision: TransferDecision | null;
}

export interface TransferRecord {
  txid: string;
  /** The receiving wallet (T-address). */
  wallet: string;
  /** The sender of the first event (T-address). */
  from: string;
  events: TransferEvent[];
  /** The sum of the events, USDT micro-units as a decimal string. */
  units: string;
  /** Block time, epoch milliseconds. */
  blockTime: number;
  blockNumber: number | null;
  recordedAt: string;
  /** Who recorded it first. */
  source: Exclude<TransferSource, 'admin'>;
  /**
   * `recorded`: not settled yet (a run that stopped between recording and binding; the next one
   * settles it); `bound` to an order; `unmatched`: no order took it, the admins decide.
   */
  state: 'recorded' | 'bound' | 'unmatched';
  binding: TransferBindingRecord | null;
  unmatched: TransferUnmatched | null;
}
