import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WITHDRAWAL_MESSAGES,
  adminWithdrawalsResponseSchema,
  userWithdrawalsResponseSchema,
  TRON_EXPLORER_TRANSACTION_URL as TRON_EXPLORER,
  withdrawalDecisionResponseSchema,
  withdrawalPayoutCheckResponseSchema,
  withdrawalRequestResponseSchema,
  type RouteId,
} from '@goldbot/shared';
import { toWithdrawalItem, withdrawalKey } from '../../src/data/withdrawal-entity.js';
import { PAYOUT_CHECK_REASONS } from '../../src/domain/withdrawals/payout-check.js';
import { CALLERS, givenProfiles, httpEvent, invoke, jwtClaims, putItems, type HttpHandler } from '../helpers/lambda.js';
import {
  SAMPLE_PAYOUT_TXID,
  SAMPLE_REQUESTER,
  SAMPLE_TRC20_ADDRESS,
  SAMPLE_WITHDRAWAL_ID,
  pendingWithdrawal,
  requesterProfileItem,
  withdrawalSampleWorld,
} from '../helpers/withdrawal-samples.js';
import { cancelled, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { tronFetch, usdtPayoutReceipt } from '../helpers/tron-fetch.js';

// The payout check asks TRON: a TRON API for this file (TRON_TEST_URL), set before the config is read.
vi.hoisted(() => {
  process.env.TRON_API_URL = 'https://tron.test';
});
const tronAnswers = new Map<string, unknown>();
vi.stubGlobal('fetch', tronFetch(tronAnswers));

/**
 * The five withdrawal handlers in process, with DynamoDB and SES mocked: the answers against the
 * shared schemas, every request rule with the spec's message, the decision mails (the note
 * HTML-escaped, a stored template winning over the default, a failed send never undoing), and the
 * DynamoDB round trips of the customer routes, counted over every call (the session guard's
 * profile read included).
 */
const dynamo = useMockedDynamo();
const outbox = useAwsOutbox();
const JANE = jwtClaims(SAMPLE_REQUESTER._id, SAMPLE_REQUESTER.email);
const world = withdrawalSampleWorld(dynamo);

beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(TransactWriteCommand).resolves({});
});

const call = async (
  routeId: RouteId,
  options: { claims?: Record<string, string>; id?: string; query?: Record<string, string>; body?: unknown } = {},
) => {
  const { handler } = (await import(`../../src/handlers/${routeId}.ts`)) as { handler: HttpHandler };
  return invoke(
    handler,
    httpEvent({
      routeId,
      claims: options.claims ?? CALLERS.admin,
      ...(options.id ? { pathParameters: { id: options.id } } : {}),
      query: options.query,
      body: options.body,
    }),
  );
};
const roundTrips = () => dynamo.calls().length;
/** The approval body of the sample: its payout TXID, as an admin may paste it (0x, upper case, spaces). */
const approval = (extra: Record<string, unknown> = {}) => ({
  payoutTxid: ` 0x${SAMPLE_PAYOUT_TXID.toUpperCase()} `,
  ...extra,
});

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

  it.each([
    [{ amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressRequired],
    [{ trc20Address: '', amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressRequired],
    [
      { trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv', amount: 20 },
      'trc20Address',
      WITHDRAWAL_MESSAGES.addressInvalid,
    ],
    [
      { trc20Address: 'XJRabPrwbZy45sbavfcjinPJC18kjpRTv8', amount: 20 },
      'trc20Address',
      WITHDRAWAL_MESSAGES.addressInvalid,
    ],
    [
      { trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv0', amount: 20 },
      'trc20Address',
      WITHDRAWAL_MESSAGES.addressInvalid,
    ],
    // The right shape, one character mistyped: its Base58Check checksum no longer matches.
    [
      { trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9', amount: 20 },
      'trc20Address',
      WITHDRAWAL_MESSAGES.addressInvalid,
    ],
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

describe('withdrawal-user', () => {
  it("answers the caller's withdrawals and balances in 3 round trips", async () => {
    world['withdrawal-user']?.();
    const res = await call('withdrawal-user', { claims: JANE });
    expect(res.statusCode).toBe(200);
    expect(userWithdrawalsResponseSchema.parse(res.body)).toEqual({
      withdrawals: [
        expect.objectContaining({ _id: SAMPLE_WITHDRAWAL_ID, status: 'pending', userId: expect.any(Object) }),
      ],
      referralEarnings: 4,
      referralHeld: 20,
      // Total Referrals, live from the profile (the tab no longer reads the stored session's).
      referralCount: 12,
    });
    expect(roundTrips()).toBe(3);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI3',
      ExpressionAttributeValues: { ':pk': `USER#${SAMPLE_REQUESTER._id}`, ':prefix': 'WITHDRAWAL#' },
    });
  });
});

describe('withdrawal-all', () => {
  it('answers rows with the live balance, nextCursor and the counts; customers get 403', async () => {
    world['withdrawal-all']?.();
    dynamo
      .on(GetCommand, { Key: { PK: 'STATS#WITHDRAWALS', SK: 'TOTAL' } })
      .resolves({ Item: { total: 5, pending: 1, approved: 3, rejected: 1 } });
    const res = await call('withdrawal-all', { query: { status: 'pending', search: 'Jane' } });
    expect(res.statusCode).toBe(200);
    expect(adminWithdrawalsResponseSchema.parse(res.body)).toEqual({
      withdrawals: [expect.objectContaining({ _id: SAMPLE_WITHDRAWAL_ID })],
      nextCursor: null,
      counts: { total: 5, pending: 1, approved: 3, rejected: 1 },
    });
    expect((res.body.withdrawals as { userId: unknown }[])[0]?.userId).toEqual({
      _id: SAMPLE_REQUESTER._id,
      username: 'jane_doe',
      email: 'jane.doe@example.com',
      referralEarnings: 4,
    });
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI2',
      ExpressionAttributeValues: { ':list': 'WITHDRAWALS#pending', ':q': 'jane' },
    });
    expect((await call('withdrawal-all', { claims: CALLERS.user })).statusCode).toBe(403);
  });

  it('refuses an unknown status, a bad limit and a forged cursor with 400', async () => {
    const bad = await call('withdrawal-all', { query: { status: 'paid' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ errors: { status: 'status must be all, pending, approved or rejected' } });
    expect((await call('withdrawal-all', { query: { limit: '101' } })).statusCode).toBe(400);
    expect((await call('withdrawal-all', { query: { cursor: 'bm90LWpzb24' } })).statusCode).toBe(400);
  });
});

describe('withdrawal-approve and withdrawal-reject', () => {
  const mail = () => outbox.mails[0];

  it('approves and mails the amount, the address, the 24-48 hours and the note, HTML-escaped', async () => {
    world['withdrawal-approve']?.();
    const note = 'Sent <b>today</b> & "confirmed"';
    const res = await call('withdrawal-approve', {
      id: SAMPLE_WITHDRAWAL_ID,
      body: approval({ adminNote: `  ${note}  ` }),
    });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(withdrawalDecisionResponseSchema.parse(res.body)).toMatchObject({
      message: 'Withdrawal approved successfully! $20 paid out; $4 of earnings remain.',
      withdrawal: {
        status: 'approved',
        adminNote: note,
        userId: { referralEarnings: 4 },
        // Canonical, as payment TXIDs are stored: no 0x, lower case.
        payoutTxid: SAMPLE_PAYOUT_TXID,
      },
    });
    const settled = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Update;
    expect(settled?.ExpressionAttributeValues).toMatchObject({ ':txid': SAMPLE_PAYOUT_TXID });
    const sent = mail();
    expect(sent?.to).toEqual(['jane.doe@example.com']);
    expect(sent?.subject).toBe('GoldBot: your withdrawal of $20 is approved');
    const html = sent?.html ?? '';
    expect(html).toContain('Sent &lt;b&gt;today&lt;/b&gt; &amp; &quot;confirmed&quot;');
    expect(html).not.toContain('<b>today</b>');
    const text = sent?.text ?? '';
    for (const part of ['20 USDT', SAMPLE_TRC20_ADDRESS, '24-48 hours', note, 'jane_doe', SAMPLE_PAYOUT_TXID]) {
      expect(text).toContain(part);
    }
    expect(html).toContain(`href="${TRON_EXPLORER}${SAMPLE_PAYOUT_TXID}"`);
    expect(dynamo.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: 'TEMPLATES',
      SK: 'TEMPLATE#withdrawalApproved',
    });
  });

  it('rejects and mails the rejection without a note block when none was written', async () => {
    world['withdrawal-reject']?.();
    const res = await call('withdrawal-reject', { id: SAMPLE_WITHDRAWAL_ID });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Withdrawal rejected successfully!',
      withdrawal: { status: 'rejected', adminNote: null, userId: { referralEarnings: 24 } },
    });
    expect(mail()?.subject).toBe('GoldBot: your withdrawal request of $20 was not approved');
    expect(mail()?.text).not.toContain('Note from our team');
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[3]?.Put?.Item).toMatchObject({ type: 'release', amount: 20 });
  });

  it('uses a template an admin stored in the table', async () => {
    world['withdrawal-approve']?.();
    dynamo.on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#withdrawalApproved' } }).resolves({
      Item: { subject: 'Paid {{amount}}', html: '<p>{{username}}: {{adminNote}}</p>' },
    });
    await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval({ adminNote: '<i>x</i>' }) });
    expect(mail()?.subject).toBe('Paid 20');
    expect(mail()?.html).toBe('<p>jane_doe: &lt;i&gt;x&lt;/i&gt;</p>');
  });

  it('keeps the approval when SES fails', async () => {
    world['withdrawal-approve']?.();
    outbox.refuse();
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // SES was asked once (a refusal is not sent again) and sent nothing.
    expect([outbox.requests.length, outbox.mails.length]).toEqual([1, 0]);
    // The decision mail is kept for job-retry-mails, once for this decision, with what renders it again.
    const kept = putItems(dynamo).filter((item) => String(item.PK).startsWith('MAILOUT#'));
    expect(kept).toEqual([
      expect.objectContaining({
        type: 'withdrawalApproved',
        entityId: SAMPLE_WITHDRAWAL_ID,
        status: 'due',
        attempts: 1,
        GSI1PK: 'MAILOUT#DUE',
        values: expect.objectContaining({ username: 'jane_doe', amount: '20' }),
      }),
    ]);
  });

  it('keeps the decision mail when its template cannot be read after the decision', async () => {
    world['withdrawal-approve']?.();
    dynamo
      .on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#withdrawalApproved' } })
      .rejects(Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' }));
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(200);
    expect(outbox.mails).toHaveLength(0);
    expect(putItems(dynamo).filter((item) => String(item.PK).startsWith('MAILOUT#'))).toHaveLength(1);
  });

  it('answers "already" 200 for a repeat, 409 for the other decision, 404 for an unknown id, and mails nobody', async () => {
    dynamo.on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) }).resolves({
      Item: toWithdrawalItem(pendingWithdrawal({ status: 'approved', approvedDate: '2026-11-22T00:00:00.000Z' })),
    });
    const again = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(again.statusCode).toBe(200);
    expect(again.body).toMatchObject({ message: 'This withdrawal was already approved.' });
    const late = await call('withdrawal-reject', { id: SAMPLE_WITHDRAWAL_ID, body: {} });
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatchObject({ message: 'This withdrawal was already approved.' });
    const unknown = await call('withdrawal-reject', { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX', body: {} });
    expect(unknown.statusCode).toBe(404);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(outbox.mails).toHaveLength(0);
  });

  it('answers 409 when another admin rejected it between the read and the commit', async () => {
    world['withdrawal-approve']?.();
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    dynamo
      .on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) })
      .resolvesOnce({ Item: toWithdrawalItem(pendingWithdrawal()) })
      .resolves({ Item: toWithdrawalItem(pendingWithdrawal({ status: 'rejected' })) });
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ message: 'This withdrawal was already rejected.' });
    expect(outbox.mails).toHaveLength(0);
  });

  it('refuses a note over 500 characters with 400, and customers with 403', async () => {
    world['withdrawal-approve']?.();
    const long = await call('withdrawal-approve', {
      id: SAMPLE_WITHDRAWAL_ID,
      body: approval({ adminNote: 'x'.repeat(501) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatchObject({ errors: { adminNote: WITHDRAWAL_MESSAGES.noteTooLong } });
    const customer = await call('withdrawal-reject', { claims: CALLERS.user, id: SAMPLE_WITHDRAWAL_ID, body: {} });
    expect(customer.statusCode).toBe(403);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

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
