import { config } from '../config.js';
import { dynamoReceiptStore } from '../data/receipt-store.js';

/** What a payment receipt is built from: its store and the seller name printed on it. */
export const paymentReceiptDeps = { store: dynamoReceiptStore, sellerName: config.sellerName };
