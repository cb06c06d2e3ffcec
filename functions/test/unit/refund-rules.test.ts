import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND, REFUND_MESSAGES } from '@goldbot/shared';
import { basicPeriod } from '../../src/domain/commerce/package-dates.js';
import {
  clawbackOf,
  creditAfterOwed,
  guaranteeEndsAt,
  judgeRefundRequest,
  rechainBasic,
  withinGuarantee,
  type BasicMonth,
  type RefundablePayment,
} from '../../src/domain/refunds/refund-rules.js';
import { refundableUntil, type SubscriptionRecord } from '../../src/domain/records/subscription-record.js';

/**
 * The refund rules as plain functions: the guarantee's window, who may open a request for which
 * payment, the Basic months recomputed as if the refunded one had not been bought, and the
 * referrer's reward taken back without a negative balance.
 */
const APPROVED = '2026-11-20T10:00:00.000Z';
const DAY_MS = 86_400_000;
const at = (offsetMs: number) => new Date(Date.parse(APPROVED) + offsetMs);

describe('the money-back guarantee', () => {
  it(`runs ${REFUND.guaranteeDays} days from the payment's approval, to the millisecond`, () => {
    expect(guaranteeEndsAt(APPROVED)).toBe('2026-11-27T10:00:00.000Z');
    expect(withinGuarantee(APPROVED, at(0))).toBe(true);
    expect(withinGuarantee(APPROVED, at(7 * DAY_MS - 1))).toBe(true);
    expect(withinGuarantee(APPROVED, at(7 * DAY_MS))).toBe(false);
    expect(withinGuarantee('', at(0))).toBe(false);
  });

  it('offers "Request refund" on a paid row without a request, while the guarantee runs', () => {
    const row = {
      paymentMethod: 'usdt',
      status: 'active',
      approvedAt: APPROVED,
    } as SubscriptionRecord;
    expect(refundableUntil(row, at(DAY_MS))).toBe('2026-11-27T10:00:00.000Z');
    expect(refundableUntil({ ...row, status: 'expired' }, at(DAY_MS))).toBe('2026-11-27T10:00:00.000Z');
    expect(refundableUntil(row, at(7 * DAY_MS))).toBeNull();
    expect(refundableUntil({ ...row, status: 'pending' }, at(DAY_MS))).toBeNull();
    expect(refundableUntil({ ...row, status: 'refunded' }, at(DAY_MS))).toBeNull();
    expect(refundableUntil({ ...row, paymentMethod: 'free' }, at(DAY_MS))).toBeNull();
    // Rows approved before the approval time was kept on them: the API still decides by the payment.
    expect(refundableUntil({ ...row, approvedAt: undefined }, at(DAY_MS))).toBeNull();
    const requested = { _id: 'R', status: 'pending' as const, requestedAt: APPROVED };
    expect(
      refundableUntil(
        { ...row, refund: { ...requested, decidedAt: null, payoutTxid: null, refusalReason: null } },
        at(0),
      ),
    ).toBeNull();
  });
});

describe('who may open a refund', () => {
  const payment: RefundablePayment = { userId: 'u1', status: 'completed', approvedAt: APPROVED };
  const customer = { kind: 'customer' as const, userId: 'u1' };
  const admin = { kind: 'admin' as const };
  const soon = at(DAY_MS);
  const late = at(8 * DAY_MS);

  it("answers 404 for a missing payment and for someone else's, alike", () => {
    const notFound = { status: 404, message: REFUND_MESSAGES.paymentNotFound };
    expect(judgeRefundRequest(undefined, customer, soon)).toEqual(notFound);
    expect(judgeRefundRequest(payment, { kind: 'customer', userId: 'u2' }, soon)).toEqual(notFound);
  });

  it('lets the customer ask once, for a completed payment, within the guarantee', () => {
    expect(judgeRefundRequest(payment, customer, soon)).toBeNull();
    expect(judgeRefundRequest({ ...payment, status: 'pending' }, customer, soon)).toEqual({
      status: 409,
      message: REFUND_MESSAGES.notCompleted,
    });
    expect(judgeRefundRequest({ ...payment, status: 'rejected' }, customer, soon)?.status).toBe(409);
    expect(judgeRefundRequest({ ...payment, status: 'refunded' }, customer, soon)).toEqual({
      status: 409,
      message: REFUND_MESSAGES.alreadyRefunded,
    });
    for (const refundStatus of ['pending', 'refused'] as const) {
      expect(judgeRefundRequest({ ...payment, refundStatus }, customer, soon)).toEqual({
        status: 409,
        message: REFUND_MESSAGES.alreadyRequested,
      });
    }
  });

  it("answers 409 naming the guarantee's 7 days once they are over", () => {
    const refusal = judgeRefundRequest(payment, customer, late);
    expect(refusal).toEqual({ status: 409, message: REFUND_MESSAGES.guaranteeOver });
    expect(refusal?.message).toContain('7-day money-back guarantee');
    expect(refusal?.message).toContain('within 7 days');
  });

  it('lets an admin open one at any time, again after a refused one, never beside a pending one', () => {
    expect(judgeRefundRequest(payment, admin, late)).toBeNull();
    expect(judgeRefundRequest({ ...payment, refundStatus: 'refused' }, admin, late)).toBeNull();
    expect(judgeRefundRequest({ ...payment, refundStatus: 'pending' }, admin, late)?.message).toBe(
      REFUND_MESSAGES.alreadyRequested,
    );
    expect(judgeRefundRequest({ ...payment, status: 'pending' }, admin, soon)?.message).toBe(
      REFUND_MESSAGES.notCompleted,
    );
  });
});

describe('Basic months as if the refunded one had not been bought', () => {
  const month = (id: string, approvedAt: string, startDate: string, endDate: string): BasicMonth => ({
    id,
    approvedAt,
    startDate,
    endDate,
  });
  // Three months bought in December: January, then two extensions.
  const jan = month('A', '2026-12-10T09:00:00.000Z', '2027-01-01', '2027-01-31');
  const feb = month('B', '2026-12-12T09:00:00.000Z', '2027-02-01', '2027-02-28');
  const mar = month('C', '2026-12-14T09:00:00.000Z', '2027-03-01', '2027-03-31');

  it('moves the later extensions back into the refunded month, and the paid-through month with them', () => {
    expect(rechainBasic([jan, feb, mar], 'B', '2026-12-15')).toEqual({
      moved: [{ id: 'C', startDate: '2027-02-01', endDate: '2027-02-28', isExtension: true }],
      paidThrough: '2027-02-28',
    });
    expect(rechainBasic([jan, feb, mar], 'A', '2026-12-15')).toEqual({
      moved: [
        // Approved while nothing was paid through: it starts afresh the month after its approval.
        { id: 'B', startDate: '2027-01-01', endDate: '2027-01-31', isExtension: false },
        { id: 'C', startDate: '2027-02-01', endDate: '2027-02-28', isExtension: true },
      ],
      paidThrough: '2027-02-28',
    });
  });

  it('moves nothing when the last month is refunded, and leaves no paid-through month when none remains', () => {
    expect(rechainBasic([jan, feb, mar], 'C', '2026-12-15')).toEqual({ moved: [], paidThrough: '2027-02-28' });
    expect(rechainBasic([jan], 'A', '2026-12-15')).toEqual({ moved: [], paidThrough: null });
  });

  it('gives the running month to the next purchase when the running one is refunded', () => {
    // January runs (approved Dec 30); February was bought the day after. Refunding January on Jan 5:
    // February's purchase would have bought January, so it now does.
    const running = month('A', '2026-12-30T09:00:00.000Z', '2027-01-01', '2027-01-31');
    const next = month('B', '2026-12-31T09:00:00.000Z', '2027-02-01', '2027-02-28');
    expect(rechainBasic([running, next], 'A', '2027-01-05')).toEqual({
      moved: [{ id: 'B', startDate: '2027-01-01', endDate: '2027-01-31', isExtension: false }],
      paidThrough: '2027-01-31',
    });
  });

  it('never takes days away: refunding a past month leaves the running and later months as they are', () => {
    // The no-profit guarantee refunds January in February: February runs, March follows.
    const march = month('C', '2027-01-20T09:00:00.000Z', '2027-03-01', '2027-03-31');
    expect(rechainBasic([jan, feb, march], 'A', '2027-02-10')).toEqual({ moved: [], paidThrough: '2027-03-31' });
  });

  it('never moves a month approved before the refunded one', () => {
    // B is refunded; A was approved before it and keeps its dates whatever they are.
    const odd = month('A', '2026-12-01T09:00:00.000Z', '2027-04-01', '2027-04-30');
    const result = rechainBasic([odd, feb], 'B', '2026-12-15');
    expect(result.moved).toEqual([]);
    expect(result.paidThrough).toBe('2027-04-30');
  });

  it('matches a replay of the approvals without the refunded one (property)', () => {
    // Purchases approved one after another before any of them starts: replaying basicPeriod
    // without the refunded purchase gives exactly the moved dates.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        fc.nat(7),
        (gapsHours, pick) => {
          const months: BasicMonth[] = [];
          let paidThrough: string | null = null;
          let time = Date.parse('2027-01-03T00:00:00.000Z');
          gapsHours.forEach((gap, i) => {
            time += gap * 3_600_000;
            const approvedAt = new Date(time);
            const period = basicPeriod(approvedAt, paidThrough);
            months.push(month(`M${i}`, approvedAt.toISOString(), period.startDate, period.endDate ?? ''));
            paidThrough = period.endDate;
          });
          const refunded = months[pick % months.length] as BasicMonth;
          const result = rechainBasic(months, refunded.id, '2027-01-20');
          let replayed: string | null = null;
          const expected = new Map<string, string>();
          for (const m of months) {
            if (m.id === refunded.id) continue;
            const period = basicPeriod(new Date(m.approvedAt), replayed);
            expected.set(m.id, period.startDate);
            replayed = period.endDate;
          }
          const after = new Map(months.map((m) => [m.id, m.startDate]));
          for (const moved of result.moved) after.set(moved.id, moved.startDate);
          after.delete(refunded.id);
          expect(after).toEqual(expected);
          expect(result.paidThrough).toBe(replayed);
        },
      ),
    );
  });
});

describe("the referrer's reward", () => {
  it('comes out of available earnings, and what they lack is owed, never a negative balance', () => {
    expect(clawbackOf(2, 10)).toEqual({ fromAvailable: 2, owed: 0 });
    expect(clawbackOf(2, 0.5)).toEqual({ fromAvailable: 0.5, owed: 1.5 });
    expect(clawbackOf(2, 0)).toEqual({ fromAvailable: 0, owed: 2 });
  });

  it('is settled from the next credits before anything becomes available', () => {
    expect(creditAfterOwed(2, 0)).toEqual({ toAvailable: 2, offset: 0 });
    expect(creditAfterOwed(2, 1.5)).toEqual({ toAvailable: 0.5, offset: 1.5 });
    expect(creditAfterOwed(2, 5)).toEqual({ toAvailable: 0, offset: 2 });
  });

  it('adds up exactly in cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_00 }), fc.integer({ min: 0, max: 100_00 }), (reward, available) => {
        const { fromAvailable, owed } = clawbackOf(reward / 100, available / 100);
        expect(Math.round(fromAvailable * 100) + Math.round(owed * 100)).toBe(reward);
        expect(fromAvailable).toBeLessThanOrEqual(available / 100);
        expect(owed).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
