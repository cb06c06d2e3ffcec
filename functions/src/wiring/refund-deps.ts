import { dynamoRefundStore } from '../data/refund-store.js';
import type { RefundDeps } from '../domain/refunds/refunds.js';
import { newId } from '../kit/ids.js';
import { sleep } from '../lib/retry.js';

/**
 * The refund use cases wired to DynamoDB; built once per execution environment. Opening a request
 * and listing mail nothing; the decisions, which also mail the customer, are wired in
 * refund-decision-deps.ts, so these functions bundle no mail code (and get no mail permission).
 */
export const refunds: RefundDeps = { store: dynamoRefundStore, now: () => new Date(), newId, sleep };

/** The refund store itself, for the route that only reads it. */
export { dynamoRefundStore };
