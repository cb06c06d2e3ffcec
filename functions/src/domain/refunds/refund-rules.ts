import { REFUND, REFUND_MESSAGES, centsToUsd, toCents } from '@goldbot/shared';
import { addDays, basicPeriod, supportExtensionPeriod, utcDay, type Period } from '../commerce/package-dates.js';

/**
 * The rules of a refund as plain functions (docs/data-model.md, "Refund request"): the guarantee's
 * window, who may ask for which payment, the Basic months recomputed as if the refunded one had
 * not been bought, and the referrer's reward taken back. The use cases (refunds.ts) and the
 * customer's Billing History view build on them; nothing here reads or writes storage.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant the money-back guarantee of a payment approved at `approvedAt` ends (ISO-8601 UTC). */
export const guaranteeEndsAt = (approvedAt: string): string =>
  new Date(Date.parse(approvedAt) + REFUND.guaranteeDays * DAY_MS).toISOString();

/** Whether `now` is still within the guarantee of a payment approved at `approvedAt`. */
export const withinGuarantee = (approvedAt: string, now: Date): boolean =>
  !Number.isNaN(Date.parse(approvedAt)) && now.getTime() < Date.parse(guaranteeEndsAt(approvedAt));

/** A payment as the refund rules read it. */
export interface RefundablePayment {
  userId: string;
  status: 'pending' | 'completed' | 'rejected' | 'refunded';
  approvedAt?: string;
  /** The latest refund request's state, when there is one. */
  refundStatus?: 'pending' | 'approved' | 'refused' | null;
}

/** Why a refund cannot be opened for a payment: the HTTP answer and its sentence. */
export interface RefundRefusal {
  status: 404 | 409;
  message: string;
}

/**
 * Whether `payment` may get a new refund request, and if not why. The customer may ask once per
 * payment, for their own completed payment, within the guarantee; someone else's payment is 404,
 * like one that does not exist. An admin may open one for any completed payment at any time (the
 * monthly no-profit guarantee), again after a refused one, never while one is pending.
 */
export function judgeRefundRequest(
  payment: RefundablePayment | undefined,
  asker: { kind: 'customer'; userId: string } | { kind: 'admin' },
  now: Date,
): RefundRefusal | null {
  if (!payment || (asker.kind === 'customer' && payment.userId !== asker.userId)) {
    return { status: 404, message: REFUND_MESSAGES.paymentNotFound };
  }
  if (payment.status === 'refunded') return { status: 409, message: REFUND_MESSAGES.alreadyRefunded };
  if (payment.status !== 'completed') return { status: 409, message: REFUND_MESSAGES.notCompleted };
  const open = payment.refundStatus ?? null;
  if (open === 'approved') return { status: 409, message: REFUND_MESSAGES.alreadyRefunded };
  if (open === 'pending' || (open === 'refused' && asker.kind === 'customer')) {
    return { status: 409, message: REFUND_MESSAGES.alreadyRequested };
  }
  if (asker.kind === 'customer' && !withinGuarantee(payment.approvedAt ?? '', now)) {
    return { status: 409, message: REFUND_MESSAGES.guaranteeOver };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Basic months, as if the refunded one had not been bought

/** A paid Basic month of the customer, as the recomputation reads it. */
export interface BasicMonth {
  id: string;
  /** When its payment was approved (ISO instant); the submission time for rows from before it was kept. */
  approvedAt: string;
  startDate: string;
  endDate: string;
  /**
   * A period support gave (no payment): its length in days, which it keeps when it moves. Support
   * chains its extension after the package's last day, as a bought month chains after the paid one.
   */
  supportDays?: number;
}

export interface MovedMonth {
  id: string;
  startDate: string;
  endDate: string;
  isExtension: boolean;
}

export interface Rechained {
  /** The months whose dates change, with their new dates. */
  moved: MovedMonth[];
  /** The profile's new `basicPaidThrough`: the last remaining month's end, null when none remains. */
  paidThrough: string | null;
}

const later = (a: string | null, b: string) => (a === null || b > a ? b : a);

/** A month's period chained anew after `paidThrough`: a bought month as its approval did, a support period with its days. */
function periodAfter(month: BasicMonth, approvedAt: Date, paidThrough: string | null): Period {
  if (month.supportDays === undefined) return basicPeriod(approvedAt, paidThrough);
  const day = utcDay(approvedAt);
  return supportExtensionPeriod(
    paidThrough !== null && paidThrough >= day ? paidThrough : addDays(day, -1),
    month.supportDays,
  );
}

/**
 * The Basic months recomputed as if the refunded one had not been bought. Every approval chained
 * its month after the months paid before it (package-dates.ts basicPeriod), so replaying the
 * approvals in order without the refunded one gives each later month the dates it would have had.
 * Months approved before the refunded one keep theirs (the refund changes nothing they were built
 * on), and so does any month that has already started: a refund never takes away days a customer
 * is in or has had (refunding a past month under the no-profit guarantee leaves the current one
 * alone). What remains chained after the refunded month moves back into its place.
 */
export function rechainBasic(months: readonly BasicMonth[], refundedId: string, today: string): Rechained {
  const refunded = months.find((m) => m.id === refundedId);
  const order = [...months]
    .filter((m) => m.id !== refundedId)
    .sort((a, b) => a.approvedAt.localeCompare(b.approvedAt) || a.startDate.localeCompare(b.startDate));
  const moved: MovedMonth[] = [];
  let paidThrough: string | null = null;
  for (const month of order) {
    const movable = refunded !== undefined && month.approvedAt > refunded.approvedAt && month.startDate > today;
    if (!movable) {
      paidThrough = later(paidThrough, month.endDate);
      continue;
    }
    const approvedAt = new Date(month.approvedAt);
    const period = periodAfter(month, approvedAt, paidThrough);
    const end = period.endDate ?? month.endDate;
    if (period.startDate !== month.startDate || end !== month.endDate) {
      moved.push({
        id: month.id,
        startDate: period.startDate,
        endDate: end,
        isExtension: paidThrough !== null && paidThrough >= utcDay(approvedAt),
      });
    }
    paidThrough = later(paidThrough, end);
  }
  return { moved, paidThrough };
}

// ---------------------------------------------------------------------------------------------
// The referrer's reward

/**
 * The reward taken back from a referrer with `available` earnings: as much as is available, and
 * the rest recorded as owed, so the balance never goes below zero (docs/data-model.md, "Why
 * `referralEarnings` stays consistent").
 */
export function clawbackOf(reward: number, available: number): { fromAvailable: number; owed: number } {
  // In whole cents, so sums of dollars never drift in floating point.
  const take = Math.min(toCents(reward), Math.max(0, toCents(available)));
  return { fromAvailable: centsToUsd(take), owed: centsToUsd(toCents(reward) - take) };
}

/**
 * A new referral credit of `amount` for a referrer who owes `owed` from earlier clawbacks: the owed
 * part is settled first (`offset`), and the rest becomes available.
 */
export function creditAfterOwed(amount: number, owed: number): { toAvailable: number; offset: number } {
  const offset = Math.min(toCents(amount), Math.max(0, toCents(owed)));
  return { toAvailable: centsToUsd(toCents(amount) - offset), offset: centsToUsd(offset) };
}
