import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WITHDRAWAL_MESSAGES,
  withdrawalDecisionResponseSchema,
  withdrawalPayoutCheckResponseSchema,
} from '@goldbot/shared';
import { toWithdrawalItem, withdrawalKey } from '../../src/data/withdrawal-entity.js';
import { PAYOUT_CHECK_REASONS } from '../../src/domain/withdrawals/payout-check.js';
import { CALLERS } from '../helpers/lambda.js';
import {
  SAMPLE_PAYOUT_TXID,
  SAMPLE_TRC20_ADDRESS,
  SAMPLE_WITHDRAWAL_ID,
  pendingWithdrawal,
} from '../helpers/withdrawal-samples.js';
import { usdtPayoutReceipt } from '../helpers/tron-fetch.js';
import { tronAnswers, dynamo, outbox, world, call, approval } from '../helpers/withdrawal-routes.js';

// The payout check asks TRON: a TRON API for this file (TRON_TEST_URL), set before the config is read.
vi.hoisted(() => {
  process.env.TRON_API_URL = 'https://tron.test';
});

/**
 * The payout TXID of an approval and withdrawal-payout-check, its on-chain check, in process, with
 * DynamoDB and SES mocked (helpers/withdrawal-routes.ts) and a TRON API double.
 */
describe('the payout TXID and its on-chain check', () => {
  beforeEach(() => tronAnswers.clear());

  it('refuses an approval without a TXID or with one that is not 64 hex characters (400, nothing written)', async () => {
    world['withdrawal-approve']?.();
    for (const [body, message] of [
      [{}, WITHDRAWAL_MESSAGES.payoutTxidRequired],
      [{ payoutTxid: '   ' }, WITHDRAWAL_MESSAGES.payoutTxidRequired],
      [{ payoutTxid: 'abc123' }, WITHDRAWAL_MESSAGES.payoutTxidInvalid],
      [{ payoutTxid: 'g'.repeat(64) }, WITHDRAWAL_MESSAGES.payoutTxidInvalid],
      [{ payoutTxid: `${SAMPLE_PAYOUT_TXID}0` }, WITHDRAWAL_MESSAGES.payoutTxidInvalid],
    ] as const) {
      const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ errors: { payoutTxid: message } });
    }
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // A rejection needs none.
    world['withdrawal-reject']?.();
    expect((await call('withdrawal-reject', { id: SAMPLE_WITHDRAWAL_ID, body: {} })).statusCode).toBe(200);
  });

  it('checks the payout after the approval: a Match is stored and answered', async () => {
    world['withdrawal-approve']?.();
    tronAnswers.set(SAMPLE_PAYOUT_TXID, usdtPayoutReceipt(SAMPLE_PAYOUT_TXID, SAMPLE_TRC20_ADDRESS, '20'));
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(withdrawalDecisionResponseSchema.parse(res.body).withdrawal.payoutCheck).toMatchObject({
      status: 'match',
      to: SAMPLE_TRC20_ADDRESS,
      amount: '20',
      reasons: [],
    });
    const saved = dynamo
      .commandCalls(UpdateCommand)
      .find((c) => c.args[0].input.UpdateExpression === 'SET payoutCheck = :check');
    expect(saved?.args[0].input).toMatchObject({
      Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID),
      ExpressionAttributeValues: { ':txid': SAMPLE_PAYOUT_TXID, ':check': { status: 'match' } },
    });
  });

  it('a mismatch does not undo the approval: it is answered for the admin to see', async () => {
    world['withdrawal-approve']?.();
    tronAnswers.set(SAMPLE_PAYOUT_TXID, usdtPayoutReceipt(SAMPLE_PAYOUT_TXID, SAMPLE_TRC20_ADDRESS, '15'));
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Withdrawal approved successfully! $20 paid out; $4 of earnings remain.',
      withdrawal: {
        status: 'approved',
        payoutCheck: { status: 'mismatch', reasons: [PAYOUT_CHECK_REASONS.wrongAmount('15', '20')] },
      },
    });
    expect(outbox.mails).toHaveLength(1);
  });

  it("the admin's 'Check on chain' asks again and answers the withdrawal with its verdict", async () => {
    world['withdrawal-payout-check']?.();
    tronAnswers.set(SAMPLE_PAYOUT_TXID, usdtPayoutReceipt(SAMPLE_PAYOUT_TXID, SAMPLE_TRC20_ADDRESS, '20'));
    const res = await call('withdrawal-payout-check', { id: SAMPLE_WITHDRAWAL_ID });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(withdrawalPayoutCheckResponseSchema.parse(res.body).withdrawal).toMatchObject({
      status: 'approved',
      payoutTxid: SAMPLE_PAYOUT_TXID,
      payoutCheck: { status: 'match' },
    });
    // A pending withdrawal has no payout yet (409), an unknown one is 404, a customer 403.
    dynamo.on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) }).resolves({
      Item: toWithdrawalItem(pendingWithdrawal()),
    });
    expect((await call('withdrawal-payout-check', { id: SAMPLE_WITHDRAWAL_ID })).statusCode).toBe(409);
    expect((await call('withdrawal-payout-check', { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX' })).statusCode).toBe(404);
    const customer = await call('withdrawal-payout-check', { claims: CALLERS.user, id: SAMPLE_WITHDRAWAL_ID });
    expect(customer.statusCode).toBe(403);
  });
});
