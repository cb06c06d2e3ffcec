/**
 * The withdrawals feature's public surface, used by the dashboard's referral tab: the caller's
 * withdrawals, the request window, the history table and the rule that blocks a new request.
 */
export { useUserWithdrawals, type Withdrawal } from './api/get-user-withdrawals';
export type { WithdrawalRequestResponse } from './api/request-withdrawal';
export { WithdrawalHistory } from './components/withdrawal-history';
export { WithdrawalModal } from './components/withdrawal-modal';
export { withdrawBlocker } from './lib/withdrawal-rules';
