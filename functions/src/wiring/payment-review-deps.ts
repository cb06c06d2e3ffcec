import { dynamoPaymentReviewStore } from '../data/payment-review-store.js';
import { sleep } from '../lib/retry.js';
import type { ReviewDeps } from '../domain/commerce/payment-review.js';
import { newId } from '../kit/ids.js';

/** The store of the admin payment review, for the lists. */
export { dynamoPaymentReviewStore };

/** What deciding a payment needs: the review store, the clock, fresh ids and a pause between retries. */
export const paymentReviewDeps: ReviewDeps = { store: dynamoPaymentReviewStore, now: () => new Date(), newId, sleep };
