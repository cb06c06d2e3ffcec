import { dynamoWithdrawalStore } from '../data/withdrawal-store.js';
import type { PayoutCheckDeps } from '../domain/withdrawals/payout-check.js';
import type { Logger } from '../kit/logger.js';
import { chainPolicy, tronApi } from './tron-api-client.js';

/**
 * The payout check of approved withdrawals wired to TRON and DynamoDB: the approval's (after its
 * commit and mail) and the admin's 'Check on chain'. No mail code: the check only annotates.
 */
export const checkPayoutDeps = (log: Logger): PayoutCheckDeps => ({
  store: dynamoWithdrawalStore,
  tron: tronApi,
  now: () => new Date(),
  policy: chainPolicy,
  log,
});
