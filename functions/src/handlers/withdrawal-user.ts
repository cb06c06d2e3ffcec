import { dynamoWithdrawalStore } from '../wiring/withdrawal-deps.js';
import { listOwnWithdrawals } from '../domain/withdrawals/withdrawals.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

/** The caller's withdrawals, newest first (GSI3), with the available and held balances. */
export const handler = defineHandler({ route: 'withdrawal-user' }, async ({ caller }) =>
  ok(await listOwnWithdrawals(dynamoWithdrawalStore, caller.userId)),
);
