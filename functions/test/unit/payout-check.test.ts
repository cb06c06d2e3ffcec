import { describe, expect, it, vi } from 'vitest';
import { chainCheckSchema, withdrawalSchema, type ChainCheck } from '@goldbot/shared';
import {
  CHAIN_CHECK_MESSAGES,
  CHAIN_CHECK_REASONS,
  DEFAULT_CHAIN_CHECK_POLICY,
} from '../../src/domain/commerce/chain-check.js';
import {
  TronApiError,
  transactionInfoSchema,
  type TronLookup,
  type TronTransactionApi,
} from '../../src/domain/commerce/tron.js';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../src/domain/errors.js';
import {
  PAYOUT_CHECK_REASONS,
  checkPayout,
  judgeAndSavePayout,
  judgePayout,
  type PayoutCheckDeps,
  type PayoutCheckSave,
} from '../../src/domain/withdrawals/payout-check.js';
import type { WithdrawalRecord } from '../../src/domain/records/withdrawal-record.js';
import type { Logger } from '../../src/kit/logger.js';
import { loadTronFixtures, withTransfer } from '../../../scripts/local/tron-double.js';
import { InMemoryWithdrawalStore } from '../helpers/in-memory-withdrawal-store.js';
import { SAMPLE_REQUESTER, SAMPLE_TRC20_ADDRESS, pendingWithdrawal } from '../helpers/withdrawal-samples.js';

/**
 * The on-chain check of a withdrawal's payout: the verdicts from real receipts sent to the
 * withdrawal's address (the local TRON double's fixtures, re-addressed), what is stored and kept,
 * and the refusals (not approved, no TRON API, unknown withdrawal).
 */
const NOW = new Date('2026-11-23T12:00:00.000Z');
const TXID = 'aa'.repeat(32);
const fixtures = loadTronFixtures();

/** A fixture's receipt re-addressed and re-amounted, block time a minute before NOW unless given. */
function payout(change: { usdt?: string; to?: string }, fixtureName = 'usdt-79-recent', blockTimeStamp?: number) {
  const fixture = fixtures.get(fixtureName);
  if (!fixture) throw new Error(`no fixture ${fixtureName}`);
  const info = transactionInfoSchema.parse(withTransfer(fixture, change).response);
  return { kind: 'found', info: { ...info, blockTimeStamp: blockTimeStamp ?? NOW.getTime() - 60_000 } } as TronLookup;
}

const approved = (overrides: Partial<WithdrawalRecord> = {}) =>
  pendingWithdrawal({
    status: 'approved',
    amount: 20,
    requestDate: '2026-11-22T09:30:00.000Z',
    createdAt: '2026-11-22T09:30:00.000Z',
    approvedDate: new Date(NOW.getTime() - 2 * 60_000).toISOString(),
    payoutTxid: TXID,
    ...overrides,
  });
const judge = (w: WithdrawalRecord, lookup: TronLookup) => judgePayout(w, lookup, NOW, DEFAULT_CHAIN_CHECK_POLICY);

describe('judgePayout: the verdicts and their reasons', () => {
  it('match: a successful USDT transfer of exactly the approved amount to the withdrawal’s address', () => {
    const check = judge(approved(), payout({ usdt: '20', to: SAMPLE_TRC20_ADDRESS }));
    expect(check).toMatchObject({
      status: 'match',
      checkedAt: NOW.toISOString(),
      confirmedAt: new Date(NOW.getTime() - 60_000).toISOString(),
      to: SAMPLE_TRC20_ADDRESS,
      amount: '20',
      reasons: [],
    });
    expect(check.from).toMatch(/^T/);
    expect(chainCheckSchema.parse(check)).toEqual(check);
  });

  it('mismatch: sent to another address', () => {
    const check = judge(approved(), payout({ usdt: '20' }));
    expect(check.status).toBe('mismatch');
    expect(check.reasons).toEqual([PAYOUT_CHECK_REASONS.otherAddress(String(check.to), SAMPLE_TRC20_ADDRESS)]);
  });

  it('mismatch: less or more than approved (a payout is exact)', () => {
    for (const [usdt, shown] of [
      ['19.5', '19.5'],
      ['25', '25'],
    ] as const) {
      const check = judge(approved(), payout({ usdt, to: SAMPLE_TRC20_ADDRESS }));
      expect(check).toMatchObject({ status: 'mismatch', amount: shown });
      expect(check.reasons).toEqual([PAYOUT_CHECK_REASONS.wrongAmount(shown, '20')]);
    }
  });

  it('mismatch: transferred before the withdrawal was requested (an old transaction named again)', () => {
    const long = Date.parse('2026-11-20T00:00:00.000Z');
    const check = judge(approved(), payout({ usdt: '20', to: SAMPLE_TRC20_ADDRESS }, 'usdt-79-recent', long));
    expect(check.status).toBe('mismatch');
    expect(check.reasons).toEqual([
      PAYOUT_CHECK_REASONS.beforeRequest('2026-11-20T00:00:00.000Z', '2026-11-21T09:30:00.000Z'),
    ]);
  });

  it('mismatch: a failed transaction, or one without a USDT transfer', () => {
    const failed = judge(approved(), payout({}, 'usdt-failed-out-of-energy'));
    expect(failed.status).toBe('mismatch');
    expect(failed.reasons[0]).toMatch(/^the transaction failed on chain/);
    const trx = judge(approved(), payout({}, 'trx-transfer'));
    expect(trx).toMatchObject({ status: 'mismatch', reasons: [CHAIN_CHECK_REASONS.noUsdt] });
  });

  it('pending shortly after the approval, not found later', () => {
    expect(judge(approved(), { kind: 'unknown' })).toMatchObject({
      status: 'pending',
      reasons: [CHAIN_CHECK_REASONS.notConfirmed],
    });
    const old = approved({ approvedDate: new Date(NOW.getTime() - 30 * 60_000).toISOString() });
    expect(judge(old, { kind: 'unknown' })).toMatchObject({
      status: 'not-found',
      reasons: [PAYOUT_CHECK_REASONS.notFound(30 * 60_000)],
    });
  });
});

const silent: Logger = {
  debug: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  child: () => silent,
};

/** The in-memory store with `savePayoutCheck` as DynamoDB's condition has it. */
class PayoutStore extends InMemoryWithdrawalStore {
  saves: ChainCheck[] = [];
  async savePayoutCheck(id: string, payoutTxid: string, check: ChainCheck): Promise<PayoutCheckSave> {
    const current = this.withdrawals.get(id);
    if (!current || current.status !== 'approved' || current.payoutTxid !== payoutTxid) return { kind: 'missing' };
    const mayChange = ['pending', 'not-found', 'error'].includes(check.status);
    const final = current.payoutCheck && !['pending', 'not-found', 'error'].includes(current.payoutCheck.status);
    if (mayChange && final) return { kind: 'kept', current: current.payoutCheck };
    this.saves.push(check);
    this.withdrawals.set(id, { ...current, payoutCheck: check });
    return { kind: 'saved' };
  }
}

function world(answer: TronLookup | Error, withdrawal = approved()) {
  const store = new PayoutStore();
  store.addUser({ ...SAMPLE_REQUESTER }, { available: 4, held: 0, lifetime: 24, paidOut: 20 });
  store.withdrawals.set(withdrawal._id, withdrawal);
  const tron: TronTransactionApi = {
    transactionInfo: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  };
  const deps: PayoutCheckDeps = { store, tron, now: () => NOW, policy: DEFAULT_CHAIN_CHECK_POLICY, log: silent };
  return { store, tron, deps, withdrawal };
}

describe('judgeAndSavePayout and checkPayout', () => {
  it('asks TRON about the payout TXID within the budget, stores the verdict and answers it', async () => {
    const { store, tron, deps, withdrawal } = world(payout({ usdt: '20', to: SAMPLE_TRC20_ADDRESS }));
    const check = await judgeAndSavePayout(deps, withdrawal, { budgetMs: 4_000 });
    expect(check.status).toBe('match');
    expect(tron.transactionInfo).toHaveBeenCalledWith(TXID, { budgetMs: 4_000 });
    expect(store.withdrawals.get(withdrawal._id)?.payoutCheck).toEqual(check);
  });

  it('an unreachable TRON API is an error verdict, which never replaces a final one', async () => {
    const { store, deps, withdrawal } = world(new TronApiError('The TRON API did not answer within 4 s.'));
    const check = await judgeAndSavePayout(deps, withdrawal);
    expect(check).toMatchObject({ status: 'error', reasons: ['The TRON API did not answer within 4 s.'] });

    const match = judge(withdrawal, payout({ usdt: '20', to: SAMPLE_TRC20_ADDRESS }));
    store.withdrawals.set(withdrawal._id, { ...withdrawal, payoutCheck: match });
    await expect(judgeAndSavePayout(deps, withdrawal)).resolves.toEqual(match);
    expect(store.withdrawals.get(withdrawal._id)?.payoutCheck).toEqual(match);
  });

  it('checkPayout answers the admin view of the withdrawal with the verdict and the live balance', async () => {
    const { deps, withdrawal } = world(payout({ usdt: '20', to: SAMPLE_TRC20_ADDRESS }));
    const { withdrawal: view } = await checkPayout(deps, withdrawal._id);
    expect(withdrawalSchema.parse(view)).toMatchObject({
      _id: withdrawal._id,
      status: 'approved',
      payoutTxid: TXID,
      payoutCheck: { status: 'match' },
      userId: { username: 'jane_doe', referralEarnings: 4 },
    });
  });

  it('refuses: an unknown withdrawal 404, one not approved 409, no TRON API 503; a bug throws', async () => {
    const { deps } = world({ kind: 'unknown' });
    await expect(checkPayout(deps, 'nope')).rejects.toBeInstanceOf(NotFoundError);

    const pending = world({ kind: 'unknown' }, pendingWithdrawal());
    await expect(checkPayout(pending.deps, pending.withdrawal._id)).rejects.toBeInstanceOf(ConflictError);
    expect(pending.tron.transactionInfo).not.toHaveBeenCalled();

    const offline = world({ kind: 'unknown' });
    await expect(checkPayout({ ...offline.deps, tron: null }, offline.withdrawal._id)).rejects.toEqual(
      new ServiceUnavailableError(CHAIN_CHECK_MESSAGES.notConfigured),
    );

    const broken = world(new TypeError('bug'));
    await expect(checkPayout(broken.deps, broken.withdrawal._id)).rejects.toBeInstanceOf(TypeError);
  });
});
