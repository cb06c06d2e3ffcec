import { describe, expect, it, vi } from 'vitest';
import { chainCheckSchema, type ChainCheck } from '@goldbot/shared';
import { TronApiError, type TronLookup, type TronTransactionApi } from '../../src/domain/commerce/tron.js';
import type { TransferRecord } from '../../src/domain/records/transfer-record.js';
import { InMemoryTransfers } from '../helpers/in-memory-transfers.js';
import type { SettleOutcome } from '../../src/domain/commerce/binding.js';
import { toPaymentView, type PaymentRecord } from '../../src/domain/records/payment-record.js';
import {
  CHAIN_CHECK_REASONS,
  DEFAULT_CHAIN_CHECK_POLICY,
  chainCheckPolicy,
  checkPayment,
  judgeLookup,
  needsRecheck,
  recheckPayments,
  type ChainCheckDeps,
  type ChainCheckStore,
  type SaveOutcome,
} from '../../src/domain/commerce/chain-check.js';
import { REVIEW_MESSAGES, type DecisionResult } from '../../src/domain/commerce/payment-decisions.js';
import { transactionInfoSchema, type TransactionInfo } from '../../src/domain/commerce/tron.js';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../src/domain/errors.js';
import { createLogger } from '../../src/kit/logger.js';
import { loadTronFixtures } from '../../../scripts/local/tron-double.js';
import { pendingPayment } from '../helpers/payment-samples.js';

/**
 * The on-chain pre-check's rules and use cases: each verdict and reason from real and
 * built receipts, the amount tolerance, the payment window (replay), what is stored and kept, the
 * automatic approval on a match, and the recheck sweep's stop conditions.
 */
const LOCAL_WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';
const NOW = new Date('2026-11-23T12:00:00.000Z');
const fixtures = loadTronFixtures();

/** A fixture's receipt as TronGrid would answer it now ('recent' block times one minute ago). */
function found(name: string, blockTimeStamp?: number): TronLookup {
  const fixture = fixtures.get(name);
  if (!fixture) throw new Error(`no fixture ${name}`);
  const info: TransactionInfo = transactionInfoSchema.parse(fixture.response);
  const recent = fixture.behaviour.blockTimeStamp === 'recent' ? NOW.getTime() - 60_000 : info.blockTimeStamp;
  return { kind: 'found', info: { ...info, blockTimeStamp: blockTimeStamp ?? recent } };
}

const payment = (overrides: Partial<PaymentRecord> = {}) =>
  pendingPayment({
    wallet: { address: LOCAL_WALLET, network: 'TRC20', currency: 'USDT' },
    createdAt: new Date(NOW.getTime() - 2 * 60_000).toISOString(),
    ...overrides,
  });
const judge = (p: PaymentRecord, lookup: TronLookup, policy = DEFAULT_CHAIN_CHECK_POLICY) =>
  judgeLookup(p, lookup, NOW, policy);

/** A check made at NOW that found no transfer on the chain: nothing confirmed, only its reasons. */
const unconfirmedCheck = (status: ChainCheck['status'], reasons: string[]): ChainCheck => ({
  status,
  checkedAt: NOW.toISOString(),
  confirmedAt: null,
  from: null,
  to: null,
  amount: null,
  blockNumber: null,
  reasons,
});

describe('judgeLookup: the verdicts and their reasons', () => {
  it('match: a successful USDT transfer to the wallet, enough, inside the window', () => {
    const check = judge(payment({ amount: 60 }), found('usdt-60-basic'));
    expect(check).toEqual({
      status: 'match',
      checkedAt: NOW.toISOString(),
      confirmedAt: new Date(NOW.getTime() - 60_000).toISOString(),
      from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
      to: LOCAL_WALLET,
      amount: '60',
      blockNumber: 86738346,
      reasons: [],
    });
    expect(chainCheckSchema.parse(check)).toEqual(check);
  });

  it('match: paying more than due is fine; several transfers to the wallet add up', () => {
    expect(judge(payment({ amount: 60 }), found('usdt-79-recent'))).toMatchObject({ status: 'match', amount: '79' });
    expect(judge(payment({ amount: 60 }), found('several-logs'))).toMatchObject({
      status: 'match',
      amount: '60',
      to: LOCAL_WALLET,
    });
  });

  it('mismatch: too little, with the amounts in the reason', () => {
    const check = judge(payment({ packageSlug: 'pro', amount: 250 }), found('usdt-79-recent'));
    expect(check).toMatchObject({ status: 'mismatch', amount: '79', to: LOCAL_WALLET });
    expect(check.reasons).toEqual([CHAIN_CHECK_REASONS.tooLittle('79', '250')]);
    expect(check.reasons[0]).toBe('79 USDT received, less than the 250 USDT due');
  });

  it('the amount tolerance lets a transfer fall short by at most that much', () => {
    const p = payment({ amount: 60.5 });
    expect(judge(p, found('usdt-60-basic')).status).toBe('mismatch');
    expect(judge(p, found('usdt-60-basic'), chainCheckPolicy(0.5, 24)).status).toBe('match');
    expect(judge(p, found('usdt-60-basic'), chainCheckPolicy(0.49, 24)).status).toBe('mismatch');
    // Cents are compared exactly: $59.99 due is covered by 60 USDT.
    expect(judge(payment({ amount: 59.99 }), found('usdt-60-basic')).status).toBe('match');
  });

  it('mismatch: sent to another wallet (the transfer shown is the one found)', () => {
    const check = judge(payment(), found('usdt-3.5-to-another-address', NOW.getTime() - 60_000));
    expect(check).toMatchObject({ status: 'mismatch', to: 'TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn', amount: '3.5' });
    expect(check.reasons).toEqual([
      CHAIN_CHECK_REASONS.otherWallet('TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn', LOCAL_WALLET),
    ]);
  });

  it('mismatch: a failed transaction, with TRON’s own message', () => {
    const check = judge(payment(), found('usdt-failed-out-of-energy'));
    expect(check).toMatchObject({ status: 'mismatch', blockNumber: 66860010, to: null, amount: null });
    expect(check.reasons).toHaveLength(1);
    expect(check.reasons[0]).toMatch(
      /^the transaction failed on chain \(OUT_OF_ENERGY: Not enough energy for 'SSTORE'/,
    );
  });

  it('mismatch: a TRX transfer or another token is no USDT transfer', () => {
    expect(judge(payment(), found('trx-transfer')).reasons).toEqual([CHAIN_CHECK_REASONS.noUsdt]);
    expect(judge(payment(), found('other-token')).reasons).toEqual([CHAIN_CHECK_REASONS.noUsdt]);
  });

  it('replay: a transfer before the payment window does not pay a new purchase', () => {
    // The real 79-USDT transfer went to this very wallet, on 2026-10-01.
    const check = judge(payment({ amount: 60 }), found('usdt-79-real'));
    expect(check.status).toBe('mismatch');
    expect(check.confirmedAt).toBe('2026-10-01T20:47:24.000Z');
    expect(check.reasons).toEqual([
      'transferred at 2026-10-01T20:47:24.000Z, before the payment window (from 2026-11-22T11:58:00.000Z, 24 h before the payment was submitted)',
    ]);
  });

  it('the grace window: a transfer up to 24 h before submission is inside, just over is not', () => {
    const p = payment({ amount: 60 });
    const submitted = Date.parse(p.createdAt);
    expect(judge(p, found('usdt-60-basic', submitted - 24 * 3_600_000)).status).toBe('match');
    expect(judge(p, found('usdt-60-basic', submitted - 24 * 3_600_000 - 1)).status).toBe('mismatch');
    expect(judge(p, found('usdt-60-basic', submitted - 47 * 3_600_000), chainCheckPolicy(0, 48)).status).toBe('match');
  });

  it('every reason at once: another wallet and too old', () => {
    const check = judge(payment(), found('usdt-3.5-to-another-address'));
    expect(check.reasons).toHaveLength(2);
    expect(check.reasons[1]).toMatch(/^transferred at 2024-11-10T10:45:54.000Z, before the payment window/);
  });

  it('pending shortly after submission, not-found later, when the chain does not know the id', () => {
    expect(judge(payment(), { kind: 'unknown' })).toEqual(unconfirmedCheck('pending', ['not confirmed yet']));
    const old = payment({ createdAt: new Date(NOW.getTime() - 30 * 60_000).toISOString() });
    expect(judge(old, { kind: 'unknown' })).toMatchObject({
      status: 'not-found',
      reasons: ['not found on the TRON network 30 minutes after submission'],
    });
  });

  it('a receipt without a block time is not a match', () => {
    const lookup = found('usdt-60-basic');
    if (lookup.kind !== 'found') throw new Error('expected a receipt');
    const { blockTimeStamp: _dropped, ...info } = lookup.info;
    const check = judge(payment({ amount: 60 }), { kind: 'found', info });
    expect(check).toMatchObject({ status: 'mismatch', confirmedAt: null, reasons: [CHAIN_CHECK_REASONS.noBlockTime] });
  });
});

describe('needsRecheck', () => {
  const at = (status: ChainCheck['status']): ChainCheck => unconfirmedCheck(status, []);
  it('asks again while pending, unanswered and inside 24 hours', () => {
    expect(needsRecheck(payment(), NOW, DEFAULT_CHAIN_CHECK_POLICY)).toBe(true);
    const later = new Date(NOW.getTime() + 10 * 60_000);
    for (const status of ['pending', 'not-found', 'error'] as const) {
      expect(needsRecheck(payment({ chainCheck: at(status) }), later, DEFAULT_CHAIN_CHECK_POLICY)).toBe(true);
    }
    for (const status of ['match', 'mismatch', 'invalid'] as const) {
      expect(needsRecheck(payment({ chainCheck: at(status) }), NOW, DEFAULT_CHAIN_CHECK_POLICY)).toBe(false);
    }
    expect(needsRecheck(payment({ status: 'completed' }), NOW, DEFAULT_CHAIN_CHECK_POLICY)).toBe(false);
    const dayOld = new Date(NOW.getTime() - 24 * 3_600_000 - 1).toISOString();
    expect(needsRecheck(payment({ createdAt: dayOld }), NOW, DEFAULT_CHAIN_CHECK_POLICY)).toBe(false);
  });

  it('backs off: 5, 10, 20, 40 ... minutes after submission, at most 10 look-ups in the 24 hours', () => {
    const submitted = NOW.getTime();
    let p = payment({ createdAt: new Date(submitted).toISOString(), chainCheck: null });
    const lookups: number[] = [];
    // The job runs every 5 minutes for a day; each run that asks stores a new 'not-found'.
    for (let minute = 0; minute <= 24 * 60; minute += 5) {
      const now = new Date(submitted + minute * 60_000);
      if (!needsRecheck(p, now, DEFAULT_CHAIN_CHECK_POLICY)) continue;
      lookups.push(minute);
      p = { ...p, chainCheck: { ...at('not-found'), checkedAt: now.toISOString() } };
    }
    expect(lookups).toEqual([0, 5, 10, 20, 40, 80, 160, 320, 640, 1280]);
    // Past the window (the order's held amount is released), it stops.
    expect(needsRecheck(p, new Date(submitted + 24 * 3_600_000 + 60_000), DEFAULT_CHAIN_CHECK_POLICY)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

const silent = createLogger('silent');

const isFinal = (check: ChainCheck | null | undefined) =>
  check !== null && check !== undefined && ['match', 'mismatch', 'invalid'].includes(check.status);

class MemoryStore extends InMemoryTransfers implements ChainCheckStore {
  payments = new Map<string, PaymentRecord>();
  autoApprove = false;
  saves: ChainCheck[] = [];
  pages: string[] = [];
  constructor(...payments: PaymentRecord[]) {
    super();
    for (const p of payments) this.payments.set(p._id, p);
  }
  async getPayment(id: string) {
    return this.payments.get(id);
  }
  async saveChainCheck(id: string, check: ChainCheck): Promise<SaveOutcome> {
    const current = this.payments.get(id);
    if (!current) return { kind: 'missing' };
    if (!isFinal(check) && isFinal(current.chainCheck)) return { kind: 'kept', current: current.chainCheck ?? null };
    this.saves.push(check);
    this.payments.set(id, { ...current, chainCheck: check });
    return { kind: 'saved' };
  }
  async autoApproveOnMatch() {
    return this.autoApprove;
  }
  /** Addresses that paid other customers' orders (the PAYER# partition, read only here). */
  payersOfOthers = new Set<string>();
  async payerPaidOthers(address: string) {
    return this.payersOfOthers.has(address);
  }
  async listRecheckCandidates(since: string) {
    this.pages.push(since);
    const items = [...this.payments.values()]
      .filter((p) => p.status === 'pending' && p.createdAt >= since)
      .filter((p) => !isFinal(p.chainCheck))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { items };
  }
}

function fakeTron(answers: Record<string, TronLookup | Error>): TronTransactionApi & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async transactionInfo(txid) {
      asked.push(txid);
      const answer = answers[txid] ?? { kind: 'unknown' };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function deps(store: MemoryStore, tron: TronTransactionApi | null, overrides: Partial<ChainCheckDeps> = {}) {
  const approvals: string[] = [];
  const value: ChainCheckDeps = {
    store,
    tron,
    now: () => NOW,
    policy: DEFAULT_CHAIN_CHECK_POLICY,
    log: silent,
    // Nothing takes the transfer unless a test says where the chain binds it.
    settle: async (transfer): Promise<SettleOutcome> => {
      store.transfers.set(transfer.txid, { ...transfer, state: 'unmatched' });
      return { kind: 'unmatched', reason: 'no-order' };
    },
    autoApprove: async (p): Promise<DecisionResult> => {
      approvals.push(p._id);
      const approved: PaymentRecord = { ...p, status: 'completed', approvedBy: 'system', updatedAt: NOW.toISOString() };
      store.payments.set(p._id, approved);
      return { message: REVIEW_MESSAGES.approved(p.username), payment: toPaymentView(approved) };
    },
    ...overrides,
  };
  return { deps: value, approvals };
}

const TXID_60 = fixtures.get('usdt-60-basic')?.txid ?? '';

describe('checkPayment', () => {
  it('stores the verdict on the payment and answers the admin row with it', async () => {
    const p = payment({ _id: 'p1', transactionId: TXID_60.toUpperCase(), amount: 60 });
    const store = new MemoryStore(p);
    const tron = fakeTron({ [TXID_60]: found('usdt-60-basic') });
    const result = await checkPayment(deps(store, tron).deps, 'p1', { origin: 'admin' });
    expect(tron.asked).toEqual([TXID_60]);
    expect(result.check.status).toBe('match');
    expect(result.payment.chainCheck).toEqual(result.check);
    expect(result.payment.status).toBe('pending');
    expect(result.autoApproved).toBe(false);
    expect(store.payments.get('p1')?.chainCheck).toEqual(result.check);
  });

  it('invalid: a TXID that is not 64 hex is judged without asking TRON (even with no TRON configured)', async () => {
    const store = new MemoryStore(payment({ _id: 'p1', transactionId: 'ABCDEF0123456789' }));
    const result = await checkPayment(deps(store, null).deps, 'p1', { origin: 'submission' });
    expect(result.check).toMatchObject({ status: 'invalid', reasons: ['not a TRON transaction id'] });
  });

  it('error: a TRON API failure is a verdict with its reason, never an exception', async () => {
    const p = payment({ _id: 'p1', transactionId: TXID_60 });
    const store = new MemoryStore(p);
    const tron = fakeTron({
      [TXID_60]: new TronApiError('The TRON API is rate-limiting requests (HTTP 429) (3 attempts).'),
    });
    const result = await checkPayment(deps(store, tron).deps, 'p1', { origin: 'recheck' });
    expect(result.check).toMatchObject({
      status: 'error',
      reasons: ['The TRON API is rate-limiting requests (HTTP 429) (3 attempts).'],
    });
  });

  it('an error does not hide a final verdict already stored: the stored one is answered', async () => {
    const p = payment({ _id: 'p1', transactionId: TXID_60, amount: 60 });
    const store = new MemoryStore(p);
    const first = await checkPayment(deps(store, fakeTron({ [TXID_60]: found('usdt-60-basic') })).deps, 'p1', {
      origin: 'submission',
    });
    const failing = fakeTron({ [TXID_60]: new TronApiError('The TRON API failed (HTTP 503).') });
    const second = await checkPayment(deps(store, failing).deps, 'p1', { origin: 'admin' });
    expect(second.check).toEqual(first.check);
    expect(second.payment.chainCheck?.status).toBe('match');
  });

  it('other failures are real errors: an unknown payment is 404, no TRON API 503, a bug throws', async () => {
    await expect(checkPayment(deps(new MemoryStore(), null).deps, 'nope', { origin: 'admin' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const store = new MemoryStore(payment({ _id: 'p1', transactionId: TXID_60 }));
    await expect(checkPayment(deps(store, null).deps, 'p1', { origin: 'admin' })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    const broken = fakeTron({ [TXID_60]: new TypeError('bug') });
    await expect(checkPayment(deps(store, broken).deps, 'p1', { origin: 'admin' })).rejects.toBeInstanceOf(TypeError);
  });

  it('passes the caller’s budget to the adapter', async () => {
    const store = new MemoryStore(payment({ _id: 'p1', transactionId: TXID_60 }));
    const tron = { transactionInfo: vi.fn(async () => ({ kind: 'unknown' }) as const) };
    await checkPayment(deps(store, tron).deps, 'p1', { origin: 'admin', budgetMs: 8_000 });
    expect(tron.transactionInfo).toHaveBeenCalledWith(TXID_60, { budgetMs: 8_000 });
  });
});

/** A fixture's receipt with its USDT transfer carrying `usdt` instead (6 decimals). */
function paying(name: string, usdt: string): TronLookup {
  const lookup = found(name);
  if (lookup.kind !== 'found') throw new Error('expected a receipt');
  const units = BigInt(Math.round(Number(usdt) * 1_000_000));
  const log = (lookup.info.log ?? []).map((entry) => ({ ...entry, data: units.toString(16).padStart(64, '0') }));
  return { kind: 'found', info: { ...lookup.info, log } };
}

describe('payments of an order: the chain binds the transfer, the check reports where it went', () => {
  const ORDER_CREATED = new Date(NOW.getTime() - 30 * 60_000).toISOString();
  const ORDER_EXPIRES = new Date(NOW.getTime() + 90 * 60_000).toISOString();
  const orderPayment = (overrides: Partial<PaymentRecord> = {}) =>
    payment({
      _id: 'p1',
      userId: 'buyer-1',
      transactionId: TXID_60,
      amount: 60,
      orderId: 'ORD1',
      orderAmount: 60.37,
      orderCreatedAt: ORDER_CREATED,
      orderExpiresAt: ORDER_EXPIRES,
      ...overrides,
    });
  /** The chain binds the transfer to `orderId`'s payment `paymentId` (a binding completes its own claim with a Match). */
  const bindsTo = (store: MemoryStore, orderId: string, paymentId: string) => async (transfer: TransferRecord) => {
    store.transfers.set(transfer.txid, {
      ...transfer,
      state: 'bound',
      binding: { orderId, paymentId, userId: 'someone', boundAt: NOW.toISOString(), source: 'txid-check' },
    });
    const claim = store.payments.get(paymentId);
    if (claim) store.payments.set(paymentId, { ...claim, chainCheck: { ...emptyMatch(transfer) } });
    return { kind: 'bound', orderId, paymentId, created: false, autoApproved: false, ambiguous: false } as const;
  };
  const emptyMatch = (transfer: TransferRecord): ChainCheck => ({
    status: 'match',
    checkedAt: NOW.toISOString(),
    confirmedAt: new Date(transfer.blockTime).toISOString(),
    from: transfer.from,
    to: transfer.wallet,
    amount: '60.37',
    blockNumber: transfer.blockNumber,
    reasons: [],
  });

  it("records the transfer the receipt shows and lets the chain bind it: this payment's claim completed is a Match", async () => {
    const store = new MemoryStore(orderPayment());
    const { deps: d } = deps(store, fakeTron({ [TXID_60]: paying('usdt-60-basic', '60.37') }), {
      settle: bindsTo(store, 'ORD1', 'p1'),
    });
    const result = await checkPayment(d, 'p1', { origin: 'submission' });
    expect(result.check).toMatchObject({ status: 'match', amount: '60.37', reasons: [] });
    expect(store.transfers.get(TXID_60)).toMatchObject({ state: 'bound', units: '60370000', source: 'txid-check' });
    // The binding wrote the verdict; the check does not write over it.
    expect(store.saves).toEqual([]);
  });

  it("a transfer the chain binds to another order is 'pays another order', never auto-approved", async () => {
    const store = new MemoryStore(orderPayment());
    store.autoApprove = true;
    const { deps: d, approvals } = deps(store, fakeTron({ [TXID_60]: paying('usdt-60-basic', '60.52') }), {
      settle: bindsTo(store, 'ORD-victim', 'p-victim'),
    });
    const result = await checkPayment(d, 'p1', { origin: 'submission' });
    expect(result.check).toMatchObject({
      status: 'mismatch',
      reasons: [CHAIN_CHECK_REASONS.paysAnotherOrder('60.52')],
    });
    expect(approvals).toEqual([]);
    // Settled once: a second check finds it bound and does not bind it again.
    let settled = 0;
    const again = await checkPayment(
      { ...d, settle: async () => ((settled += 1), { kind: 'already', state: 'bound' }) },
      'p1',
      { origin: 'admin' },
    );
    expect(settled).toBe(0);
    expect(again.check.reasons).toEqual([CHAIN_CHECK_REASONS.paysAnotherOrder('60.52')]);
  });

  it('the bare price, or more than the amount, is a mismatch for an order, and nothing binds it here', async () => {
    for (const [usdt, shown] of [
      ['60', '60'],
      ['1000', '1000'],
      ['60.38', '60.38'],
    ] as const) {
      const store = new MemoryStore(orderPayment());
      store.autoApprove = true;
      const { deps: d, approvals } = deps(store, fakeTron({ [TXID_60]: paying('usdt-60-basic', usdt) }));
      const result = await checkPayment(d, 'p1', { origin: 'submission' });
      expect(result.check.status, usdt).toBe('mismatch');
      expect(result.check.reasons).toEqual([CHAIN_CHECK_REASONS.notOrderAmount(shown, '60.37')]);
      expect(store.transfers.get(TXID_60)?.state).toBe('unmatched');
      expect(approvals).toEqual([]);
    }
  });

  it("a transfer outside the order's lifetime is a mismatch that says so (the replay of an old transfer)", () => {
    const old = found('usdt-60-basic', Date.parse(ORDER_CREATED) - 3 * 60_000);
    const judged = judge(orderPayment({ amount: 60, orderAmount: 60 }), old);
    expect(judged.status).toBe('mismatch');
    expect(judged.reasons[0]).toContain("outside this payment order's time");
    // Within the clock-skew allowance before the order, and within the grace after it, it is in time.
    const skewed = found('usdt-60-basic', Date.parse(ORDER_CREATED) - 60_000);
    expect(judge(orderPayment({ orderAmount: 60 }), skewed).status).toBe('match');
  });

  it("flags a sender that paid other customers' orders, without recording a payer for a claim", async () => {
    const store = new MemoryStore(orderPayment());
    const tron = fakeTron({ [TXID_60]: paying('usdt-60-basic', '60.37') });
    const first = await checkPayment(deps(store, tron).deps, 'p1', { origin: 'submission' });
    expect(first.check.payerPaidOthers).toBe(false);
    store.payersOfOthers.add(first.check.from ?? '');
    store.payments.set('p1', orderPayment());
    const second = await checkPayment(deps(store, tron).deps, 'p1', { origin: 'admin' });
    expect(second.check.payerPaidOthers).toBe(true);
  });
});

describe('automatic approval of a match (autoApproveOnMatch)', () => {
  const setup = (autoApprove: boolean, lookup = found('usdt-60-basic')) => {
    const store = new MemoryStore(payment({ _id: 'p1', transactionId: TXID_60, amount: 60 }));
    store.autoApprove = autoApprove;
    return { store, ...deps(store, fakeTron({ [TXID_60]: lookup })) };
  };

  it('off (the default): a match stays pending for the admin', async () => {
    const { deps: d, approvals } = setup(false);
    const result = await checkPayment(d, 'p1', { origin: 'submission' });
    expect(result).toMatchObject({ autoApproved: false, payment: { status: 'pending' } });
    expect(approvals).toEqual([]);
  });

  it('on: a match is approved by the system, and the answer is the approved payment with its verdict', async () => {
    const { deps: d, approvals } = setup(true);
    const result = await checkPayment(d, 'p1', { origin: 'submission' });
    expect(approvals).toEqual(['p1']);
    expect(result).toMatchObject({
      autoApproved: true,
      payment: { status: 'completed', chainCheck: { status: 'match' } },
    });
  });

  it('on: anything but a match is never approved', async () => {
    for (const lookup of [found('usdt-20-short'), found('trx-transfer'), { kind: 'unknown' } as const]) {
      const { deps: d, approvals } = setup(true, lookup);
      expect((await checkPayment(d, 'p1', { origin: 'recheck' })).autoApproved).toBe(false);
      expect(approvals).toEqual([]);
    }
  });

  it('on: a payment decided meanwhile is left as the admin decided it', async () => {
    const { store, deps: d } = setup(true);
    const refused = {
      ...d,
      autoApprove: async () => Promise.reject(new ConflictError(REVIEW_MESSAGES.rejectedByOther)),
    };
    const result = await checkPayment(refused, 'p1', { origin: 'recheck' });
    expect(result).toMatchObject({
      autoApproved: false,
      payment: { status: 'pending', chainCheck: { status: 'match' } },
    });
    expect(store.payments.get('p1')?.chainCheck?.status).toBe('match');
  });

  it('on: a payment no longer pending is not approved again', async () => {
    const { store, deps: d, approvals } = setup(true);
    const current = store.payments.get('p1');
    if (current) store.payments.set('p1', { ...current, status: 'rejected' });
    await checkPayment(d, 'p1', { origin: 'admin' });
    expect(approvals).toEqual([]);
  });
});

describe('recheckPayments (job-chain-recheck)', () => {
  const txids = [...fixtures.values()].map((f) => f.txid);
  const unknownTxid = 'f'.repeat(64);

  it('asks again about the last 24 hours’ unanswered payments, and stops once the chain answered', async () => {
    const young = payment({ _id: 'young', transactionId: TXID_60, amount: 60 });
    const waiting = payment({ _id: 'waiting', transactionId: unknownTxid });
    const dayOld = payment({
      _id: 'day-old',
      transactionId: txids[0] ?? '',
      createdAt: new Date(NOW.getTime() - 25 * 3_600_000).toISOString(),
    });
    const store = new MemoryStore(young, waiting, dayOld);
    const tron = fakeTron({ [TXID_60]: found('usdt-60-basic') });
    const d = deps(store, tron).deps;
    const run = { now: NOW, remainingMs: () => 60_000, onFailure: vi.fn() };

    const first = await recheckPayments(d, run);
    expect(store.pages).toEqual([new Date(NOW.getTime() - 24 * 3_600_000).toISOString()]);
    expect(first).toMatchObject({ processed: 2, failed: 0, complete: true, outcomes: { match: 1, pending: 1 } });
    expect(tron.asked.sort()).toEqual([TXID_60, unknownTxid].sort());

    // The match is final: the next run asks only about the one the chain has not answered (once
    // its back-off has passed: 5 minutes after its last look-up).
    tron.asked.length = 0;
    expect((await recheckPayments(d, run)).outcomes).toEqual({ skipped: 1 });
    const later = new Date(NOW.getTime() + 5 * 60_000);
    const second = await recheckPayments(deps(store, tron, { now: () => later }).deps, { ...run, now: later });
    expect(second).toMatchObject({ processed: 1, outcomes: { pending: 1 } });
    expect(tron.asked).toEqual([unknownTxid]);
    expect(store.payments.get('day-old')?.chainCheck).toBeUndefined();
  });

  it('after 24 hours nothing is asked again', async () => {
    const store = new MemoryStore(payment({ _id: 'waiting', transactionId: unknownTxid }));
    const tron = fakeTron({});
    const later = new Date(NOW.getTime() + 24 * 3_600_000);
    const d = deps(store, tron, { now: () => later }).deps;
    const result = await recheckPayments(d, { now: later, remainingMs: () => 60_000, onFailure: vi.fn() });
    expect(result.processed).toBe(0);
    expect(tron.asked).toEqual([]);
  });

  it('counts automatic approvals and keeps going past a failed item', async () => {
    const a = payment({ _id: 'a', transactionId: TXID_60, amount: 60 });
    const b = payment({
      _id: 'b',
      transactionId: unknownTxid,
      createdAt: new Date(NOW.getTime() - 60_000).toISOString(),
    });
    const store = new MemoryStore(a, b);
    store.autoApprove = true;
    const original = store.saveChainCheck.bind(store);
    store.saveChainCheck = async (id, check) => {
      if (id === 'b') throw new Error('ProvisionedThroughputExceeded');
      return original(id, check);
    };
    const onFailure = vi.fn();
    const result = await recheckPayments(deps(store, fakeTron({ [TXID_60]: found('usdt-60-basic') })).deps, {
      now: NOW,
      remainingMs: () => 60_000,
      onFailure,
    });
    expect(result).toMatchObject({ processed: 2, failed: 1, outcomes: { autoApproved: 1 } });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
