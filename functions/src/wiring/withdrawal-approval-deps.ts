import { judgeAndSavePayout } from '../domain/withdrawals/payout-check.js';
import type { DecisionDeps } from '../domain/withdrawals/withdrawals.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { checkPayoutDeps } from './payout-check-deps.js';
import { tronApi } from './tron-api-client.js';
import { rejectWithdrawalDeps } from './withdrawal-decision-deps.js';

/**
 * The approval's on-chain check of the payout stays within this, so the approval answers well
 * inside the function's 10 s (the commit and the mail come first); a slow TRON API gives an
 * 'error' verdict that the admin's 'Check on chain' asks again.
 */
const APPROVAL_CHECK_BUDGET_MS = 4_000;

/**
 * The admin's approval: the decision's wiring and the payout's check on TRON after the commit and
 * the mail. Without a TRON API (TRON_API_URL unset) the payout is not checked: the admin reads the
 * TXID on a block explorer.
 */
export const approveWithdrawalDeps = (log: Logger): DecisionDeps => ({
  ...rejectWithdrawalDeps(log),
  ...(tronApi
    ? {
        checkPayout: (withdrawal) =>
          judgeAndSavePayout(checkPayoutDeps(log), withdrawal, { budgetMs: APPROVAL_CHECK_BUDGET_MS }),
        onCheckFailure: logFailure(log, 'payout chain check failed; the approval stands', 'withdrawalId'),
      }
    : {}),
});
