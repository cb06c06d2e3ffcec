import { listOwnWithdrawalsDeps } from '../wiring/commerce.js';
import { listOwnWithdrawals } from '../domain/withdrawals/withdrawals.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The caller's withdrawals, newest first (GSI3), with the available and held balances. */
export const handler = defineHandler({ route: 'withdrawal-user', checks: awsChecks }, async ({ caller }) =>
  ok(await listOwnWithdrawals(listOwnWithdrawalsDeps, caller.userId)),
);
