/** The stores the expiry and reminder jobs sweep. */
export { dynamoExpiryStore, dynamoReminderStore } from '../data/subscription-expiry-store.js';
