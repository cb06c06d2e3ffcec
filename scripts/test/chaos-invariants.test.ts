import { describe, expect, it } from 'vitest';
import { answerProblem, isRetryable, retryDelayMs, type Answer } from '../chaos/answers.js';
import { checkInvariants, type Item, type SentMail } from '../chaos/invariants.js';

/**
 * The chaos run's checker on hand-made tables: a consistent table passes every invariant, and each
 * kind of damage a fault could leave (a balance moved twice, a withdrawal settled twice, a second
 * subscription, a Basic month overlapping, a TXID or an order paid twice, an aggregate off, a
 * mail dropped) is named by the invariant that guards against it.
 */
const NOW = new Date('2026-11-23T12:00:00.000Z');
const AT = '2026-11-23T10:00:00.000Z';
const BUYER = 'buyer-1';
const REFERRER = 'ref-1';

const profile = (userId: string, extra: Item = {}): Item => ({
  PK: `USER#${userId}`,
  SK: 'PROFILE',
  GSI1PK: 'USERS',
  isActive: true,
  pendingPayments: 0,
  ...extra,
});
const payment = (id: string, extra: Item = {}): Item => ({
  PK: `PAYMENT#${id}`,
  SK: `PAYMENT#${id}`,
  _id: id,
  userId: BUYER,
  email: 'buyer@example.com',
  packageSlug: 'basic',
  packageName: 'Basic Package',
  amount: 50,
  status: 'completed',
  approvedAt: AT,
  txidNormalized: `tx-${id}`,
  subscriptionId: `sub-${id}`,
  orderId: `ord-${id}`,
  createdAt: AT,
  ...extra,
});
const subscription = (id: string, extra: Item = {}): Item => ({
  PK: `USER#${BUYER}`,
  SK: `SUB#${id}`,
  _id: id,
  userId: BUYER,
  email: 'buyer@example.com',
  packageSlug: 'basic',
  status: 'active',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  paymentId: id.replace('sub-', ''),
  createdAt: AT,
  ...extra,
});
const ledger = (userId: string, id: string, type: string, amount: number, extra: Item = {}): Item => ({
  PK: `USER#${userId}`,
  SK: `LEDGER#${id}`,
  type,
  amount,
  ...extra,
});
const stat = (pk: string, sk: string, values: Item): Item => ({ PK: pk, SK: sk, ...values });
const mail = (to: string, subject: string): SentMail => ({ destination: { to: [to] }, subject });

/** One Basic bought with a code and approved, the referrer credited $2 and paid out $0: consistent. */
function consistentTable(): { items: Item[]; mails: SentMail[] } {
  const items = [
    profile(BUYER, { basicPaidThrough: '2026-12-31' }),
    profile(REFERRER, { referralEarnings: 2, referralLifetime: 2, referralHeld: 0, referralPaidOut: 0 }),
    ledger(REFERRER, 'L1', 'credit', 2, { sourceType: 'payment', sourceId: 'P1' }),
    payment('P1'),
    subscription('sub-P1'),
    { PK: 'TXID#tx-P1', SK: 'TXID', paymentId: 'P1' },
    stat('STATS#PAYMENTS', 'TOTAL', { pendingCount: 0, pendingAmount: 0, completedCount: 1, completedAmount: 50 }),
    stat('STATS#PAYMENTS', 'DAY#2026-11-23', { completedCount: 1, completedAmount: 50 }),
    stat('STATS#PAYMENTS', 'MONTH#2026-11', { completedCount: 1, completedAmount: 50 }),
    stat('STATS#PAYMENTS', 'YEAR#2026', { completedCount: 1, completedAmount: 50 }),
    stat('STATS#PAYMENTS', 'PACKAGE#basic', { completedCount: 1, completedAmount: 50 }),
    stat('STATS#PAYMENTS', 'PKGMONTH#2026-11#basic', { completedCount: 1, completedAmount: 50 }),
    stat('STATS#SUBSCRIPTIONS', 'MONTH#2026-11', { total: 1, basicPackages: 1, active: 1 }),
    stat('STATS#USERS', 'TOTAL', { total: 2, active: 2 }),
  ];
  const mails = [
    mail('buyer@example.com', 'GoldBot: payment received for your Basic Package'),
    mail('buyer@example.com', 'GoldBot: your Basic Package payment is verified'),
  ];
  return { items, mails };
}

const failing = (items: Item[], mails: SentMail[]) =>
  Object.fromEntries(
    checkInvariants({ items, mails, now: NOW })
      .filter((r) => r.violations.length > 0)
      .map((r) => [r.name, r.violations]),
  );

const replace = (items: Item[], pk: string, sk: string, change: Item) =>
  items.map((item) => (item.PK === pk && item.SK === sk ? { ...item, ...change } : item));

describe('the chaos invariants', () => {
  it('hold on a consistent table, and say what they checked', () => {
    const { items, mails } = consistentTable();
    const results = checkInvariants({ items, mails, now: NOW });
    expect(results.flatMap((r) => r.violations)).toEqual([]);
    expect(results.map((r) => r.checked)).toContain('1 ledgers, 0 off');
  });

  it('find a referral credit moved twice, and a balance that went negative', () => {
    const { items, mails } = consistentTable();
    const twice = replace(items, `USER#${REFERRER}`, 'PROFILE', { referralEarnings: 4, referralLifetime: 4 });
    expect(Object.keys(failing(twice, mails))).toEqual(['referral ledgers balance, none negative']);
    const negative = replace(items, `USER#${REFERRER}`, 'PROFILE', { referralEarnings: -2, referralHeld: 4 });
    expect(failing(negative, mails)['referral ledgers balance, none negative']?.join()).toContain('negative');
  });

  it('find a withdrawal settled twice, and payouts above earnings', () => {
    const { items, mails } = consistentTable();
    const settledTwice = [
      ...replace(items, `USER#${REFERRER}`, 'PROFILE', { referralEarnings: 0, referralPaidOut: 4 }),
      { PK: 'WITHDRAWAL#W1', SK: 'WITHDRAWAL#W1', _id: 'W1', userId: REFERRER, status: 'approved', amount: 2 },
      ledger(REFERRER, 'L2', 'hold', 2, { sourceType: 'withdrawal', sourceId: 'W1' }),
      ledger(REFERRER, 'L3', 'settle', 2, { sourceType: 'withdrawal', sourceId: 'W1' }),
      ledger(REFERRER, 'L4', 'settle', 2, { sourceType: 'withdrawal', sourceId: 'W1' }),
    ];
    const found = failing(settledTwice, mails)['a withdrawal settles at most once, payouts never above earnings'];
    expect(found).toEqual(
      expect.arrayContaining([
        'withdrawal W1 (approved): 2 settle entries, expected 1',
        `user ${REFERRER}: paid out 4 of 2 earned`,
      ]),
    );
  });

  it('find a payment that activated two periods', () => {
    const { items, mails } = consistentTable();
    const twice = [
      ...items,
      subscription('sub-P1b', { paymentId: 'P1', startDate: '2027-01-01', endDate: '2027-01-31' }),
    ];
    expect(failing(twice, mails)['a payment activates at most one period, each completed payment exactly one']).toEqual(
      ['payment P1 (completed) has 2 subscriptions'],
    );
  });

  it('find package dates off the rules: a Basic that is not the month after approval', () => {
    const { items, mails } = consistentTable();
    const late = replace(items, `USER#${BUYER}`, 'SUB#sub-P1', { startDate: '2026-11-23', endDate: '2026-12-23' });
    expect(failing(late, mails)['package dates follow the extension rules']?.join()).toContain(
      'not one calendar month',
    );
  });

  it('find a TXID that completed two payments, an order with two payments and an amount held twice', () => {
    const { items, mails } = consistentTable();
    const damaged = [
      ...items,
      payment('P2', { status: 'pending', txidNormalized: 'tx-P1', orderId: 'ord-P1' }),
      { ...payment('P3'), txidNormalized: 'tx-P1', orderId: 'ord-P3' },
      { PK: 'ORDER#O1', SK: 'ORDER', orderId: 'O1', amountCents: 6037, expiresAt: NOW.getTime() / 1000 + 60 },
      { PK: 'ORDER#O2', SK: 'ORDER', orderId: 'O2', amountCents: 6037, expiresAt: NOW.getTime() / 1000 + 60 },
    ];
    const found = failing(damaged, mails)[
      'a TXID one payment, a transfer one order, an order one payment, an amount one open order'
    ];
    expect(found).toEqual(
      expect.arrayContaining([
        'TXID tx-P1 completed 2 payments',
        expect.stringContaining('order ord-P1 has 2 payments'),
        '2 open orders hold 60.37 USDT',
      ]),
    );
  });

  it('find an aggregate that moved twice', () => {
    const { items, mails } = consistentTable();
    const twice = replace(items, 'STATS#PAYMENTS', 'TOTAL', { completedCount: 2, completedAmount: 100 });
    expect(failing(twice, mails)['maintained aggregates equal a recount']).toEqual([
      'STATS#PAYMENTS/TOTAL completedCount is 2, a recount gives 1',
      'STATS#PAYMENTS/TOTAL completedAmount is 100, a recount gives 50',
    ]);
  });

  it('find a promised mail neither sent nor kept, and accept one the outbox kept as failed', () => {
    const { items, mails } = consistentTable();
    const dropped = mails.slice(0, 1);
    expect(failing(items, dropped)['every promised mail was sent or kept by the outbox']).toEqual([
      '1 "GoldBot: your Basic Package payment is verified" promised to buyer@example.com, 0 sent, 0 kept',
    ]);
    const kept = [
      ...items,
      {
        PK: 'MAILOUT#m1',
        SK: 'MAILOUT',
        entity: 'OutboxMail',
        status: 'failed',
        type: 'basicPackagePaymentVerified',
        entityId: 'P1',
      },
    ];
    expect(failing(kept, dropped)).toEqual({});
  });
});

describe('the answers a person may get', () => {
  const answer = (status: number, extra: Partial<Answer> = {}): Answer => ({
    label: 'op',
    status,
    ms: 100,
    retryAfter: null,
    message: '',
    body: {},
    ...extra,
  });

  it('are a 2xx, a 4xx with a message, or a 503 with Retry-After and a message, within 10 s', () => {
    expect(answerProblem(answer(200))).toBeNull();
    expect(answerProblem(answer(409, { message: 'Please try again.' }))).toBeNull();
    expect(answerProblem(answer(503, { message: 'Try again shortly.', retryAfter: '3' }))).toBeNull();
    expect(answerProblem(answer(400))).toBe('400 without a message');
    expect(answerProblem(answer(503, { message: 'Busy' }))).toBe('503 without Retry-After');
    expect(answerProblem(answer(500, { message: 'Something went wrong on our side' }))).toBe(
      '500 "Something went wrong on our side"',
    );
    expect(answerProblem(answer(0, { message: 'no answer: socket hang up' }))).toContain('0');
    expect(answerProblem(answer(200, { ms: 10_001 }))).toBe('took 10.0 s (the budget is 10 s)');
  });

  it('are asked again when they say to, after Retry-After shortened to the run’s cap', () => {
    expect(isRetryable(answer(503, { retryAfter: '3', message: 'x' }))).toBe(true);
    expect(isRetryable(answer(409, { message: 'Another request changed this. Please try again.' }))).toBe(true);
    expect(isRetryable(answer(409, { message: 'This TXID was already used.' }))).toBe(false);
    expect(retryDelayMs(answer(503, { retryAfter: '3' }), 300)).toBe(300);
    expect(retryDelayMs(answer(503, { retryAfter: '0.1' }), 300)).toBe(100);
  });
});
