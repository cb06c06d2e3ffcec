import { describe, expect, it, vi } from 'vitest';
import {
  WITHDRAWAL_MESSAGES,
  userWithdrawalsResponseSchema,
  withdrawalDecisionResponseSchema,
  withdrawalListQuerySchema,
  withdrawalRequestResponseSchema,
} from '@goldbot/shared';
import { SEARCH_EVALUATION_BUDGET } from '../../src/domain/commerce/payment-lists.js';
import { CONFLICT_TRIES } from '../../src/lib/retry.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../src/domain/errors.js';
import {
  OWN_WITHDRAWALS_LIMIT,
  WITHDRAWAL_DECISION_MESSAGES,
  decideWithdrawal,
  listOwnWithdrawals,
  listWithdrawalsForAdmin,
  requestWithdrawal,
  type DecisionDeps,
} from '../../src/domain/withdrawals/withdrawals.js';
import { InMemoryWithdrawalStore } from '../helpers/in-memory-withdrawal-store.js';
import { SAMPLE_REQUESTER, SAMPLE_TRC20_ADDRESS, pendingWithdrawal } from '../helpers/withdrawal-samples.js';
import { fixedRuntime } from '../helpers/use-case-runtime.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';

/** The withdrawal use cases against the in-memory store (the transactions' semantics, no AWS). */
const NOW = new Date('2026-11-23T12:00:00.000Z');
const JANE = SAMPLE_REQUESTER._id;
/** The payout every approval here names (a canonical TRON transaction id). */
const PAYOUT_TXID = 'c0ffee'.padEnd(64, '0');

function deps(store: InMemoryWithdrawalStore, overrides: Partial<DecisionDeps> = {}): DecisionDeps {
  return {
    store,
    ...fixedRuntime(NOW),
    sendDecisionMail: vi.fn(async () => undefined),
    ...overrides,
  };
}

function janeWith(available: number, held = 0) {
  const store = new InMemoryWithdrawalStore();
  store.addUser({ ...SAMPLE_REQUESTER }, { available, held, lifetime: available + held });
  return store;
}

const request = (amount: number, trc20Address = SAMPLE_TRC20_ADDRESS) => ({ amount, trc20Address });

describe('requestWithdrawal', () => {
  it('holds the amount, creates the pending withdrawal and answers the new balances', async () => {
    const store = janeWith(26);
    const answer = await requestWithdrawal(deps(store), JANE, request(20));
    expect(withdrawalRequestResponseSchema.parse(answer)).toEqual({
      message: WITHDRAWAL_MESSAGES.requested,
      withdrawal: {
        _id: expect.any(String),
        userId: { _id: JANE, username: 'jane_doe', email: 'jane.doe@example.com', referralEarnings: 6 },
        amount: 20,
        trc20Address: SAMPLE_TRC20_ADDRESS,
        status: 'pending',
        requestDate: NOW.toISOString(),
        approvedDate: null,
        rejectedDate: null,
        adminNote: null,
        payoutTxid: null,
      },
      referralEarnings: 6,
      referralHeld: 20,
    });
    expect(store.users.get(JANE)?.balances).toEqual({
      available: 6,
      held: 20,
      lifetime: 26,
      paidOut: 0,
      clawedBack: 0,
      owed: 0,
    });
    const [plan] = store.requestPlans;
    expect(plan?.withdrawal).toMatchObject({
      userId: JANE,
      username: 'jane_doe',
      email: 'jane.doe@example.com',
      status: 'pending',
      createdAt: NOW.toISOString(),
      searchText: `jane_doe\njane.doe@example.com\n${SAMPLE_TRC20_ADDRESS.toLowerCase()}`,
    });
    expect(plan?.ledgerId).not.toBe(plan?.withdrawal._id);
    expect(store.calls).toEqual(['getProfile', 'commitRequest']);
  });

  it('lets the whole balance be withdrawn (the spec\'s "reset to $0")', async () => {
    const store = janeWith(40);
    const answer = await requestWithdrawal(deps(store), JANE, request(40));
    expect(answer).toMatchObject({ referralEarnings: 0, referralHeld: 40 });
  });

  it.each([
    [19, 19, WITHDRAWAL_MESSAGES.insufficient],
    [0, 20, WITHDRAWAL_MESSAGES.insufficient],
    [30, 31, WITHDRAWAL_MESSAGES.exceeds],
  ])('with %i available, asking for %i answers 400 "%s" and writes nothing', async (available, amount, message) => {
    const store = janeWith(available);
    const error = await requestWithdrawal(deps(store), JANE, request(amount)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message, fieldErrors: { amount: message } });
    expect(store.calls).toEqual(['getProfile']);
  });

  it('refuses a second request while one is pending (409), before any write', async () => {
    const store = janeWith(50);
    await requestWithdrawal(deps(store), JANE, request(20));
    const error = await requestWithdrawal(deps(store), JANE, request(20)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ message: WITHDRAWAL_MESSAGES.pendingExists });
    expect(store.requestPlans).toHaveLength(1);
    expect(store.users.get(JANE)?.balances).toMatchObject({ available: 30, held: 20 });
  });

  it('answers the pending message even when the held request took everything', async () => {
    const store = janeWith(20);
    await requestWithdrawal(deps(store), JANE, request(20));
    await expect(requestWithdrawal(deps(store), JANE, request(20))).rejects.toMatchObject({
      message: WITHDRAWAL_MESSAGES.pendingExists,
    });
  });

  it('maps a lost race to the message of the condition that failed', async () => {
    const cases = [
      [{ kind: 'pending-exists' }, ConflictError, WITHDRAWAL_MESSAGES.pendingExists],
      [{ kind: 'insufficient', available: 25 }, ValidationError, WITHDRAWAL_MESSAGES.exceeds],
      [{ kind: 'insufficient', available: 4 }, ValidationError, WITHDRAWAL_MESSAGES.insufficient],
      [{ kind: 'insufficient', available: null }, ValidationError, WITHDRAWAL_MESSAGES.exceeds],
      [{ kind: 'inactive' }, ForbiddenError, 'Account is deactivated'],
    ] as const;
    for (const [outcome, type, message] of cases) {
      const store = janeWith(30);
      store.beforeCommit = () => outcome;
      const error = await requestWithdrawal(deps(store), JANE, request(30)).catch((e: unknown) => e);
      expect(error, outcome.kind).toBeInstanceOf(type);
      expect(error).toMatchObject({ message });
    }
  });

  it('retries a transaction conflict with jitter, then gives up with 409', async () => {
    const store = janeWith(30);
    let conflicts = 2;
    store.beforeCommit = () => (conflicts-- > 0 ? { kind: 'conflict' } : undefined);
    const d = deps(store);
    await expect(requestWithdrawal(d, JANE, request(20))).resolves.toMatchObject({ referralHeld: 20 });
    expect(d.sleep).toHaveBeenCalledTimes(2);
    expect(store.requestPlans).toHaveLength(3);
    expect(new Set(store.requestPlans.map((p) => p.withdrawal._id)).size).toBe(1);

    const busy = janeWith(30);
    busy.beforeCommit = () => ({ kind: 'conflict' });
    await expect(requestWithdrawal(deps(busy), JANE, request(20))).rejects.toMatchObject({
      message: WITHDRAWAL_DECISION_MESSAGES.requestBusy,
    });
    expect(busy.requestPlans).toHaveLength(CONFLICT_TRIES);
  });

  it('refuses a deactivated or missing account', async () => {
    const store = janeWith(30);
    const jane = store.users.get(JANE);
    if (jane) jane.isActive = false;
    await expect(requestWithdrawal(deps(store), JANE, request(20))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(requestWithdrawal(deps(store), 'nobody', request(20))).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('listOwnWithdrawals', () => {
  it("answers the caller's rows newest first with the live balances, and nobody else's", async () => {
    const store = janeWith(4, 20);
    store.addUser({ _id: 'someone-else' });
    store.withdrawals.set('W1', pendingWithdrawal({ _id: 'W1', createdAt: '2026-10-01T00:00:00.000Z' }));
    store.withdrawals.set('W2', pendingWithdrawal({ _id: 'W2', createdAt: '2026-11-01T00:00:00.000Z' }));
    store.withdrawals.set('W3', pendingWithdrawal({ _id: 'W3', userId: 'someone-else' }));
    const answer = await listOwnWithdrawals(store, JANE);
    expect(userWithdrawalsResponseSchema.parse(answer)).toEqual(answer);
    expect(answer.withdrawals.map((w) => w._id)).toEqual(['W2', 'W1']);
    expect(answer).toMatchObject({ referralEarnings: 4, referralHeld: 20 });
    expect(answer.withdrawals[0]?.userId).toEqual({
      _id: JANE,
      username: 'jane_doe',
      email: 'jane.doe@example.com',
      referralEarnings: 4,
    });
    expect(store.calls.sort()).toEqual(['getProfile', 'listOwn']);
  });

  it('reads at most OWN_WITHDRAWALS_LIMIT rows', async () => {
    const store = janeWith(0);
    const listOwn = vi.spyOn(store, 'listOwn');
    await listOwnWithdrawals(store, JANE);
    expect(listOwn).toHaveBeenCalledWith(JANE, OWN_WITHDRAWALS_LIMIT);
  });
});

describe('listWithdrawalsForAdmin', () => {
  const query = (q: Record<string, string> = {}) => withdrawalListQuerySchema.parse(q);

  it('answers the tab, the live available balances of the page and the counts of the aggregates', async () => {
    const store = janeWith(4, 20);
    store.addUser({ _id: 'rick', username: 'ref_rick' }, { available: 7 });
    store.withdrawals.set('W1', pendingWithdrawal({ _id: 'W1' }));
    store.withdrawals.set('W2', pendingWithdrawal({ _id: 'W2', userId: 'rick', status: 'approved' }));
    store.withdrawals.set('W3', pendingWithdrawal({ _id: 'W3', userId: 'gone' }));
    Object.assign(store.stats, { total: 9, pending: 2, approved: 4, rejected: 3 });
    const rowUsers = vi.spyOn(store, 'rowUsers');

    const all = await listWithdrawalsForAdmin(store, query());
    expect(all.counts).toEqual({ total: 9, pending: 2, approved: 4, rejected: 3 });
    expect(Object.fromEntries(all.withdrawals.map((w) => [w._id, w.userId.referralEarnings]))).toEqual({
      W1: 4,
      W2: 7,
      W3: 0,
    });
    expect(all.withdrawals.find((w) => w._id === 'W2')?.userId.username).toBe('ref_rick');
    expect(rowUsers).toHaveBeenCalledTimes(1);
    expect([...(rowUsers.mock.calls[0]?.[0] ?? [])].sort()).toEqual([JANE, 'gone', 'rick'].sort());

    const pending = await listWithdrawalsForAdmin(store, query({ status: 'approved' }));
    expect(pending.withdrawals.map((w) => w._id)).toEqual(['W2']);
    expect(JSON.stringify(all)).not.toMatch(/searchText|processedBy/);
  });

  it('searches case-insensitively through the bounded page filter, and reads no profiles for an empty page', async () => {
    const store = janeWith(0);
    const list = vi.spyOn(store, 'listWithdrawals');
    const rowUsers = vi.spyOn(store, 'rowUsers');
    await listWithdrawalsForAdmin(store, query({ search: '  TJRab ', status: 'rejected', cursor: 'c1', limit: '5' }));
    expect(list).toHaveBeenCalledWith('rejected', {
      limit: 5,
      cursor: 'c1',
      contains: 'tjrab',
      budget: SEARCH_EVALUATION_BUDGET,
    });
    expect(rowUsers).not.toHaveBeenCalled();
  });
});

describe('decideWithdrawal', () => {
  async function withPending(available = 30, amount = 20) {
    const store = janeWith(available);
    const { withdrawal } = await requestWithdrawal(deps(store), JANE, request(amount));
    store.calls.length = 0;
    return { store, id: withdrawal._id };
  }

  it('approves: the hold is settled, the marker gone, ledger, counters and audit, then the mail with the note', async () => {
    const { store, id } = await withPending(30, 20);
    const d = deps(store);
    const answer = await decideWithdrawal(d, 'approved', id, ADMIN, 'Sent, txid abc', PAYOUT_TXID);
    expect(withdrawalDecisionResponseSchema.parse(answer)).toEqual({
      message: 'Withdrawal approved successfully! $20 paid out; $10 of earnings remain.',
      withdrawal: expect.objectContaining({
        _id: id,
        status: 'approved',
        approvedDate: NOW.toISOString(),
        rejectedDate: null,
        adminNote: 'Sent, txid abc',
        payoutTxid: PAYOUT_TXID,
        userId: { _id: JANE, username: 'jane_doe', email: 'jane.doe@example.com', referralEarnings: 10 },
      }),
    });
    expect(store.users.get(JANE)?.balances).toEqual({
      available: 10,
      held: 0,
      lifetime: 30,
      paidOut: 20,
      clawedBack: 0,
      owed: 0,
    });
    expect(store.markers.size).toBe(0);
    expect(store.ledger.map((e) => e.type)).toEqual(['hold', 'settle']);
    expect(store.stats).toMatchObject({ pending: 0, approved: 1, pendingAmount: 0, approvedAmount: 20 });
    expect(store.audit).toEqual([
      {
        _id: expect.any(String),
        actor: ADMIN,
        action: 'withdrawal.approve',
        target: { type: 'withdrawal', id },
        details: {
          userId: JANE,
          amount: 20,
          trc20Address: SAMPLE_TRC20_ADDRESS,
          adminNote: 'Sent, txid abc',
          payoutTxid: PAYOUT_TXID,
        },
        at: NOW.toISOString(),
      },
    ]);
    expect(d.sendDecisionMail).toHaveBeenCalledWith({
      withdrawalId: expect.any(String),
      decision: 'approved',
      to: 'jane.doe@example.com',
      username: 'jane_doe',
      amount: 20,
      trc20Address: SAMPLE_TRC20_ADDRESS,
      requestDate: NOW.toISOString(),
      adminNote: 'Sent, txid abc',
      payoutTxid: PAYOUT_TXID,
    });
    expect(store.withdrawals.get(id)?.payoutTxid).toBe(PAYOUT_TXID);
  });

  it('rejects: the hold is released to the available balance, and the answer shows it', async () => {
    const { store, id } = await withPending(30, 25);
    const d = deps(store);
    const answer = await decideWithdrawal(d, 'rejected', id, ADMIN, null);
    expect(answer.message).toBe(WITHDRAWAL_MESSAGES.rejected);
    expect(answer.withdrawal).toMatchObject({
      status: 'rejected',
      rejectedDate: NOW.toISOString(),
      approvedDate: null,
      adminNote: null,
      userId: { referralEarnings: 30 },
    });
    expect(store.users.get(JANE)?.balances).toEqual({
      available: 30,
      held: 0,
      lifetime: 30,
      paidOut: 0,
      clawedBack: 0,
      owed: 0,
    });
    expect(store.ledger.map((e) => e.type)).toEqual(['hold', 'release']);
    expect(store.stats).toMatchObject({ pending: 0, rejected: 1, pendingAmount: 0, approvedAmount: 0 });
    expect(store.audit[0]).toMatchObject({ action: 'withdrawal.reject' });
    expect(d.sendDecisionMail).toHaveBeenCalledWith(expect.objectContaining({ decision: 'rejected', adminNote: null }));
  });

  it('answers a repeat of the same decision 200 "already", the other decision 409, and changes nothing', async () => {
    const { store, id } = await withPending();
    await decideWithdrawal(deps(store), 'approved', id, ADMIN, null, PAYOUT_TXID);
    const d = deps(store);
    const again = await decideWithdrawal(d, 'approved', id, ADMIN, 'twice', PAYOUT_TXID);
    expect(again).toMatchObject({
      message: WITHDRAWAL_MESSAGES.alreadyDecided('approved'),
      withdrawal: { status: 'approved', adminNote: null },
    });
    await expect(decideWithdrawal(d, 'rejected', id, ADMIN, null)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This withdrawal was already approved.',
    });
    expect(store.decisionPlans).toHaveLength(1);
    expect(d.sendDecisionMail).not.toHaveBeenCalled();
    expect(store.ledger.filter((e) => e.type === 'settle')).toHaveLength(1);
  });

  it('answers 404 for an unknown id', async () => {
    const store = janeWith(0);
    await expect(decideWithdrawal(deps(store), 'approved', 'nope', ADMIN, null, PAYOUT_TXID)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('reads the outcome of a race it lost: already approved (200) or rejected by the other admin (409)', async () => {
    for (const [winner, status] of [
      ['approved', 200],
      ['rejected', 409],
    ] as const) {
      const { store, id } = await withPending();
      // The other admin's decision commits between this request's read and its commit.
      store.beforeCommit = () => {
        store.beforeCommit = undefined;
        const current = store.withdrawals.get(id);
        if (current) store.withdrawals.set(id, { ...current, status: winner });
        return { kind: 'not-pending' };
      };
      const d = deps(store);
      const result = await decideWithdrawal(d, 'approved', id, ADMIN, null, PAYOUT_TXID).then(
        () => 200,
        (e: ConflictError) => e.statusCode,
      );
      expect(result, winner).toBe(status);
      expect(d.sendDecisionMail).not.toHaveBeenCalled();
    }
  });

  it('takes its own decision applied behind a timeout as committed: the mail still goes', async () => {
    for (const decision of ['approved', 'rejected'] as const) {
      const { store, id } = await withPending();
      const commit = store.commitDecision.bind(store);
      // Applied, then the answer lost: the SDK's retry finds the withdrawal decided by this very plan.
      store.commitDecision = async (plan) => {
        await commit(plan);
        return { kind: 'not-pending' };
      };
      const d = deps(store);
      const result = await decideWithdrawal(d, decision, id, ADMIN, null, decision === 'approved' ? PAYOUT_TXID : null);
      expect(result.message, decision).not.toBe(WITHDRAWAL_MESSAGES.alreadyDecided(decision));
      expect(d.sendDecisionMail, decision).toHaveBeenCalledTimes(1);
    }
  });

  it('refuses to settle a hold that does not match (409), and retries conflicts before giving up', async () => {
    const { store, id } = await withPending();
    store.beforeCommit = () => ({ kind: 'hold-missing' });
    await expect(decideWithdrawal(deps(store), 'approved', id, ADMIN, null, PAYOUT_TXID)).rejects.toMatchObject({
      statusCode: 409,
      message: WITHDRAWAL_DECISION_MESSAGES.holdMissing,
    });
    store.beforeCommit = () => ({ kind: 'conflict' });
    const d = deps(store);
    await expect(decideWithdrawal(d, 'rejected', id, ADMIN, null)).rejects.toMatchObject({
      message: WITHDRAWAL_DECISION_MESSAGES.tryAgain,
    });
    expect(d.sleep).toHaveBeenCalledTimes(CONFLICT_TRIES - 1);
  });

  it('keeps the decision when the mail fails, and reports it', async () => {
    const { store, id } = await withPending();
    const failure = new Error('SES is down');
    const d = deps(store, { sendDecisionMail: vi.fn(async () => Promise.reject(failure)) });
    await expect(decideWithdrawal(d, 'approved', id, ADMIN, null, PAYOUT_TXID)).resolves.toMatchObject({
      message: 'Withdrawal approved successfully! $20 paid out; $10 of earnings remain.',
    });
    expect(d.onMailFailure).toHaveBeenCalledWith(failure, id);
    expect(store.withdrawals.get(id)?.status).toBe('approved');
  });
});

describe('decideWithdrawal: the payout', () => {
  async function withPending() {
    const store = janeWith(30);
    const { withdrawal } = await requestWithdrawal(deps(store), JANE, request(20));
    return { store, id: withdrawal._id };
  }
  const match = {
    status: 'match' as const,
    checkedAt: NOW.toISOString(),
    confirmedAt: NOW.toISOString(),
    from: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    to: SAMPLE_TRC20_ADDRESS,
    amount: '20',
    blockNumber: 1,
    reasons: [],
  };

  it('refuses an approval without a payout TXID (400 on payoutTxid), and changes nothing', async () => {
    const { store, id } = await withPending();
    await expect(decideWithdrawal(deps(store), 'approved', id, ADMIN, null, null)).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { payoutTxid: WITHDRAWAL_MESSAGES.payoutTxidRequired },
    });
    expect(store.decisionPlans).toEqual([]);
    expect(store.withdrawals.get(id)?.status).toBe('pending');
  });

  it('checks the payout on chain after the commit and the mail, and answers the verdict', async () => {
    const { store, id } = await withPending();
    const order: string[] = [];
    const checkPayout = vi.fn(async () => {
      order.push('check');
      return match;
    });
    const d = deps(store, {
      sendDecisionMail: vi.fn(async () => {
        order.push('mail');
      }),
      checkPayout,
    });
    const answer = await decideWithdrawal(d, 'approved', id, ADMIN, null, PAYOUT_TXID);
    expect(order).toEqual(['mail', 'check']);
    expect(checkPayout).toHaveBeenCalledWith(
      expect.objectContaining({ _id: id, status: 'approved', payoutTxid: PAYOUT_TXID, amount: 20 }),
    );
    expect(answer.withdrawal).toMatchObject({ payoutTxid: PAYOUT_TXID, payoutCheck: match });
  });

  it('keeps the approval when the check fails, and reports it; a rejection is never checked', async () => {
    const { store, id } = await withPending();
    const failure = new Error('DynamoDB is down');
    const onCheckFailure = vi.fn();
    const d = deps(store, { checkPayout: vi.fn(async () => Promise.reject(failure)), onCheckFailure });
    const answer = await decideWithdrawal(d, 'approved', id, ADMIN, null, PAYOUT_TXID);
    expect(answer.withdrawal).toMatchObject({ status: 'approved', payoutCheck: null });
    expect(onCheckFailure).toHaveBeenCalledWith(failure, id);

    const other = await withPending();
    const checkPayout = vi.fn(async () => match);
    const rejected = await decideWithdrawal(deps(other.store, { checkPayout }), 'rejected', other.id, ADMIN, null);
    expect(rejected.withdrawal).toMatchObject({ status: 'rejected', payoutTxid: null });
    expect(checkPayout).not.toHaveBeenCalled();
  });

  it('shows the customer the payout TXID but never the verdict', async () => {
    const { store, id } = await withPending();
    await decideWithdrawal(
      deps(store, { checkPayout: vi.fn(async () => match) }),
      'approved',
      id,
      ADMIN,
      null,
      PAYOUT_TXID,
    );
    const current = store.withdrawals.get(id);
    if (current) store.withdrawals.set(id, { ...current, payoutCheck: match });
    const own = userWithdrawalsResponseSchema.parse(await listOwnWithdrawals(store, JANE));
    expect(own.withdrawals[0]).toMatchObject({ payoutTxid: PAYOUT_TXID });
    expect(own.withdrawals[0]).not.toHaveProperty('payoutCheck');
  });
});
