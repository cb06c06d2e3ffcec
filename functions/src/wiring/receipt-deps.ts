import { config } from '../config.js';
import { dynamoReceiptStore } from '../data/receipt-store.js';
import type { ReceiptDeps } from '../domain/commerce/receipts.js';

/** What a payment receipt is built from: its store, the seller name printed on it, and the admin MFA switch. */
export const paymentReceiptDeps: ReceiptDeps = {
  store: dynamoReceiptStore,
  sellerName: config.sellerName,
  adminMfaRequired: config.adminMfaRequired,
};
