/** The store of the admin payment review. */
export { dynamoPaymentReviewStore } from '../data/payment-review-store.js';
