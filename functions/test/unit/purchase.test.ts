import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACKAGE_PRICES_USD,
  PAYMENT_MESSAGES,
  SETTINGS_MESSAGES,
  toCents,
  type Subscription,
  type SubmitUsdtPaymentInput,
} from '@goldbot/shared';
import {
  PURCHASE_MESSAGES,
  currentSubscription,
  isReplay,
  judgeReferral,
  packageSlugOf,
  pendingViewFromMarker,
  planFreeTrial,
  planPurchase as planPurchaseOf,
  referralAnswer,
  sortNewestFirst,
  type CustomerProfile,
  type PurchaseSnapshot,
} from '../../src/domain/commerce/purchase.js';
import type { OrderRecord } from '../../src/domain/records/order-record.js';
import { txidMarkerKey } from '../../src/data/payment-entity.js';
import { normalizeTxid } from '../../src/domain/records/payment-record.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import {
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from '../../src/domain/errors.js';
import { BUYER_PROFILE, pendingPurchaseView, txidMarker } from '../helpers/customer-commerce-samples.js';
import { basicOrderRecord } from '../helpers/order-samples.js';
import { thrownRefusal } from '../helpers/refusal.js';

/** The purchase rules without I/O (docs/data-model.md, "Submit a USDT payment", "Free trial"). */
const AT = new Date('2026-11-23T10:15:00.000Z');
const LINK = 'https://broker.example/copy/goldbot';
const BUYER: CustomerProfile = { ...BUYER_PROFILE, username: 'Jane_Doe' };
const RICK = { code: 'RICK2026', userId: 'rick-1', username: 'ref_rick' };
const WALLET = { walletId: 'w1', address: 'TWalletAddress', network: 'TRC20', currency: 'USDT' };
const IDS = { paymentId: 'PAY1', subscriptionId: 'SUB1' };

/** The default: the order the window made for the submitted body (see planPurchase below). */
const ORDER_FROM_BODY = null;
const snapshot = (overrides: Partial<PurchaseSnapshot> = {}): PurchaseSnapshot => ({
  profile: BUYER,
  catalogPriceUsd: 60,
  catalogOnSale: true,
  basicPackageEnabled: true,
  wallet: WALLET,
  referral: null,
  order: ORDER_FROM_BODY,
  txidMarker: null,
  transfer: null,
  namedOrder: null,
  template: DEFAULT_EMAIL_TEMPLATES.basicPackagePaymentPending,
  ...overrides,
});
const input = (overrides: Partial<SubmitUsdtPaymentInput> = {}): SubmitUsdtPaymentInput => ({
  packageName: 'Basic Package',
  txid: 'ABCdef0123456789',
  orderId: ORDER_ID,
  amount: 60,
  referralCode: null,
  ...overrides,
});

/** An order's tag, as the payment window would have handed out. */
const TAG_CENTS = 37;
const ORDER_ID = 'ORD1';

/**
 * planPurchase with the open order the window made for this body, priced from this snapshot: the
 * body's amount is the price due (as the cases read), the order asks that plus TAG_CENTS, and the
 * body sends the order's exact amount. A snapshot that sets `order` itself keeps it.
 */
function planPurchase(body: SubmitUsdtPaymentInput, snap: PurchaseSnapshot, ...rest: [string, Date, typeof IDS]) {
  if (snap.order !== undefined && snap.order !== ORDER_FROM_BODY) return planPurchaseOf(body, snap, ...rest);
  const price = snap.catalogPriceUsd ?? DEFAULT_PACKAGE_PRICES_USD[body.packageName];
  const priceCents = toCents(Math.max(0, price - (body.referralCode && snap.referral ? 10 : 0)));
  const order: OrderRecord = {
    orderId: ORDER_ID,
    userId: BUYER._id,
    packageSlug: packageSlugOf(body.packageName),
    packageName: body.packageName,
    originalAmountCents: toCents(price),
    priceCents,
    amountCents: priceCents + TAG_CENTS,
    referralCode: body.referralCode && snap.referral ? snap.referral.code : null,
    createdAt: AT.toISOString(),
    expiresAt: AT.getTime() / 1000 + 3600,
  };
  const amount = toCents(body.amount) === priceCents ? (priceCents + TAG_CENTS) / 100 : body.amount;
  return planPurchaseOf({ ...body, amount }, { ...snap, order }, ...rest);
}

describe('referral codes', () => {
  it('accept another customer’s code and refuse an unknown or own one', () => {
    expect(judgeReferral(RICK, BUYER._id)).toEqual({ ok: true, referrer: RICK });
    expect(judgeReferral(null, BUYER._id)).toEqual({
      ok: false,
      reason: 'invalid',
      message: PAYMENT_MESSAGES.referralInvalid,
    });
    expect(judgeReferral({ ...RICK, userId: BUYER._id }, BUYER._id)).toEqual({
      ok: false,
      reason: 'own',
      message: PAYMENT_MESSAGES.referralOwn,
    });
  });

  it('refuse the code of another account of the buyer’s mailbox (a +tag or Gmail dots alias)', () => {
    const gmailBuyer = 'jane.doe+2@gmail.com';
    const ownOtherAccount = { ...RICK, emailKey: 'janedoe@gmail.com' };
    expect(judgeReferral(ownOtherAccount, BUYER._id, gmailBuyer)).toMatchObject({ ok: false, reason: 'own' });
    expect(judgeReferral(ownOtherAccount, BUYER._id, 'JaneDoe@GoogleMail.com')).toMatchObject({ reason: 'own' });
    // Another person's mailbox, or a marker from before it kept one, is judged by its account alone.
    expect(judgeReferral(ownOtherAccount, BUYER._id, 'jane.doe@example.com')).toMatchObject({ ok: true });
    expect(judgeReferral(RICK, BUYER._id, gmailBuyer)).toMatchObject({ ok: true });
  });

  it('refuse a purchase with the code of another account of the buyer’s mailbox', () => {
    const snap = snapshot({
      profile: { ...BUYER, email: 'Jane+shop@example.com' },
      referral: { ...RICK, emailKey: 'jane@example.com' },
    });
    expect(() => planPurchase(input({ amount: 50, referralCode: 'RICK2026' }), snap, BUYER._id, AT, IDS)).toThrow(
      PAYMENT_MESSAGES.referralOwn,
    );
  });

  it('answer in the spec’s shape', () => {
    expect(referralAnswer(judgeReferral(RICK, BUYER._id))).toEqual({
      success: true,
      discount: 10,
      referralUser: { username: 'ref_rick' },
      message: 'Valid referral code from ref_rick! You save $10.',
    });
    expect(referralAnswer(judgeReferral(null, BUYER._id))).toEqual({
      success: false,
      discount: 0,
      referralUser: null,
      message: 'Invalid referral code',
    });
  });
});

describe('planPurchase', () => {
  it('maps package names to slugs', () => {
    expect(packageSlugOf('Basic Package')).toBe('basic');
    expect(packageSlugOf('Pro Package')).toBe('pro');
    expect(packageSlugOf('Ultimate Package')).toBe('ultimate');
    expect(packageSlugOf('Free Trial')).toBe('freeTrial');
  });

  it('creates the pending payment and subscription with the discount, the referrer and the wallet shown', () => {
    const plan = planPurchase(
      input({ txid: '  ABCdef0123456789 ', amount: 50, referralCode: 'RICK2026' }),
      snapshot({ referral: RICK }),
      BUYER._id,
      AT,
      IDS,
    );
    expect(plan.payment).toEqual({
      _id: 'PAY1',
      userId: 'buyer-1',
      username: 'Jane_Doe',
      email: 'jane@example.com',
      packageSlug: 'basic',
      packageName: 'Basic Package',
      amount: 50,
      originalAmount: 60,
      hasReferralDiscount: true,
      referralDiscount: 10,
      referralCode: 'RICK2026',
      referralUserId: 'rick-1',
      orderId: 'ORD1',
      orderAmount: 50.37,
      orderCreatedAt: expect.any(String),
      orderExpiresAt: expect.any(String),
      referrerUsername: 'ref_rick',
      referrerEmail: null,
      referralReward: 2,
      referralCredited: false,
      currency: 'USD',
      paymentMethod: 'usdt',
      transactionId: 'ABCdef0123456789',
      txidNormalized: 'abcdef0123456789',
      wallet: { address: 'TWalletAddress', network: 'TRC20', currency: 'USDT' },
      subscriptionId: 'SUB1',
      status: 'pending',
      searchText: 'jane_doe\njane@example.com\nabcdef0123456789',
      createdAt: AT.toISOString(),
      updatedAt: AT.toISOString(),
    });
    expect(plan.subscription).toEqual({
      _id: 'SUB1',
      userId: 'buyer-1',
      username: 'Jane_Doe',
      email: 'jane@example.com',
      packageSlug: 'basic',
      packageName: 'Basic Package',
      status: 'pending',
      startDate: null,
      endDate: null,
      paymentMethod: 'usdt',
      paymentId: 'PAY1',
      amount: 50.37,
      isExtension: false,
      notificationSent: false,
      createdAt: AT.toISOString(),
      updatedAt: AT.toISOString(),
    });
    expect(plan.marker).toEqual(
      txidMarker({
        paymentId: 'PAY1',
        subscriptionId: 'SUB1',
        userId: 'buyer-1',
        packageSlug: 'basic',
        packageName: 'Basic Package',
        createdAt: AT.toISOString(),
      }),
    );
    expect(plan).toMatchObject({ catalogPriceUsd: 60, requireBasicEnabled: true, referralCode: 'RICK2026' });
  });

  it('charges the catalog price, or the default price when the catalog was never seeded', () => {
    const pro = planPurchase(
      input({ packageName: 'Pro Package', amount: 199 }),
      snapshot({ catalogPriceUsd: 199 }),
      BUYER._id,
      AT,
      IDS,
    );
    expect(pro.payment).toMatchObject({
      amount: 199,
      originalAmount: 199,
      hasReferralDiscount: false,
      referralReward: 0,
    });
    expect(pro).toMatchObject({ catalogPriceUsd: 199, requireBasicEnabled: false, referralCode: null });
    const unseeded = planPurchase(
      input({ packageName: 'Ultimate Package', amount: 1000 }),
      snapshot({ catalogPriceUsd: null }),
      BUYER._id,
      AT,
      IDS,
    );
    expect(unseeded.payment.amount).toBe(1000);
    expect(unseeded.catalogPriceUsd).toBeNull();
  });

  it('marks a Basic bought while a Basic is paid through today or later as an extension', () => {
    const active = snapshot({ profile: { ...BUYER, basicPaidThrough: '2026-11-23' } });
    expect(planPurchase(input(), active, BUYER._id, AT, IDS).subscription.isExtension).toBe(true);
    const lapsed = snapshot({ profile: { ...BUYER, basicPaidThrough: '2026-11-22' } });
    expect(planPurchase(input(), lapsed, BUYER._id, AT, IDS).subscription.isExtension).toBe(false);
    // Pro is never an extension of Basic.
    expect(
      planPurchase(input({ packageName: 'Pro Package', amount: 60 }), active, BUYER._id, AT, IDS).subscription
        .isExtension,
    ).toBe(false);
  });

  it('refuses Basic while it is off sale, before anything else', () => {
    const error = thrownRefusal(() =>
      planPurchase(input({ amount: 1 }), snapshot({ basicPackageEnabled: false, wallet: null }), BUYER._id, AT, IDS),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(PAYMENT_MESSAGES.basicUnavailable);
    expect(() =>
      planPurchase(
        input({ packageName: 'Pro Package', amount: 60 }),
        snapshot({ basicPackageEnabled: false }),
        BUYER._id,
        AT,
        IDS,
      ),
    ).not.toThrow();
  });

  it('refuses Pro and Ultimate while their catalog item is off sale, and checks it again in the transaction', () => {
    for (const packageName of ['Pro Package', 'Ultimate Package'] as const) {
      const error = thrownRefusal(() =>
        planPurchase(input({ packageName, amount: 60 }), snapshot({ catalogOnSale: false }), BUYER._id, AT, IDS),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(SETTINGS_MESSAGES.packageUnavailable(packageName));
    }
    // Basic's flag is the settings switch, not the catalog item.
    expect(() => planPurchase(input(), snapshot({ catalogOnSale: false }), BUYER._id, AT, IDS)).not.toThrow();
    const pro = planPurchase(input({ packageName: 'Pro Package', amount: 60 }), snapshot(), BUYER._id, AT, IDS);
    expect(pro).toMatchObject({ requireOnSale: true, requireBasicEnabled: false });
    expect(planPurchase(input(), snapshot(), BUYER._id, AT, IDS)).toMatchObject({
      requireOnSale: false,
      requireBasicEnabled: true,
    });
  });

  it('refuses a free trial an admin took off sale', () => {
    const error = thrownRefusal(() => planFreeTrial(BUYER, AT, 'SUBFT', { onSale: false, copyTradingLink: LINK }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(
      'The Free Trial is not available for purchase right now. Please choose another package.',
    );
  });

  it.each([
    [
      'a code on Pro',
      input({ packageName: 'Pro Package', amount: 50, referralCode: 'RICK2026' }),
      snapshot({ referral: RICK }),
      PAYMENT_MESSAGES.referralBasicOnly,
    ],
    ['an unknown code', input({ amount: 50, referralCode: 'NOPE' }), snapshot(), PAYMENT_MESSAGES.referralInvalid],
    [
      'the buyer’s own code',
      input({ amount: 50, referralCode: 'JANE2026' }),
      snapshot({ referral: { code: 'JANE2026', userId: BUYER._id, username: 'Jane_Doe' } }),
      PAYMENT_MESSAGES.referralOwn,
    ],
  ])('refuses %s with a field error on referralCode', (_, body, snap, message) => {
    const error = thrownRefusal(() => planPurchase(body, snap, BUYER._id, AT, IDS));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ referralCode: message });
  });

  it("names its order: none or another order's id is 400, an expired order 409, and the order's amount is held", () => {
    const order = basicOrderRecord('ORD9', AT.getTime(), { userId: BUYER._id, expiresAt: AT.getTime() / 1000 + 60 });
    const body = input({ orderId: 'ORD9', amount: 60.37 });
    const plan = planPurchaseOf(body, snapshot({ order }), BUYER._id, AT, IDS);
    expect(plan.payment).toMatchObject({ amount: 60, orderId: 'ORD9', orderAmount: 60.37 });
    expect(plan.order).toBe(order);
    // The payment keeps its order's lifetime: a transfer pays it only inside it.
    expect(plan.payment).toMatchObject({
      orderCreatedAt: AT.toISOString(),
      orderExpiresAt: new Date(AT.getTime() + 60_000).toISOString(),
    });
    // Without the order's own item (an order from before it had one), no claim is recorded on it.
    expect(plan.recordClaim).toBe(false);

    for (const snap of [snapshot({ order }), snapshot({ order: { ...order, orderId: 'OTHER' } })]) {
      const missing = thrownRefusal(() =>
        planPurchaseOf(input({ orderId: 'NOPE', amount: 60.37 }), snap, BUYER._id, AT, IDS),
      );
      expect([missing.statusCode, missing.message]).toEqual([400, PAYMENT_MESSAGES.orderRequired]);
    }
    const expired = thrownRefusal(() =>
      planPurchaseOf(body, snapshot({ order: { ...order, expiresAt: AT.getTime() / 1000 } }), BUYER._id, AT, IDS),
    );
    expect([expired.statusCode, expired.message]).toEqual([409, PAYMENT_MESSAGES.orderExpired]);
    // The price alone, or another order's amount, is not this order's amount.
    for (const amount of [60, 60.38, 60.4]) {
      const error = thrownRefusal(() =>
        planPurchaseOf(input({ orderId: 'ORD9', amount }), snapshot({ order }), BUYER._id, AT, IDS),
      );
      expect([error.statusCode, error.message]).toEqual([400, PAYMENT_MESSAGES.orderAmountMismatch]);
    }
    // A price change since the order was made: 409, reopen the window.
    const repriced = thrownRefusal(() =>
      planPurchaseOf(body, snapshot({ order, catalogPriceUsd: 65 }), BUYER._id, AT, IDS),
    );
    expect([repriced.statusCode, repriced.message]).toEqual([409, PURCHASE_MESSAGES.priceChanged]);
    // A code the order was not priced with.
    const recoded = thrownRefusal(() =>
      planPurchaseOf(
        input({ orderId: 'ORD9', amount: 60.37, referralCode: 'RICK2026' }),
        snapshot({ order, referral: RICK }),
        BUYER._id,
        AT,
        IDS,
      ),
    );
    expect([recoded.statusCode, recoded.message]).toEqual([400, PAYMENT_MESSAGES.orderReferralChanged]);
  });

  it('refuses an amount that differs from the amount due', () => {
    for (const amount of [59, 50, 60.01, 0]) {
      const error = thrownRefusal(() => planPurchase(input({ amount }), snapshot(), BUYER._id, AT, IDS));
      expect((error as ValidationError).fieldErrors).toEqual({ amount: PAYMENT_MESSAGES.orderAmountMismatch });
    }
    // With a valid code the full price is the mismatch.
    const error = thrownRefusal(() =>
      planPurchase(input({ amount: 60, referralCode: 'RICK2026' }), snapshot({ referral: RICK }), BUYER._id, AT, IDS),
    );
    expect((error as ValidationError).fieldErrors).toEqual({ amount: PAYMENT_MESSAGES.orderAmountMismatch });
  });

  it('answers 503 without an active wallet, and refuses a missing or deactivated buyer', () => {
    const noWallet = thrownRefusal(() => planPurchase(input(), snapshot({ wallet: null }), BUYER._id, AT, IDS));
    expect(noWallet).toBeInstanceOf(ServiceUnavailableError);
    expect(noWallet.statusCode).toBe(503);
    expect(noWallet.message).toBe(PAYMENT_MESSAGES.walletUnavailable);
    expect(thrownRefusal(() => planPurchase(input(), snapshot({ profile: null }), BUYER._id, AT, IDS))).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(
      thrownRefusal(() =>
        planPurchase(input(), snapshot({ profile: { ...BUYER, isActive: false } }), BUYER._id, AT, IDS),
      ),
    ).toBeInstanceOf(ForbiddenError);
  });
});

describe('replays', () => {
  const marker = txidMarker();

  it('are the same buyer and the same package only', () => {
    expect(isReplay(marker, BUYER._id, 'Pro Package')).toBe(true);
    expect(isReplay(marker, BUYER._id, 'Basic Package')).toBe(false);
    expect(isReplay(marker, 'someone-else', 'Pro Package')).toBe(false);
  });

  it('answer the pending subscription the marker names', () => {
    expect(pendingViewFromMarker(marker)).toEqual(
      pendingPurchaseView({
        _id: 'SUB0',
        packageName: 'Pro Package',
        createdAt: marker.createdAt,
        updatedAt: marker.createdAt,
        paymentId: marker.paymentId,
      }),
    );
  });
});

describe('planFreeTrial', () => {
  const OFFER = { onSale: true, copyTradingLink: LINK };
  it('is active from today for 30 days, without payment', () => {
    const { subscription, link } = planFreeTrial(BUYER, new Date('2026-11-22T18:00:00Z'), 'SUBFT', OFFER);
    expect(link).toBe(LINK);
    expect(subscription).toEqual({
      _id: 'SUBFT',
      userId: 'buyer-1',
      username: 'Jane_Doe',
      email: 'jane@example.com',
      packageSlug: 'freeTrial',
      packageName: 'Free Trial',
      status: 'active',
      startDate: '2026-11-22',
      endDate: '2026-12-22',
      paymentMethod: 'free',
      paymentId: null,
      isExtension: false,
      notificationSent: false,
      createdAt: '2026-11-22T18:00:00.000Z',
      updatedAt: '2026-11-22T18:00:00.000Z',
    });
  });

  it('happens once per account, and never for a deactivated one', () => {
    const used = thrownRefusal(() =>
      planFreeTrial({ ...BUYER, freeTrialStartedAt: '2026-01-01T00:00:00.000Z' }, AT, 'S', OFFER),
    );
    expect(used).toBeInstanceOf(ConflictError);
    expect(used.message).toBe(PAYMENT_MESSAGES.freeTrialUsed);
    expect(thrownRefusal(() => planFreeTrial({ ...BUYER, isActive: false }, AT, 'S', OFFER))).toBeInstanceOf(
      ForbiddenError,
    );
  });

  it('has nothing to deliver without a copy-trading link: 409 with the sentence', () => {
    const error = thrownRefusal(() => planFreeTrial(BUYER, AT, 'S', { onSale: true, copyTradingLink: null }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('The free trial is not available right now. Please try again later.');
  });

  it('says so in the spec’s words', () => {
    expect(PURCHASE_MESSAGES.freeTrialActivated).toBe('Free trial activated! You now have 30 days of access.');
    expect(PURCHASE_MESSAGES.submitted('Pro Package')).toBe(
      'Payment submitted successfully! Your Pro Package will be activated within 2 hours.',
    );
  });
});

describe('currentSubscription', () => {
  const TODAY = '2026-11-23';
  let n = 0;
  const sub = (overrides: Partial<Subscription>): Subscription => {
    n += 1;
    return {
      _id: `S${String(n).padStart(3, '0')}`,
      packageName: 'Basic Package',
      status: 'active',
      startDate: null,
      endDate: null,
      paymentMethod: 'usdt',
      isExtension: false,
      createdAt: `2026-11-${String(n).padStart(2, '0')}T00:00:00.000Z`,
      updatedAt: '2026-11-01T00:00:00.000Z',
      ...overrides,
    };
  };

  it('is none without subscriptions', () => {
    expect(currentSubscription([], TODAY)).toBeNull();
    expect(
      currentSubscription([sub({ status: 'expired', startDate: '2026-01-01', endDate: '2026-01-31' })], TODAY),
    ).toBeNull();
    expect(currentSubscription([sub({ status: 'rejected' })], TODAY)).toBeNull();
  });

  it('prefers the one active today, then the next starting later, then the latest pending', () => {
    const pendingOld = sub({ status: 'pending' });
    const pendingNew = sub({ status: 'pending' });
    const later = sub({ startDate: '2027-01-01', endDate: '2027-01-31' });
    const sooner = sub({ startDate: '2026-12-01', endDate: '2026-12-31' });
    const today = sub({ startDate: '2026-11-01', endDate: TODAY });
    const lifetime = sub({ packageName: 'Ultimate Package', startDate: '2026-11-23', endDate: null });
    expect(currentSubscription([pendingOld, pendingNew], TODAY)).toBe(pendingNew);
    expect(currentSubscription([pendingOld, later, pendingNew, sooner], TODAY)).toBe(sooner);
    expect(currentSubscription([pendingOld, later, today, sooner], TODAY)).toBe(today);
    // Several running at once (a free trial and Ultimate): the newest.
    expect(currentSubscription([today, lifetime, later], TODAY)).toBe(lifetime);
  });

  it('sorts newest first, ids breaking ties', () => {
    const a = sub({ _id: 'A', createdAt: '2026-11-01T00:00:00.000Z' });
    const b = sub({ _id: 'B', createdAt: '2026-11-01T00:00:00.000Z' });
    const c = sub({ _id: 'C', createdAt: '2026-11-02T00:00:00.000Z' });
    expect(sortNewestFirst([a, c, b]).map((s) => s._id)).toEqual(['C', 'B', 'A']);
  });
});

describe('TXID canonical form', () => {
  const T = 'bcd9b4f54a1525c2653c7fcf8355a2f69f273c27e54b02c3fe6aff28830b4c8a';
  it("is trimmed, without '0x', lower-cased before the uniqueness marker: 0x+T is T", () => {
    for (const spelled of [T, ` 0x${T} `, `0X${T.toUpperCase()}`]) {
      expect(normalizeTxid(spelled)).toBe(T);
      expect(txidMarkerKey(spelled)).toEqual({ PK: `TXID#${T}`, SK: 'TXID' });
    }
    const plan = planPurchase(input({ txid: `0x${T.toUpperCase()}` }), snapshot(), BUYER._id, AT, IDS);
    expect(plan.payment.txidNormalized).toBe(T);
    expect(plan.marker.txidNormalized).toBe(T);
  });

  it('keeps an id that is not 64 hex characters (the warning and the invalid verdict stay)', () => {
    expect(normalizeTxid('  BANKREF20261123 ')).toBe('bankref20261123');
  });
});
