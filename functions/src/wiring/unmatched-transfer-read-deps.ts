import { dynamoUnmatchedTransferStore } from '../data/unmatched-transfer-store.js';
import { newId } from '../kit/ids.js';

/** The unmatched transfers' list: the store alone, so the list's function bundles no mail code. */
export const unmatchedTransferStore = dynamoUnmatchedTransferStore;

/** Closing an unmatched transfer (refunded, ignored): the store, the clock and fresh ids; no mail. */
export const unmatchedTransferDecisionDeps = { store: dynamoUnmatchedTransferStore, now: () => new Date(), newId };
