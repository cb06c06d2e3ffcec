import { describe, expect, it } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, RECEIPT_MESSAGES } from '@goldbot/shared';
import { ADMIN_MFA_MESSAGES } from '../../src/domain/auth/admin-mfa.js';
import { amountPaidOf, getReceipt, type ReceiptStore } from '../../src/domain/commerce/receipts.js';
import { ForbiddenError, NotFoundError } from '../../src/domain/errors.js';
import { pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';

const payment = pendingPayment({
  status: 'completed',
  approvedAt: '2026-11-21T09:00:00.000Z',
  originalAmount: 60,
  referralDiscount: 10,
  amount: 50,
  hasReferralDiscount: true,
});
const subscription = {
  ...pendingSubscription(payment),
  status: 'active' as const,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
};
type Found = Awaited<ReturnType<ReceiptStore['readReceipt']>>;
const store = (found: Found = { payment, subscription }): ReceiptStore => ({ readReceipt: async () => found });
const deps = (found?: Found, adminMfaRequired = false) => ({
  store: store(found),
  sellerName: 'GoldBot Trading Ltd',
  adminMfaRequired,
});
/** Signed in through the API an hour after TOTP was turned on. */
const SIGN_IN = Date.parse('2026-11-20T10:00:00.000Z') / 1000;
const owner = { userId: payment.userId, isAdmin: false, authTime: SIGN_IN, apiSignIn: true };
const admin = { userId: 'admin-1', isAdmin: true, authTime: SIGN_IN, apiSignIn: true };
const adminProfile = { mfaEnabledAt: '2026-11-20T09:00:00.000Z' };

describe('getReceipt', () => {
  it('states the seller, number, customer, package, price, discount, amount paid, TXID link, approval and dates', async () => {
    const { receipt } = await getReceipt(deps(), owner, payment._id, null);
    expect(receipt).toEqual({
      receiptNumber: `R-${payment._id}`,
      paymentId: payment._id,
      sellerName: 'GoldBot Trading Ltd',
      customer: { username: payment.username, email: payment.email },
      packageName: payment.packageName,
      priceUsd: 60,
      discountUsd: 10,
      amountPaid: 50,
      currency: 'USDT',
      transactionId: payment.transactionId,
      explorerUrl: `https://tronscan.org/#/transaction/${payment.transactionId}`,
      approvedAt: '2026-11-21T09:00:00.000Z',
      subscription: { startDate: '2026-12-01', endDate: '2026-12-31' },
    });
  });

  it('is the amount the payment recorded as paid when it named no order', () => {
    expect(amountPaidOf(payment)).toBe(50);
  });

  it("is the order's exact amount when the payment paid an order", () => {
    expect(amountPaidOf({ ...payment, orderAmount: 50.37 })).toBe(50.37);
  });

  it('serves admins too', async () => {
    const { receipt } = await getReceipt(deps(), admin, payment._id, null);
    expect(receipt.paymentId).toBe(payment._id);
  });

  it("checks an admin's view of another customer's receipt like every admin route", async () => {
    // Where admin MFA is required: TOTP on, and a sign-in after it.
    await expect(getReceipt(deps(undefined, true), admin, payment._id, adminProfile)).resolves.toBeDefined();
    await expect(getReceipt(deps(undefined, true), admin, payment._id, {})).rejects.toThrow(
      new ForbiddenError(ADMIN_MFA_MESSAGES.required),
    );
    await expect(
      getReceipt(deps(undefined, true), { ...admin, authTime: SIGN_IN - 2 * 3600 }, payment._id, adminProfile),
    ).rejects.toThrow(new ForbiddenError(ADMIN_MFA_MESSAGES.signInBeforeMfa));
    // A Google token never acts as an administrator, with or without the MFA switch.
    for (const mfa of [true, false]) {
      await expect(
        getReceipt(deps(undefined, mfa), { ...admin, apiSignIn: false }, payment._id, adminProfile),
      ).rejects.toThrow(new ForbiddenError(ADMIN_SIGN_IN_REQUIRED_MESSAGE));
    }
    // An administrator's own receipt is a customer's view: none of this applies.
    const own = { ...payment, userId: admin.userId };
    await expect(
      getReceipt(deps({ payment: own, subscription }, true), { ...admin, apiSignIn: false }, own._id, {}),
    ).resolves.toBeDefined();
  });

  it('answers the same 404 for anyone else, an unknown payment and one not completed', async () => {
    const refusals = [
      getReceipt(deps(), { ...owner, userId: 'someone-else' }, payment._id, null),
      getReceipt(deps({ payment: null, subscription: null }), owner, 'nope', null),
      getReceipt(deps({ payment: { ...payment, status: 'pending' }, subscription }), owner, payment._id, null),
      getReceipt(deps({ payment: { ...payment, status: 'rejected' }, subscription }), owner, payment._id, null),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toBeInstanceOf(NotFoundError);
      await expect(refusal).rejects.toMatchObject({ message: RECEIPT_MESSAGES.notFound });
    }
  });
});
