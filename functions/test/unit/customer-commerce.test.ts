import { describe, expect, it, vi } from 'vitest';
import { ORDER, PAYMENT_MESSAGES, SETTINGS_MESSAGES, type SubmitUsdtPaymentInput } from '@goldbot/shared';
import type { OrderRecord } from '../../src/domain/records/order-record.js';
import { allNewWorkMailOn, type SubscriptionSettings } from '../../src/domain/records/settings-record.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import {
  activeSubscription,
  createFreeTrial,
  listSubscriptions,
  packageStatus,
  publicSubscriptionSettings,
  submitUsdtPayment,
  verifyReferral,
  walletDetails,
  type CommerceDeps,
} from '../../src/domain/commerce/customer-commerce.js';
import type {
  CustomerCommerceStore,
  FreeTrialCommit,
  PurchaseCommit,
} from '../../src/domain/commerce/customer-stores.js';
import type { PurchasePlan, PurchaseSnapshot } from '../../src/domain/commerce/purchase.js';
import { bindingPolicy } from '../../src/domain/commerce/transfers.js';
import { renderEmail } from '../../src/domain/email/render.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate, type RenderedEmail } from '../../src/domain/email/templates.js';
import { DomainError } from '../../src/domain/errors.js';
import type { Logger } from '../../src/kit/logger.js';
import { BUYER_PROFILE, pendingPurchaseView, txidMarker } from '../helpers/customer-commerce-samples.js';

/** The use cases against an in-memory store and mailer: statuses, replays, mails, and what reaches the store. */
const NOW = new Date('2026-11-23T10:15:00.000Z');
const BUYER = BUYER_PROFILE;
const COPY_TRADING_LINK = 'https://broker.example/copy/goldbot?ref=gold&x=1';
const WALLET = { walletId: 'w1', address: 'TWalletAddress', network: 'TRC20', currency: 'USDT' };

/** The buyer's open Pro order (orders.test.ts covers how one is made). */
const PRO_ORDER: OrderRecord = {
  orderId: 'ORD1',
  userId: 'buyer-1',
  packageSlug: 'pro',
  packageName: 'Pro Package',
  originalAmountCents: 25_000,
  priceCents: 25_000,
  amountCents: 25_037,
  referralCode: null,
  createdAt: NOW.toISOString(),
  expiresAt: NOW.getTime() / 1000 + 3600,
};
const notUsedHere = async (): Promise<never> => {
  throw new Error('orders are opened in orders.test.ts');
};

function fakeStore(overrides: Partial<PurchaseSnapshot> = {}) {
  const snapshot: PurchaseSnapshot = {
    profile: BUYER,
    catalogPriceUsd: 250,
    catalogOnSale: true,
    basicPackageEnabled: true,
    wallet: WALLET,
    referral: null,
    order: PRO_ORDER,
    txidMarker: null,
    transfer: null,
    namedOrder: null,
    template: {
      subject: 'Pending {{packageName}}',
      html: '<p>Hi {{username}}, {{amount}} USDT received, see {{dashboardLink}}</p>',
    },
    ...overrides,
  };
  const state = {
    snapshot,
    settings: {
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: allNewWorkMailOn(),
    } as SubscriptionSettings,
    subscriptions: [] as SubscriptionRecord[],
    commits: [] as PurchasePlan[],
    purchaseResult: { kind: 'committed' } as PurchaseCommit,
    freeTrialResult: { kind: 'committed' } as FreeTrialCommit,
    freeTrials: [] as SubscriptionRecord[],
    freeTrialOnSale: true,
    copyTradingLink: COPY_TRADING_LINK as string | null,
    freeTrialLinks: [] as string[],
    reads: [] as unknown[],
  };
  const store: CustomerCommerceStore = {
    readPackageStatus: async () => ({ profile: state.snapshot.profile, settings: state.settings }),
    readSettings: async () => state.settings,
    readActiveWallet: async () => state.snapshot.wallet,
    readReferralMarker: async (code) =>
      code === 'RICK2026'
        ? { code, userId: 'rick-1', username: 'ref_rick' }
        : code === 'JANE2026'
          ? { code, userId: BUYER._id, username: 'jane_doe' }
          : null,
    readPurchase: async (request) => {
      state.reads.push(request);
      return state.snapshot;
    },
    readSubscription: async (_userId, id) => state.subscriptions.find((s) => s._id === id) ?? null,
    readPaymentSubscription: async (paymentId) => state.subscriptions.find((s) => s.paymentId === paymentId) ?? null,
    commitPurchase: async (plan) => {
      state.commits.push(plan);
      return state.purchaseResult;
    },
    listSubscriptions: async () => state.subscriptions,
    readFreeTrial: async (_userId, type) => ({
      profile: state.snapshot.profile,
      template: DEFAULT_EMAIL_TEMPLATES[type],
      onSale: state.freeTrialOnSale,
      copyTradingLink: state.copyTradingLink,
    }),
    readOrderContext: notUsedHere,
    readAmountHolds: notUsedHere,
    commitOrder: notUsedHere,
    notePoolLow: notUsedHere,
    commitFreeTrial: async (sub, link) => {
      state.freeTrials.push(sub);
      state.freeTrialLinks.push(link);
      return state.freeTrialResult;
    },
  };
  return { store, state };
}

function setup(overrides: Partial<PurchaseSnapshot> = {}) {
  const { store, state } = fakeStore(overrides);
  const sent: { to: string; email: RenderedEmail }[] = [];
  // Rendered as the real mailer renders them (render.ts), so the tests read what the customer gets.
  const mailer = {
    send: vi.fn(async (to: string, template: EmailTemplate, values: Record<string, string | number>) => {
      sent.push({ to, email: renderEmail(template, values) });
    }),
  };
  let id = 0;
  // One fake for every store: the read use cases and the purchase ones share its state.
  const deps: CommerceDeps & { store: CustomerCommerceStore } = {
    store,
    mailer,
    now: () => NOW,
    newId: () => `ID${(id += 1)}`,
    dashboardLink: 'https://goldbot.example/dashboard',
    bindingPolicy: bindingPolicy(ORDER.openMinutes, ORDER.graceMinutes),
    onMailFailure: vi.fn(),
  };
  const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn(), debug: vi.fn(), child: vi.fn() } as unknown as Logger & {
    error: ReturnType<typeof vi.fn>;
  };
  return { deps, state, sent, mailer, log };
}

const PRO: SubmitUsdtPaymentInput = {
  orderId: 'ORD1',
  packageName: 'Pro Package',
  txid: 'ABCDEF0123456789',
  amount: 250.37,
  referralCode: null,
};
const marker = txidMarker;
const pendingRow = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  _id: 'SUB0',
  userId: BUYER._id,
  username: BUYER.username,
  email: BUYER.email,
  packageSlug: 'pro',
  packageName: 'Pro Package',
  status: 'pending',
  startDate: null,
  endDate: null,
  paymentMethod: 'usdt',
  paymentId: 'PAY0',
  isExtension: false,
  notificationSent: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof DomainError) return error.statusCode;
    throw error;
  }
}

describe('reads', () => {
  it('package status: Basic paid through today or later, and the settings', async () => {
    const { deps, state } = setup();
    expect(await packageStatus(deps, BUYER._id)).toEqual({
      success: true,
      hasActiveBasicPackage: false,
      isBasicPackageEnabled: true,
      isFreeTrialAvailable: false,
      copyTradingLink: null,
    });
    state.snapshot.profile = { ...BUYER, basicPaidThrough: '2026-11-23' };
    state.settings = {
      basicPackageEnabled: false,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: allNewWorkMailOn(),
    };
    expect(await packageStatus(deps, BUYER._id)).toEqual({
      success: true,
      hasActiveBasicPackage: true,
      isBasicPackageEnabled: false,
      isFreeTrialAvailable: false,
      copyTradingLink: null,
    });
  });

  it('package status: the free trial is available with a link, and the link is the caller’s while the trial runs', async () => {
    const { deps, state } = setup();
    state.settings = {
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: COPY_TRADING_LINK,
      newWorkMail: allNewWorkMailOn(),
    };
    expect(await packageStatus(deps, BUYER._id)).toMatchObject({ isFreeTrialAvailable: true, copyTradingLink: null });
    // Started on Oct 24: its 30 days end on Nov 23, today (the clock), ends included.
    state.snapshot.profile = { ...BUYER, freeTrialStartedAt: '2026-10-24T09:00:00.000Z' };
    expect(await packageStatus(deps, BUYER._id)).toMatchObject({ copyTradingLink: COPY_TRADING_LINK });
    state.snapshot.profile = { ...BUYER, freeTrialStartedAt: '2026-10-22T09:00:00.000Z' };
    expect(await packageStatus(deps, BUYER._id)).toMatchObject({ copyTradingLink: null });
  });

  it('public settings', async () => {
    const { deps } = setup();
    expect(await publicSubscriptionSettings(deps)).toEqual({ success: true, settings: { basicPackageEnabled: true } });
  });

  it('wallet details: the active wallet, or 503 with the message', async () => {
    const { deps, state } = setup();
    expect(await walletDetails(deps)).toEqual({ walletAddress: 'TWalletAddress', network: 'TRC20' });
    state.snapshot.wallet = null;
    await expect(walletDetails(deps)).rejects.toMatchObject({
      statusCode: 503,
      message: PAYMENT_MESSAGES.walletUnavailable,
    });
  });

  it('verify referral: valid, own, unknown', async () => {
    const { deps } = setup();
    expect(await verifyReferral(deps, { userId: BUYER._id, email: BUYER.email }, 'RICK2026')).toMatchObject({
      success: true,
      discount: 10,
    });
    expect(await verifyReferral(deps, { userId: BUYER._id, email: BUYER.email }, 'JANE2026')).toMatchObject({
      success: false,
      message: PAYMENT_MESSAGES.referralOwn,
    });
    expect(await verifyReferral(deps, { userId: BUYER._id, email: BUYER.email }, 'NOPE')).toMatchObject({
      success: false,
      message: PAYMENT_MESSAGES.referralInvalid,
    });
  });
});

describe('submitUsdtPayment', () => {
  it('reads the snapshot for the package’s pending template, commits the plan, answers 201 and mails', async () => {
    const { deps, state, sent, log } = setup();
    const result = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(state.reads).toEqual([
      {
        userId: BUYER._id,
        slug: 'pro',
        referralCode: null,
        txid: 'ABCDEF0123456789',
        orderId: PRO.orderId,
        templateType: 'proPackagePaymentPending',
      },
    ]);
    expect(state.commits).toHaveLength(1);
    expect(state.commits[0]?.payment).toMatchObject({
      _id: 'ID1',
      subscriptionId: 'ID2',
      amount: 250,
      orderId: 'ORD1',
      orderAmount: 250.37,
      status: 'pending',
    });
    expect(result).toEqual({
      status: 201,
      body: {
        message: 'Payment submitted successfully! Your Pro Package will be activated within 2 hours.',
        pendingSubscription: pendingPurchaseView({
          _id: 'ID2',
          packageName: 'Pro Package',
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
          paymentId: 'ID1',
          amount: 250.37,
        }),
        // 'ABCDEF0123456789' is not a TRON transaction id: said, and the payment is saved all the same.
        txidWarning: PAYMENT_MESSAGES.txidNotTron,
      },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('jane@example.com');
    expect(sent[0]?.email.subject).toBe('Pending Pro Package');
    // The mail states the order's exact amount (price plus its cents tag), what the buyer sent.
    expect(sent[0]?.email.html).toBe('<p>Hi jane_doe, 250.37 USDT received, see https://goldbot.example/dashboard</p>');
  });

  it('keeps the payment when the mail fails, and reports the failure by the payment', async () => {
    const { deps, mailer, log } = setup();
    const failure = new Error('SES is down');
    mailer.send.mockRejectedValueOnce(failure);
    const result = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(result.status).toBe(201);
    expect(deps.onMailFailure).toHaveBeenCalledWith(failure, 'ID1');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers a double click with the existing pending subscription, read back consistently (200, no write, no mail)', async () => {
    const { deps, state, sent, log } = setup({ txidMarker: marker() });
    state.subscriptions = [pendingRow()];
    const result = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(result.status).toBe(200);
    expect(result.body.pendingSubscription).toMatchObject({ _id: 'SUB0', status: 'pending' });
    expect(state.commits).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('reads again when the order is gone and no marker was seen: a repeat that raced the commit is answered 200', async () => {
    // The batch read caught the winning submission half-way: its order taken, its marker not yet there.
    const { deps, state, sent, log } = setup({ order: null });
    state.subscriptions = [pendingRow()];
    const afterCommit = { ...state.snapshot, order: null, txidMarker: marker() };
    const readPurchase = deps.store.readPurchase;
    deps.store.readPurchase = async (request) => {
      const first = await readPurchase(request);
      state.snapshot = afterCommit;
      return first;
    };
    const result = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(state.reads).toHaveLength(2);
    expect(result.status).toBe(200);
    expect(result.body.pendingSubscription).toMatchObject({ _id: 'SUB0', status: 'pending' });
    expect(state.commits).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('still answers 400 for a missing order after reading again, and reads once when the order is there', async () => {
    const { deps, state, log } = setup({ order: null });
    await expect(submitUsdtPayment(deps, BUYER._id, PRO, log)).rejects.toMatchObject({
      statusCode: 400,
      message: PAYMENT_MESSAGES.orderRequired,
    });
    expect(state.reads).toHaveLength(2);
    const present = setup();
    await submitUsdtPayment(present.deps, BUYER._id, PRO, log);
    expect(present.state.reads).toHaveLength(1);
  });

  it('answers 409 for a TXID another customer claimed before the chain showed it, saying the chain still pays the real payer', async () => {
    const { deps, state, log } = setup({ txidMarker: marker({ userId: 'other' }) });
    state.subscriptions = [pendingRow()];
    await expect(submitUsdtPayment(deps, BUYER._id, PRO, log)).rejects.toMatchObject({
      statusCode: 409,
      message: PAYMENT_MESSAGES.txidClaimedElsewhere,
    });
    expect(state.commits).toEqual([]);
  });

  it.each([
    [
      'the same TXID for another package',
      marker({ packageSlug: 'ultimate', packageName: 'Ultimate Package' }),
      [pendingRow()],
    ],
    ['a TXID whose purchase was rejected', marker(), [pendingRow({ status: 'rejected' })]],
    ['a TXID whose subscription is gone', marker(), []],
  ])('answers 409 for %s', async (_, existing, rows) => {
    const { deps, state, log } = setup({ txidMarker: existing });
    state.subscriptions = rows;
    await expect(submitUsdtPayment(deps, BUYER._id, PRO, log)).rejects.toMatchObject({
      statusCode: 409,
      message: PAYMENT_MESSAGES.txidUsed,
    });
    expect(state.commits).toEqual([]);
  });

  it('answers the same buyer repeating an approved purchase as a replay (200), its subscription as it is now', async () => {
    const { deps, state, log } = setup({ txidMarker: marker() });
    state.subscriptions = [pendingRow({ status: 'active', startDate: '2026-12-01', endDate: '2027-05-31' })];
    const replay = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(replay).toMatchObject({ status: 200, body: { pendingSubscription: { _id: 'SUB0', status: 'active' } } });
    expect(state.commits).toEqual([]);
  });

  it('answers a lost race by the same buyer as a replay from the marker, and anyone else’s with 409', async () => {
    const { deps, state, sent, log } = setup();
    state.purchaseResult = { kind: 'txid-taken', marker: marker() };
    const replay = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(replay).toMatchObject({ status: 200, body: { pendingSubscription: { _id: 'SUB0', status: 'pending' } } });
    expect(sent).toEqual([]);
    state.purchaseResult = { kind: 'txid-taken', marker: marker({ userId: 'other' }) };
    expect(await statusOf(submitUsdtPayment(deps, BUYER._id, PRO, log))).toBe(409);
    state.purchaseResult = { kind: 'txid-taken', marker: null };
    expect(await statusOf(submitUsdtPayment(deps, BUYER._id, PRO, log))).toBe(409);
  });

  it('reads back a purchase whose commit failed past the SDK retries: landed is 201 with the mail, else the error stands', async () => {
    const { deps, state, sent, log } = setup();
    const commit = deps.store.commitPurchase;
    deps.store.commitPurchase = async (plan) => {
      await commit(plan);
      // Applied; then the answer is lost, and the marker now names this payment.
      state.snapshot = { ...state.snapshot, txidMarker: marker({ paymentId: plan.payment._id }) };
      throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    };
    const result = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(result.status).toBe(201);
    expect(sent).toHaveLength(1);
    deps.store.commitPurchase = async () => {
      throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    };
    state.snapshot = { ...state.snapshot, txidMarker: null };
    await expect(submitUsdtPayment(deps, BUYER._id, PRO, log)).rejects.toThrow('throttled');
    expect(sent).toHaveLength(1);
  });

  it('takes its own transaction applied behind a timeout as committed: 201 and the pending mail, not a replay', async () => {
    // The SDK retried a TransactWriteItems whose first attempt was applied and then timed out:
    // the retry finds the TXID marker of this very payment (the plan's id ID1).
    const { deps, state, sent, log } = setup();
    state.purchaseResult = { kind: 'txid-taken', marker: marker({ paymentId: 'ID1', subscriptionId: 'ID2' }) };
    const result = await submitUsdtPayment(deps, BUYER._id, PRO, log);
    expect(result.status).toBe(201);
    expect(result.body.pendingSubscription).toMatchObject({ _id: 'ID2', status: 'pending' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.email.subject).toBe('Pending Pro Package');
  });

  it.each([
    ['profile', 403, 'Account is deactivated'],
    ['price', 409, 'The price of this package has just changed. Please reload the page and try again.'],
    ['basic-disabled', 409, PAYMENT_MESSAGES.basicUnavailable],
    ['not-on-sale', 409, SETTINGS_MESSAGES.packageUnavailable('Pro Package')],
    ['referral-invalid', 400, PAYMENT_MESSAGES.referralInvalid],
    ['referral-own', 400, PAYMENT_MESSAGES.referralOwn],
    ['busy', 409, 'Many payments are being submitted right now. Please try again in a moment.'],
  ] as const)('maps a transaction refused on %s to %i', async (reason, status, message) => {
    const { deps, state, sent, log } = setup();
    state.purchaseResult = { kind: 'refused', reason };
    await expect(submitUsdtPayment(deps, BUYER._id, PRO, log)).rejects.toMatchObject({ statusCode: status, message });
    expect(sent).toEqual([]);
  });

  it('refuses by the rules before writing anything', async () => {
    const { deps, state, log } = setup({ wallet: null });
    expect(await statusOf(submitUsdtPayment(deps, BUYER._id, PRO, log))).toBe(503);
    const withWallet = setup();
    expect(await statusOf(submitUsdtPayment(withWallet.deps, BUYER._id, { ...PRO, amount: 240 }, log))).toBe(400);
    // A customer with 3 payments waiting: refused before anything is written.
    const busy = setup({ profile: { ...BUYER, pendingPayments: 3 } });
    await expect(submitUsdtPayment(busy.deps, BUYER._id, PRO, log)).rejects.toMatchObject({
      statusCode: 409,
      message: PAYMENT_MESSAGES.tooManyPending,
    });
    expect(withWallet.state.commits).toEqual([]);
    expect(busy.state.commits).toEqual([]);
    expect(state.commits).toEqual([]);
  });
});

describe('createFreeTrial', () => {
  it('commits an active 30-day subscription, mails freeTrialActivated and answers the spec’s message', async () => {
    const { deps, state, sent, log } = setup();
    const result = await createFreeTrial(deps, BUYER._id, log);
    expect(result).toEqual({
      message: 'Free trial activated! You now have 30 days of access.',
      subscription: expect.objectContaining({
        _id: 'ID1',
        packageName: 'Free Trial',
        status: 'active',
        startDate: '2026-11-23',
        endDate: '2026-12-23',
        paymentMethod: 'free',
      }),
    });
    expect(state.freeTrials).toHaveLength(1);
    expect(state.freeTrialLinks).toEqual([COPY_TRADING_LINK]);
    expect(sent[0]?.email.subject).toBe('GoldBot: free trial activated');
    expect(sent[0]?.email.text).toContain('Nov 23, 2026');
    expect(sent[0]?.email.text).toContain('Dec 23, 2026');
    // The main button opens the copy-trading link (HTML-escaped in the attribute), the text part has it too.
    expect(sent[0]?.email.html).toContain('>Open Copy Trading</a>');
    expect(sent[0]?.email.html).toContain('href="https://broker.example/copy/goldbot?ref&#x3D;gold&amp;x&#x3D;1"');
    expect(sent[0]?.email.text).toContain(COPY_TRADING_LINK);
  });

  it('answers 409 with the sentence while no copy-trading link is set, read before or gone in the transaction', async () => {
    const { deps, state, sent, log } = setup();
    state.copyTradingLink = null;
    await expect(createFreeTrial(deps, BUYER._id, log)).rejects.toMatchObject({
      statusCode: 409,
      message: 'The free trial is not available right now. Please try again later.',
    });
    expect(state.freeTrials).toEqual([]);
    state.copyTradingLink = COPY_TRADING_LINK;
    state.freeTrialResult = { kind: 'refused', reason: 'no-link' };
    await expect(createFreeTrial(deps, BUYER._id, log)).rejects.toMatchObject({
      statusCode: 409,
      message: PAYMENT_MESSAGES.freeTrialUnavailable,
    });
    expect(sent).toEqual([]);
  });

  it('answers 409 when the profile or the transaction says it was used, 403 when deactivated', async () => {
    const { deps, state, sent, log } = setup();
    state.freeTrialResult = { kind: 'refused', reason: 'used' };
    await expect(createFreeTrial(deps, BUYER._id, log)).rejects.toMatchObject({
      statusCode: 409,
      message: PAYMENT_MESSAGES.freeTrialUsed,
    });
    state.freeTrialResult = { kind: 'refused', reason: 'profile' };
    expect(await statusOf(createFreeTrial(deps, BUYER._id, log))).toBe(403);
    state.snapshot.profile = { ...BUYER, freeTrialStartedAt: '2026-01-01T00:00:00.000Z' };
    expect(await statusOf(createFreeTrial(deps, BUYER._id, log))).toBe(409);
    state.snapshot.profile = null;
    expect(await statusOf(createFreeTrial(deps, BUYER._id, log))).toBe(401);
    expect(sent).toEqual([]);
  });
  it('answers 409 with the reason while the trial is off sale, read before or found in the transaction', async () => {
    const unavailable = SETTINGS_MESSAGES.packageUnavailable('Free Trial');
    const { deps, state, sent, log } = setup();
    state.freeTrialOnSale = false;
    await expect(createFreeTrial(deps, BUYER._id, log)).rejects.toMatchObject({
      statusCode: 409,
      message: unavailable,
    });
    expect(state.freeTrials).toEqual([]);
    state.freeTrialOnSale = true;
    state.freeTrialResult = { kind: 'refused', reason: 'not-on-sale' };
    await expect(createFreeTrial(deps, BUYER._id, log)).rejects.toMatchObject({
      statusCode: 409,
      message: unavailable,
    });
    expect(sent).toEqual([]);
  });
});

describe('the current subscription and the history', () => {
  it('shows effective statuses, newest first', async () => {
    const { deps, state } = setup();
    const expiredLooking = pendingRow({
      _id: 'OLD',
      status: 'active',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      createdAt: '2026-09-20T00:00:00.000Z',
    });
    const running = pendingRow({
      _id: 'RUN',
      status: 'active',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      createdAt: '2026-10-20T00:00:00.000Z',
    });
    const pending = pendingRow({ _id: 'NEW', createdAt: '2026-11-22T00:00:00.000Z' });
    state.subscriptions = [expiredLooking, running, pending];
    const { subscriptions } = await listSubscriptions(deps, BUYER._id);
    expect(subscriptions.map((s) => [s._id, s.status])).toEqual([
      ['NEW', 'pending'],
      ['RUN', 'active'],
      ['OLD', 'expired'],
    ]);
    expect(subscriptions[0]).not.toHaveProperty('userId');
    expect((await activeSubscription(deps, BUYER._id)).subscription?._id).toBe('RUN');
    state.subscriptions = [expiredLooking, pending];
    expect((await activeSubscription(deps, BUYER._id)).subscription?._id).toBe('NEW');
    state.subscriptions = [];
    expect(await activeSubscription(deps, BUYER._id)).toEqual({ subscription: null });
  });
});
