import { withdrawalRequestInputSchema } from '@goldbot/shared';
import { requestWithdrawal } from '../domain/withdrawals/withdrawals.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { requestWithdrawalDeps } from '../wiring/commerce.js';

/** 201 with the pending withdrawal and the new balances: the amount is held at once. */
export const handler = defineHandler(
  { route: 'withdrawal-request', checks: awsChecks, body: withdrawalRequestInputSchema },
  async ({ body, caller, log }) => {
    const answer = await requestWithdrawal(requestWithdrawalDeps, caller.userId, body);
    log.info('withdrawal requested', { withdrawalId: answer.withdrawal._id, amount: answer.withdrawal.amount });
    return created(answer);
  },
);
