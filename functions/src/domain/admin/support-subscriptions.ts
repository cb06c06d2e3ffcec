import {
  ADMIN_MESSAGES,
  MONTH_ABBREVIATIONS,
  PACKAGE_NAMES,
  SUPPORT_MESSAGES,
  type AdminSubscription,
  type PackageName,
  type PackageSlug,
  type SupportSubscriptionInput,
} from '@goldbot/shared';
import { packageSlugOf } from '../commerce/purchase.js';
import { addDays, supportExtensionPeriod, supportGrantPeriod, utcDay, type Period } from '../commerce/package-dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { AuditEntry } from '../records/audit-entry.js';
import { effectiveStatus, toAdminSubscriptionView, type SubscriptionRecord } from '../records/subscription-record.js';
import { adminAuditEntry, type AdminActor } from './admin-actor.js';

/**
 * Support's subscription controls (the user detail modal; docs/data-model.md, "Support's
 * subscription controls"): an administrator grants a paid package for a number of days, extends
 * the current one, or ends it now, always with a reason. Each is one conditional transaction with
 * its audit entry: the rows of the user's subscriptions (a grant or an extension is a new row with
 * `paymentMethod: 'support'` and no amount, chained like a bought extension; an end closes the
 * package's current rows), Basic's `basicPaidThrough` on the value read, the subscription counters,
 * and a version on the profile that makes two admins acting on one user at once conflict rather
 * than both succeed. No payment is written, so no revenue figure moves. Storage is injected.
 */

/** The user as the controls read them: the profile's facts they depend on, and every subscription. */
export interface SupportTarget {
  userId: string;
  username: string;
  email: string;
  /** The end of the last paid Basic day (the Basic lock), or null. */
  basicPaidThrough: string | null;
  /** The support version last written on the profile (0 when never). */
  supportVersion: number;
  subscriptions: SubscriptionRecord[];
}

/** A current row support closes: ended today (running) or before it began (upcoming). */
export interface EndedRow {
  subscription: SubscriptionRecord;
  /** The row's end date after the change: today for a running row; an upcoming row keeps its own. */
  endDate: string | null;
}

export interface SupportPlan {
  action: SupportSubscriptionInput['action'];
  userId: string;
  at: string;
  /** The new row of a grant or an extension. */
  created: SubscriptionRecord | null;
  /** Extension: the row it chains after, which must still be active. */
  chainedAfter: SubscriptionRecord | null;
  /** End: the rows closed now. */
  ended: EndedRow[];
  /** Basic only: `basicPaidThrough` as read (the lock) and its new value. */
  paidThrough: { read: string | null; next: string } | null;
  /** The profile's support version as read, and the one written. */
  version: { read: number; next: number };
  audit: AuditEntry;
}

export type SupportOutcome = 'committed' | 'changed';

export interface SupportStore {
  /** The profile (consistent) and the user's subscriptions; undefined for an unknown or unverified user. */
  readTarget(userId: string): Promise<SupportTarget | undefined>;
  /** The plan's one TransactWriteItems; 'changed' when a condition (a value read) no longer held. */
  commit(plan: SupportPlan): Promise<SupportOutcome>;
}

export interface SupportDeps {
  store: SupportStore;
  now: () => Date;
  newId: (nowMs: number) => string;
}

export interface SupportAnswer {
  message: string;
  /** The user's subscriptions as they are now, newest first. */
  subscriptions: AdminSubscription[];
}

type PaidSlug = Exclude<PackageSlug, 'freeTrial'>;
const PAID_SLUGS: readonly PaidSlug[] = ['basic', 'pro', 'ultimate'];
const NAME_OF: Record<PaidSlug, PackageName> = {
  basic: PACKAGE_NAMES.basic,
  pro: PACKAGE_NAMES.pro,
  ultimate: PACKAGE_NAMES.ultimate,
};

/** Tries before a plan read again after a racing change is given up (409 SUPPORT_MESSAGES.changed). */
export const SUPPORT_ATTEMPTS = 3;

const isPaid = (sub: SubscriptionRecord): sub is SubscriptionRecord & { packageSlug: PaidSlug } =>
  (PAID_SLUGS as readonly string[]).includes(sub.packageSlug);

/** A paid row that runs today or starts later: active, not past its end (`effectiveStatus`). */
export const isCurrentPaid = (sub: SubscriptionRecord, today: string) =>
  isPaid(sub) && effectiveStatus(sub, today) === 'active' && sub.startDate !== null;

/** The last day a package's current rows cover, null for a lifetime one (undefined: none current). */
export function lastDayOf(rows: readonly SubscriptionRecord[]): string | null | undefined {
  if (rows.length === 0) return undefined;
  if (rows.some((row) => row.endDate === null)) return null;
  return rows
    .map((row) => row.endDate ?? '')
    .sort()
    .at(-1);
}

/** 'Mar 31, 2026' for people; the messages say until when. */
const dayText = (day: string) =>
  `${MONTH_ABBREVIATIONS[Number(day.slice(5, 7)) - 1] ?? ''} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
const untilText = (end: string | null) => (end === null ? 'for life' : `until ${dayText(end)}`);

/** The package an extend or an end is about: the one named, else the user's only current one. */
function chosenPackage(current: readonly SubscriptionRecord[], named: PackageName | undefined): PaidSlug {
  if (named) {
    const slug = packageSlugOf(named) as PaidSlug;
    if (!current.some((row) => row.packageSlug === slug)) {
      throw new ConflictError(SUPPORT_MESSAGES.noCurrentOf(named));
    }
    return slug;
  }
  const slugs = PAID_SLUGS.filter((slug) => current.some((row) => row.packageSlug === slug));
  const [only] = slugs;
  if (only === undefined) throw new ConflictError(SUPPORT_MESSAGES.noCurrent);
  if (slugs.length > 1) {
    const message = SUPPORT_MESSAGES.severalCurrent(slugs.map((slug) => NAME_OF[slug]));
    throw new ValidationError(message, { packageName: message });
  }
  return only;
}

function newRow(
  target: SupportTarget,
  slug: PaidSlug,
  period: Period,
  isExtension: boolean,
  id: string,
  at: string,
): SubscriptionRecord {
  return {
    _id: id,
    userId: target.userId,
    username: target.username,
    email: target.email,
    packageSlug: slug,
    packageName: NAME_OF[slug],
    status: 'active',
    startDate: period.startDate,
    endDate: period.endDate,
    paymentMethod: 'support',
    paymentId: null,
    isExtension,
    notificationSent: false,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The change an action makes, from the user as read (pure: the tests build the same). Refusals:
 * a package already current cannot be granted again (extend it), a lifetime one cannot be
 * extended, nothing current cannot be extended or ended, and with several current packages the
 * admin names one.
 */
export function planSupportAction(
  target: SupportTarget,
  input: SupportSubscriptionInput,
  actor: AdminActor,
  now: Date,
  newId: (nowMs: number) => string,
): { plan: SupportPlan; message: string } {
  const at = now.toISOString();
  const today = utcDay(now);
  const current = target.subscriptions.filter((sub) => isCurrentPaid(sub, today));
  const base = {
    action: input.action,
    userId: target.userId,
    at,
    version: { read: target.supportVersion, next: target.supportVersion + 1 },
  };
  const audit = (slug: PaidSlug, details: Record<string, unknown>): AuditEntry =>
    adminAuditEntry(actor, now, newId, {
      action: `subscription.${input.action}`,
      target: { type: 'user', id: target.userId },
      details: {
        username: target.username,
        email: target.email,
        packageName: NAME_OF[slug],
        reason: input.reason,
        ...details,
      },
    });
  // Basic's paid-through day moves with every change of a Basic, on the value read.
  const paidThroughTo = (slug: PaidSlug, next: string | null) =>
    slug === 'basic' && next !== null ? { read: target.basicPaidThrough, next } : null;

  switch (input.action) {
    case 'grant': {
      const slug = packageSlugOf(input.packageName) as PaidSlug;
      const last = lastDayOf(current.filter((row) => row.packageSlug === slug));
      if (last !== undefined) throw new ConflictError(SUPPORT_MESSAGES.alreadyCurrent(NAME_OF[slug], untilText(last)));
      const period = supportGrantPeriod(today, input.days ?? null);
      const created = newRow(target, slug, period, false, newId(now.getTime()), at);
      return {
        plan: {
          ...base,
          created,
          chainedAfter: null,
          ended: [],
          paidThrough: paidThroughTo(slug, period.endDate),
          audit: audit(slug, {
            subscriptionId: created._id,
            days: input.days ?? null,
            startDate: period.startDate,
            endDate: period.endDate,
            from: 'none',
            to: 'active',
          }),
        },
        message: SUPPORT_MESSAGES.granted(NAME_OF[slug], target.username, untilText(period.endDate)),
      };
    }
    case 'extend': {
      const slug = chosenPackage(current, input.packageName);
      const rows = current.filter((row) => row.packageSlug === slug);
      const last = lastDayOf(rows);
      if (last === null || last === undefined) throw new ConflictError(SUPPORT_MESSAGES.lifetime);
      const chainedAfter = rows.find((row) => row.endDate === last) ?? null;
      const period = supportExtensionPeriod(last, input.days);
      const created = newRow(target, slug, period, true, newId(now.getTime()), at);
      return {
        plan: {
          ...base,
          created,
          chainedAfter,
          ended: [],
          paidThrough: paidThroughTo(slug, period.endDate),
          audit: audit(slug, {
            subscriptionId: created._id,
            days: input.days,
            from: last,
            to: period.endDate,
            startDate: period.startDate,
            endDate: period.endDate,
          }),
        },
        message: SUPPORT_MESSAGES.extended(NAME_OF[slug], target.username, untilText(period.endDate)),
      };
    }
    case 'end': {
      const slug = chosenPackage(current, input.packageName);
      const rows = current.filter((row) => row.packageSlug === slug);
      const ended = rows.map((subscription) => ({
        subscription,
        // A running row ends today; one that had not begun keeps the dates it was given.
        endDate: (subscription.startDate ?? today) <= today ? today : subscription.endDate,
      }));
      return {
        plan: {
          ...base,
          created: null,
          chainedAfter: null,
          ended,
          // Nothing of this Basic is paid from today on: a later purchase starts afresh.
          paidThrough: paidThroughTo(slug, addDays(today, -1)),
          audit: audit(slug, {
            subscriptionIds: rows.map((row) => row._id),
            from: 'active',
            to: 'expired',
            endDate: today,
          }),
        },
        message: SUPPORT_MESSAGES.ended(NAME_OF[slug], target.username),
      };
    }
  }
}

/** The user's rows after a committed plan (what the modal shows without another read). */
function applied(target: SupportTarget, plan: SupportPlan): SubscriptionRecord[] {
  const ended = new Map(plan.ended.map((row) => [row.subscription._id, row]));
  const rows = target.subscriptions.map((sub) => {
    const change = ended.get(sub._id);
    return change
      ? { ...sub, status: 'expired' as const, endDate: change.endDate, endedAt: plan.at, updatedAt: plan.at }
      : sub;
  });
  return plan.created ? [plan.created, ...rows] : rows;
}

/**
 * Grants, extends or ends a user's paid package for support. Reads the user, plans, commits; a
 * value read that changed meanwhile (the Basic lock, the support version, a row's status) makes it
 * read and plan again, up to SUPPORT_ATTEMPTS times, then 409.
 */
export async function changeSubscriptionForSupport(
  deps: SupportDeps,
  userId: string,
  input: SupportSubscriptionInput,
  actor: AdminActor,
): Promise<SupportAnswer> {
  for (let attempt = 1; attempt <= SUPPORT_ATTEMPTS; attempt += 1) {
    const target = await deps.store.readTarget(userId);
    if (!target) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    const now = deps.now();
    const { plan, message } = planSupportAction(target, input, actor, now, deps.newId);
    if ((await deps.store.commit(plan)) === 'changed') continue;
    const today = utcDay(now);
    const rows = applied(target, plan).sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id),
    );
    return { message, subscriptions: rows.map((row) => toAdminSubscriptionView(row, today)) };
  }
  throw new ConflictError(SUPPORT_MESSAGES.changed);
}
