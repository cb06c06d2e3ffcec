/** The store of the admin subscription history. */
export { dynamoSubscriptionHistoryStore } from '../data/subscription-history-store.js';
