import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES, withdrawalApprovedMessage, type Withdrawal } from '@goldbot/shared';
import { WITHDRAWAL_DECISION_MESSAGES } from '../../../src/domain/withdrawals/withdrawals.js';
import { api, idTokenFor, newCustomer, type TestCustomer } from '../http-client.js';
import { mailsTo } from '../mailbox.js';
import {
  auditEntriesFor,
  decideWithdrawal,
  delta,
  earnReferralCredits,
  expectReconciled,
  getItem,
  ledgerOf,
  newTxid,
  requestWithdrawal,
  withdrawalCounts,
  type WithdrawalRequestAnswer,
} from '../fixtures.js';
import { RACERS, expectOutcome, printFigures, race, record } from './race.js';

/**
 * Referral withdrawals under 50 parallel requests over real HTTP (docs/data-model.md, the withdrawal
 * transactions and the ledger): one customer asks 50 times at once and one request holds the money; 50 approvals
 * settle it once; 50 rejections release it once; approvals racing rejections let one decision
 * win. After every race the balances reconcile with the ledger (lifetime = available + held +
 * paid out), the pending marker matches, and STATS#WITHDRAWALS moved by exactly one step.
 */
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const request = (c: TestCustomer, amount: number) => requestWithdrawal(c, { trc20Address: ADDRESS, amount });
type Decision = 'approve' | 'reject';
// An approval names its payout (a TXID the TRON double does not know: the verdict stays pending);
// a rejection carries the same fields.
const decide = (decision: Decision, id: string) =>
  decideWithdrawal(decision, id, { adminNote: `race ${decision}`, payoutTxid: newTxid() });

const marker = (userId: string) => getItem(`USER#${userId}`, 'MARKER#PENDING_WITHDRAWAL');
const ledgerTypes = async (userId: string) =>
  (await ledgerOf(userId)).filter((e) => e.type !== 'credit').map((e) => [e.type, e.amount, e.sourceId]);
const decisionMails = async (customer: TestCustomer, kind: 'approved' | 'not approved') =>
  (await mailsTo(customer.email)).filter((m) =>
    kind === 'approved' ? /is approved$/.test(m.subject) : /was not approved$/.test(m.subject),
  );

/** The documented answers of a request that lost: the pending marker's 409, or "try again" after conflicts. */
const REQUEST_REFUSALS = [
  { status: 409, message: WITHDRAWAL_MESSAGES.pendingExists },
  { status: 409, message: WITHDRAWAL_DECISION_MESSAGES.requestBusy },
] as const;

let customer: TestCustomer;
/** Withdrawals of `customer` so far, in order, with how they ended. */
const history: [string, number, string][] = [];

/** 50 requests of $20 at once: one withdrawal, the money held once. */
async function raceRequests(label: string) {
  const before = await expectReconciled(customer.userId);
  const countsBefore = await withdrawalCounts();
  const { answers, tally } = await race(RACERS, () => request(customer, 20));
  record(label, tally);
  const { winners } = expectOutcome(answers, (a) => a.status === 201, REQUEST_REFUSALS);
  const created = winners[0]?.body as WithdrawalRequestAnswer;
  expect(created).toMatchObject({
    message: WITHDRAWAL_MESSAGES.requested,
    withdrawal: { amount: 20, status: 'pending' },
    referralEarnings: before.available - 20,
    referralHeld: 20,
  });
  const id = created.withdrawal._id;

  const after = await expectReconciled(customer.userId);
  expect(after).toEqual({ ...before, available: before.available - 20, held: 20 });
  expect(await marker(customer.userId)).toMatchObject({ withdrawalId: id });
  const own = await api<{ withdrawals: Withdrawal[] }>('/api/withdrawal/user', { token: customer.token });
  expect(own.body.withdrawals.filter((w) => w.status === 'pending').map((w) => w._id)).toEqual([id]);
  expect(delta(await withdrawalCounts(), countsBefore)).toEqual({
    total: 1,
    pending: 1,
    approved: 0,
    rejected: 0,
    pendingAmount: 20,
    approvedAmount: 0,
  });
  history.push([id, 20, 'hold']);
  expect(await ledgerTypes(customer.userId)).toEqual(history.map(([w, amount, type]) => [type, amount, w]));
  return id;
}

beforeAll(async () => {
  const wallet = await api('/api/payment/wallet-details', { token: await idTokenFor('user') });
  if (wallet.status !== 200) throw new Error('the withdrawal races earn through purchases: no active USDT wallet');
  // $40: ten friends buy Basic with the code twice each, approved one after another.
  const friends = await Promise.all(Array.from({ length: 10 }, (_, i) => newCustomer(`race-friend${i}`)));
  customer = await newCustomer('race-withdrawer');
  await earnReferralCredits(customer, [...friends, ...friends]);
  expect(await expectReconciled(customer.userId)).toEqual({
    available: 40,
    held: 0,
    lifetime: 40,
    paidOut: 0,
    count: 20,
  });
}, 120_000);

afterAll(() => printFigures('withdrawals'));

/**
 * After a decision race on `id`: the ledger gained one settle or release, the balances reconcile to
 * `balances`, the pending marker is gone, STATS#WITHDRAWALS moved by one step and one audit entry names it.
 */
async function expectDecidedOnce(
  id: string,
  decision: Decision,
  countsBefore: Awaited<ReturnType<typeof withdrawalCounts>>,
  balances: { available: number; paidOut: number },
) {
  const approved = decision === 'approve';
  history.push([id, 20, approved ? 'settle' : 'release']);
  expect(await ledgerTypes(customer.userId)).toEqual(history.map(([w, amount, type]) => [type, amount, w]));
  expect(await expectReconciled(customer.userId)).toEqual({ ...balances, held: 0, lifetime: 40, count: 20 });
  expect(await marker(customer.userId)).toBeUndefined();
  expect(delta(await withdrawalCounts(), countsBefore)).toEqual({
    total: 0,
    pending: -1,
    approved: approved ? 1 : 0,
    rejected: approved ? 0 : 1,
    pendingAmount: -20,
    approvedAmount: approved ? 20 : 0,
  });
  expect((await auditEntriesFor(id)).map((e) => e.action)).toEqual([`withdrawal.${decision}`]);
}

/** 50 identical decisions on one fresh withdrawal, rejections first, then approvals of the next. */
const SAME_DECISION_RACES = [
  {
    race: 1,
    decision: 'reject',
    decided: 'rejected',
    plural: 'rejections',
    moved: 'released',
    mail: 'not approved',
    balances: { available: 40, paidOut: 0 },
    won: WITHDRAWAL_MESSAGES.rejected,
  },
  {
    race: 2,
    decision: 'approve',
    decided: 'approved',
    plural: 'approvals',
    moved: 'settled',
    mail: 'approved',
    balances: { available: 20, paidOut: 20 },
    // $20 of the $40 paid out: the partial withdrawal's message.
    won: withdrawalApprovedMessage(20, 20),
  },
] as const;

describe('withdrawals, 50 requests at once', () => {
  it.each(SAME_DECISION_RACES)(
    '50 requests, then 50 $plural: one withdrawal held once, $moved once',
    async ({ race: n, decision, decided, mail, balances, won }) => {
      const id = await raceRequests(`withdrawal request x50 (${n})`);

      const countsBefore = await withdrawalCounts();
      const { answers, tally } = await race(RACERS, () => decide(decision, id));
      record(`withdrawal ${decision} x50`, tally);
      expectOutcome(answers, (a) => a.status === 200 && a.body.message === won, [
        { status: 200, message: WITHDRAWAL_MESSAGES.alreadyDecided(decided) },
        { status: 409, message: WITHDRAWAL_DECISION_MESSAGES.tryAgain },
      ]);
      await expectDecidedOnce(id, decision, countsBefore, balances);
      expect(await decisionMails(customer, mail)).toHaveLength(1);
    },
  );

  it('25 approvals racing 25 rejections: one decision wins, the money is settled or released once', async () => {
    const id = await raceRequests('withdrawal request x50 (3)');

    const countsBefore = await withdrawalCounts();
    const { answers, tally } = await race(RACERS, (i) => decide(i % 2 === 0 ? 'approve' : 'reject', id));
    record('withdrawal approve/reject 25+25', tally);
    const transition = (a: (typeof answers)[number]) =>
      a.status === 200 &&
      [WITHDRAWAL_MESSAGES.approved, WITHDRAWAL_MESSAGES.rejected].some((m) => m === a.body.message);
    const { winners } = expectOutcome(answers, transition, [
      { status: 200, message: WITHDRAWAL_MESSAGES.alreadyDecided('approved') },
      { status: 200, message: WITHDRAWAL_MESSAGES.alreadyDecided('rejected') },
      { status: 409, message: WITHDRAWAL_MESSAGES.alreadyDecided('approved') },
      { status: 409, message: WITHDRAWAL_MESSAGES.alreadyDecided('rejected') },
      { status: 409, message: WITHDRAWAL_DECISION_MESSAGES.tryAgain },
    ]);
    const approved = winners[0]?.body.message === WITHDRAWAL_MESSAGES.approved;
    // Every loser names the winning decision.
    const final = approved ? 'approved' : 'rejected';
    for (const a of answers.filter((x) => !transition(x) && x.status !== 429)) {
      expect([WITHDRAWAL_MESSAGES.alreadyDecided(final), WITHDRAWAL_DECISION_MESSAGES.tryAgain]).toContain(
        a.body.message,
      );
    }
    await expectDecidedOnce(
      id,
      approved ? 'approve' : 'reject',
      countsBefore,
      approved ? { available: 0, paidOut: 40 } : { available: 20, paidOut: 20 },
    );
  });
});
