import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL, WITHDRAWAL_MESSAGES, withdrawalRequestInputSchema } from '@goldbot/shared';
import { balancesFromLedger, isReconciled, type ReferralBalances } from '../../src/domain/withdrawals/balances.js';
import {
  decideWithdrawal,
  requestWithdrawal,
  type DecisionDeps,
  type WithdrawalDecision,
} from '../../src/domain/withdrawals/withdrawals.js';
import { InMemoryWithdrawalStore } from '../helpers/in-memory-withdrawal-store.js';

/**
 * The referral ledger as a property (docs/data-model.md, "Why `referralEarnings` stays consistent"): randomized sequences of
 * credits (approval), requests (hold), approvals (settle) and rejections (release), some of them hit by a
 * TransactionConflict first, and concurrent decisions and requests interleaved by a scheduler,
 * run against the use cases with an in-memory store that has the transactions' semantics. After
 * every step, for every user: lifetime = available + held + paid out, the profile equals its
 * ledger, nothing is negative, at most one request is pending, and no withdrawal is settled or
 * released twice.
 */
const USERS = ['u0', 'u1', 'u2'] as const;
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ADMIN = 'admin-sub';
const PAYOUT_TXID = 'cd'.repeat(32);

function newStore(): InMemoryWithdrawalStore {
  const store = new InMemoryWithdrawalStore();
  for (const id of USERS) store.addUser({ _id: id });
  return store;
}

function newDeps(store: InMemoryWithdrawalStore): DecisionDeps {
  let seq = 0;
  let tick = Date.parse('2026-11-01T00:00:00.000Z');
  return {
    store,
    now: () => new Date((tick += 1000)),
    newId: () => `ID${String((seq += 1)).padStart(24, '0')}`,
    sleep: async () => undefined,
    random: () => 0.5,
    sendDecisionMail: async () => undefined,
    onMailFailure: () => undefined,
  };
}

/** Every invariant of the ledger and the withdrawal transactions over the whole store. */
function assertConsistent(store: InMemoryWithdrawalStore): void {
  const withdrawals = [...store.withdrawals.values()];
  let heldTotal = 0;
  let paidTotal = 0;
  for (const user of store.users.values()) {
    const b: ReferralBalances = user.balances;
    expect(isReconciled(b), `${user._id} ${JSON.stringify(b)}`).toBe(true);
    expect(b.available).toBeGreaterThanOrEqual(0);
    expect(b.held).toBeGreaterThanOrEqual(0);
    expect(balancesFromLedger(store.ledger.filter((e) => e.userId === user._id))).toEqual(b);
    const pending = withdrawals.filter((w) => w.userId === user._id && w.status === 'pending');
    expect(pending.length).toBeLessThanOrEqual(WITHDRAWAL.maxPendingPerUser);
    expect(b.held).toBe(pending.reduce((sum, w) => sum + w.amount, 0));
    expect(store.markers.get(user._id)).toBe(pending[0]?._id);
    heldTotal += b.held;
    paidTotal += b.paidOut;
  }
  for (const w of withdrawals) {
    const decisions = store.ledger.filter((e) => e.sourceId === w._id && (e.type === 'settle' || e.type === 'release'));
    // Never paid twice, never both paid and released.
    expect(decisions.length).toBe(w.status === 'pending' ? 0 : 1);
    if (w.status === 'approved') expect(decisions[0]?.type).toBe('settle');
    if (w.status === 'rejected') expect(decisions[0]?.type).toBe('release');
    expect(store.ledger.filter((e) => e.sourceId === w._id && e.type === 'hold')).toHaveLength(1);
  }
  const count = (status: string) => withdrawals.filter((w) => w.status === status).length;
  expect(store.stats).toEqual({
    total: withdrawals.length,
    pending: count('pending'),
    approved: count('approved'),
    rejected: count('rejected'),
    pendingAmount: heldTotal,
    approvedAmount: paidTotal,
  });
  expect(store.audit).toHaveLength(count('approved') + count('rejected'));
}

type Command =
  | { type: 'credit'; user: number; amount: number }
  | { type: 'clawback'; user: number; amount: number }
  | { type: 'request'; user: number; amount: number; conflict: boolean }
  | { type: 'decide'; pick: number; decision: WithdrawalDecision; note: string | null; conflict: boolean };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('credit' as const),
      user: fc.nat(2),
      amount: fc.constantFrom(2, 2, 2, 10, 25),
    }),
  },
  {
    // A refund of a referred purchase takes its reward back, whatever is available.
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('clawback' as const),
      user: fc.nat(2),
      amount: fc.constantFrom(2, 2, 10),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('request' as const),
      user: fc.nat(2),
      amount: fc.integer({ min: 1, max: 90 }),
      conflict: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('decide' as const),
      pick: fc.nat(20),
      decision: fc.constantFrom<WithdrawalDecision>('approved', 'rejected'),
      note: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
      conflict: fc.boolean(),
    }),
  },
);

/** What the rules say a request must answer, from the balances before it (the model). */
function expectedRequest(b: ReferralBalances, amount: number): 'ok' | string {
  if (amount < WITHDRAWAL.minimumUsd) return WITHDRAWAL_MESSAGES.minimum;
  if (b.held > 0) return WITHDRAWAL_MESSAGES.pendingExists;
  if (b.available < WITHDRAWAL.minimumUsd) return WITHDRAWAL_MESSAGES.insufficient;
  if (amount > b.available) return WITHDRAWAL_MESSAGES.exceeds;
  return 'ok';
}

/** One conflicted first attempt, then the store's own answer. */
const conflictOnce = (store: InMemoryWithdrawalStore, on: boolean) => {
  let left = on ? 1 : 0;
  store.beforeCommit = () => (left-- > 0 ? { kind: 'conflict' } : undefined);
};

describe('referral ledger property (credit, hold, settle, release, clawback)', () => {
  it('keeps lifetime - clawed back = available + held + paid out - owed through any sequence, never negative, never paid twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 60 }), async (commands) => {
        const store = newStore();
        const deps = newDeps(store);
        // The user a credit, clawback or request is for, and a copy of their balances before it.
        const readBefore = (user: number) => {
          const userId = USERS[user] ?? 'u0';
          return { userId, before: structuredClone(store.users.get(userId)?.balances) as ReferralBalances };
        };
        for (const command of commands) {
          if (command.type === 'credit') {
            const { userId, before } = readBefore(command.user);
            store.credit(userId, command.amount);
            // What is owed is settled first; only the rest becomes available.
            const offset = Math.min(command.amount, before.owed);
            expect(store.users.get(userId)?.balances).toEqual({
              ...before,
              available: before.available + command.amount - offset,
              owed: before.owed - offset,
              lifetime: before.lifetime + command.amount,
            });
          } else if (command.type === 'clawback') {
            const { userId, before } = readBefore(command.user);
            store.clawback(userId, command.amount);
            // Out of what is available, never below zero; the shortfall is owed.
            const taken = Math.min(command.amount, before.available);
            expect(store.users.get(userId)?.balances).toEqual({
              ...before,
              available: before.available - taken,
              owed: before.owed + command.amount - taken,
              clawedBack: before.clawedBack + command.amount,
            });
          } else if (command.type === 'request') {
            const { userId, before } = readBefore(command.user);
            const expected = expectedRequest(before, command.amount);
            const parsed = withdrawalRequestInputSchema.safeParse({ trc20Address: ADDRESS, amount: command.amount });
            conflictOnce(store, command.conflict);
            const outcome = parsed.success
              ? await requestWithdrawal(deps, userId, parsed.data).then(
                  () => 'ok',
                  (e: Error) => e.message,
                )
              : parsed.error.issues[0]?.message;
            expect(outcome).toBe(expected);
            const after = store.users.get(userId)?.balances;
            if (expected === 'ok') {
              expect(after).toEqual({
                ...before,
                available: before.available - command.amount,
                held: command.amount,
              });
            } else {
              expect(after).toEqual(before);
            }
          } else {
            const all = [...store.withdrawals.values()];
            const target = all.length > 0 ? all[command.pick % all.length] : undefined;
            const id = target?._id ?? 'UNKNOWN';
            const statusBefore = target?.status;
            const balancesBefore = target ? structuredClone(store.users.get(target.userId)?.balances) : undefined;
            conflictOnce(store, command.conflict);
            const result = await decideWithdrawal(deps, command.decision, id, ADMIN, command.note, PAYOUT_TXID).then(
              (answer) => ({ status: 200, answer }),
              (e: { statusCode: number }) => ({ status: e.statusCode, answer: undefined }),
            );
            if (!target) {
              expect(result.status).toBe(404);
            } else if (statusBefore === 'pending') {
              expect(result.status).toBe(200);
              expect(store.withdrawals.get(id)?.status).toBe(command.decision);
              const after = store.users.get(target.userId)?.balances;
              const moved = command.decision === 'approved' ? 'paidOut' : 'available';
              expect(after).toEqual({
                ...balancesBefore,
                held: (balancesBefore?.held ?? 0) - target.amount,
                [moved]: (balancesBefore?.[moved] ?? 0) + target.amount,
              });
            } else {
              // Decided before: the same decision is a harmless 200, the other one 409; nothing moves.
              expect(result.status).toBe(statusBefore === command.decision ? 200 : 409);
              expect(store.users.get(target.userId)?.balances).toEqual(balancesBefore);
            }
          }
          store.beforeCommit = undefined;
          assertConsistent(store);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('holds under concurrency: racing requests create one pending withdrawal, racing decisions settle once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.record({
            user: fc.nat(2),
            amount: fc.integer({ min: 20, max: 60 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(fc.constantFrom<WithdrawalDecision>('approved', 'rejected'), { minLength: 1, maxLength: 6 }),
        async (s, credits, requests, decisions) => {
          const store = newStore();
          const deps = newDeps(store);
          USERS.forEach((id, i) => store.credit(id, credits[i] ?? 0));
          // u0 starts with a pending request the admins will race on (when it can afford one).
          const seeded =
            (store.users.get('u0')?.balances.available ?? 0) >= WITHDRAWAL.minimumUsd
              ? (await requestWithdrawal(deps, 'u0', { trc20Address: ADDRESS, amount: WITHDRAWAL.minimumUsd }))
                  .withdrawal._id
              : undefined;
          store.pause = () => s.schedule(Promise.resolve());

          const requestResults = requests.map((r) =>
            requestWithdrawal(deps, USERS[r.user] ?? 'u0', { trc20Address: ADDRESS, amount: r.amount }).then(
              () => ({ user: r.user, ok: true }),
              () => ({ user: r.user, ok: false }),
            ),
          );
          const decisionResults = seeded
            ? decisions.map((d) =>
                decideWithdrawal(deps, d, seeded, ADMIN, null, PAYOUT_TXID).then(
                  (a) => ({ ok: true, message: a.message }),
                  (e: { statusCode: number }) => ({ ok: false, message: String(e.statusCode) }),
                ),
              )
            : [];
          const [requested, decided] = await s.waitFor(
            Promise.all([Promise.all(requestResults), Promise.all(decisionResults)]),
          );

          assertConsistent(store);
          for (let u = 0; u < USERS.length; u += 1) {
            expect(requested.filter((r) => r.user === u && r.ok).length).toBeLessThanOrEqual(1);
          }
          if (seeded) {
            const transitions = decided.filter(
              // An approval says what it paid out (or the spec's sentence); "already decided" is not one.
              (d) =>
                d.ok &&
                (d.message.startsWith('Withdrawal approved successfully!') ||
                  d.message === WITHDRAWAL_MESSAGES.rejected),
            );
            expect(transitions).toHaveLength(1);
            expect(store.decisionPlans.filter((p) => p.withdrawal._id === seeded).length).toBeGreaterThanOrEqual(1);
            expect(store.ledger.filter((e) => e.sourceId === seeded && e.type !== 'hold')).toHaveLength(1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
