import { TRON_EXPLORER_TRANSACTION_URL } from '@goldbot/shared';

/**
 * A TRON transaction on the block explorer the product links everywhere (Tronscan): payments'
 * TXIDs in the back-office, payouts in the customer's Withdrawal Center and in the approval mail.
 */
export const tronTransactionUrl = (txid: string) =>
  `${TRON_EXPLORER_TRANSACTION_URL}${encodeURIComponent(txid.trim().toLowerCase())}`;

/** '5e4c1a…b9c1d3': a transaction id short enough for a table cell (the link carries all of it). */
export const shortTxid = (txid: string) => (txid.length > 14 ? `${txid.slice(0, 6)}…${txid.slice(-6)}` : txid);
