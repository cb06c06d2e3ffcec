import { dynamoWithdrawalStore } from '../data/withdrawal-store.js';
import type { WithdrawalDeps } from '../domain/withdrawals/withdrawals.js';
import { newId } from '../kit/ids.js';
import { sleep } from '../lib/retry.js';

/**
 * The withdrawal use cases wired to DynamoDB; built once per execution environment. The admin's
 * decisions, which also mail the customer, are wired in withdrawal-decision-deps.ts, so a request
 * bundles no mail code.
 */
export const withdrawals: WithdrawalDeps = { store: dynamoWithdrawalStore, now: () => new Date(), newId, sleep };

/** The withdrawal store itself, for the routes that only read it. */
export { dynamoWithdrawalStore };
