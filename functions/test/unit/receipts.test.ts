import { describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '@goldbot/shared';
import { amountPaidOf, getReceipt, type ReceiptStore } from '../../src/domain/commerce/receipts.js';
import { NotFoundError } from '../../src/domain/errors.js';
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
const deps = (found?: Found) => ({ store: store(found), sellerName: 'GoldBot Trading Ltd' });
const owner = { userId: payment.userId, isAdmin: false };

describe('getReceipt', () => {
  it('states the seller, number, customer, package, price, discount, amount paid, TXID link, approval and dates', async () => {
    const { receipt } = await getReceipt(deps(), owner, payment._id);
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
    const { receipt } = await getReceipt(deps(), { userId: 'admin-1', isAdmin: true }, payment._id);
    expect(receipt.paymentId).toBe(payment._id);
  });

  it('answers the same 404 for anyone else, an unknown payment and one not completed', async () => {
    const refusals = [
      getReceipt(deps(), { userId: 'someone-else', isAdmin: false }, payment._id),
      getReceipt(deps({ payment: null, subscription: null }), owner, 'nope'),
      getReceipt(deps({ payment: { ...payment, status: 'pending' }, subscription }), owner, payment._id),
      getReceipt(deps({ payment: { ...payment, status: 'rejected' }, subscription }), owner, payment._id),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toBeInstanceOf(NotFoundError);
      await expect(refusal).rejects.toMatchObject({ message: RECEIPT_MESSAGES.notFound });
    }
  });
});
