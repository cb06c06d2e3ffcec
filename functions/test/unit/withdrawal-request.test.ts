import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES, withdrawalRequestResponseSchema } from '@goldbot/shared';
import { SAMPLE_REQUESTER, SAMPLE_TRC20_ADDRESS, requesterProfileItem } from '../helpers/withdrawal-samples.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { dynamo, JANE, world, call, roundTrips } from '../helpers/withdrawal-routes.js';

/**
 * withdrawal-request in process, with DynamoDB and SES mocked (helpers/withdrawal-routes.ts): the
 * answers against the shared schemas, every request rule with the spec's message, and the DynamoDB
 * round trips, counted over every call (the session guard's profile read included).
 */
/** A body the route refuses, the field it names and the message it says. */
type Refusal = [body: Record<string, unknown>, field: string, message: string];

describe('withdrawal-request', () => {
  const ask = (body: unknown) => call('withdrawal-request', { claims: JANE, body });

  it('answers 201 with the pending withdrawal and the held balance, in 3 round trips', async () => {
    world['withdrawal-request']?.();
    const res = await ask({ trc20Address: ` ${SAMPLE_TRC20_ADDRESS} `, amount: 20 });
    expect(res.statusCode, res.rawBody).toBe(201);
    expect(withdrawalRequestResponseSchema.parse(res.body)).toMatchObject({
      message: 'Withdrawal request submitted successfully! We will review it within 24 hours.',
      withdrawal: {
        amount: 20,
        trc20Address: SAMPLE_TRC20_ADDRESS,
        status: 'pending',
        userId: { referralEarnings: 4 },
      },
      referralEarnings: 4,
      referralHeld: 20,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/"PK"|GSI|searchText/);
    // The session guard's GetItem, the profile read, the transaction.
    expect(roundTrips()).toBe(3);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it.each<Refusal>([
    [{ amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressRequired],
    [{ trc20Address: '', amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressRequired],
    ...[
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv',
      'XJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv0',
      // The right shape, one character mistyped: its Base58Check checksum no longer matches.
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9',
    ].map((trc20Address): Refusal => [
      { trc20Address, amount: 20 },
      'trc20Address',
      WITHDRAWAL_MESSAGES.addressInvalid,
    ]),
    [{ trc20Address: SAMPLE_TRC20_ADDRESS }, 'amount', WITHDRAWAL_MESSAGES.amountRequired],
    [{ trc20Address: SAMPLE_TRC20_ADDRESS, amount: '20' }, 'amount', WITHDRAWAL_MESSAGES.amountRequired],
    [{ trc20Address: SAMPLE_TRC20_ADDRESS, amount: 20.5 }, 'amount', WITHDRAWAL_MESSAGES.amountWhole],
    [{ trc20Address: SAMPLE_TRC20_ADDRESS, amount: 19 }, 'amount', 'Minimum withdrawal amount is $20'],
  ])('refuses %j with 400 and the spec message on %s, before reading anything', async (body, field, message) => {
    world['withdrawal-request']?.();
    const res = await ask(body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ errors: { [field]: message } });
    expect(roundTrips()).toBe(1);
  });

  it.each([
    [{ referralEarnings: 12 }, 20, 400, WITHDRAWAL_MESSAGES.insufficient],
    [{ referralEarnings: 24 }, 25, 400, 'Amount exceeds your available earnings'],
    [{ referralEarnings: 4, referralHeld: 20 }, 20, 409, WITHDRAWAL_MESSAGES.pendingExists],
  ])('with balances %j, asking for %i answers %i "%s" in 2 round trips', async (balances, amount, status, message) => {
    dynamo
      .on(GetCommand, { Key: { PK: `USER#${SAMPLE_REQUESTER._id}`, SK: 'PROFILE' } })
      .resolves({ Item: requesterProfileItem(balances) });
    const res = await ask({ trc20Address: SAMPLE_TRC20_ADDRESS, amount });
    expect(res.statusCode).toBe(status);
    expect(res.body).toMatchObject({ message, msg: message });
    expect(roundTrips()).toBe(2);
  });

  it('answers 409 with the pending message when another request won the race (the marker)', async () => {
    world['withdrawal-request']?.();
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));
    const res = await ask({ trc20Address: SAMPLE_TRC20_ADDRESS, amount: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ message: WITHDRAWAL_MESSAGES.pendingExists });
  });
});
