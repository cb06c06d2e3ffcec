import type { PackageSlug } from '@goldbot/shared';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import { utcDay } from '../commerce/package-dates.js';
import { addDays, daysBetween, sweep, type Page } from './sweep.js';

/**
 * `job-expiry-reminders` (daily; docs/data-model.md, "Expiry reminders"): mails the
 * holder of a paid package that ends in 3 days, once per subscription.
 *
 * Decisions:
 * - Paid packages only: Basic and Pro. Ultimate never ends; the free
 *   trial is not paid, is once per customer (nothing to renew) and its start mail already gives the
 *   end date. Adding it is one entry in REMINDED_PACKAGES.
 * - The window is endDate from today+2 to today+3, not only today+3: a day the job did not run
 *   (or a renewal in review that was rejected, below) is caught up the next day, with the days
 *   actually left, while a reminder still leaves time to renew (and the template's "in N days"
 *   stays plural). The claim makes it one mail per subscription whatever the window.
 * - No mail when the package goes on anyway: the customer holds another active (or pending, i.e.
 *   paid and in review) subscription of the same package that ends later, such as a Basic
 *   extension. A deactivated account, or one without a profile, gets no mail. The address and
 *   name are the profile's current ones, not the row's snapshot.
 * - Claim first, then send (as the activation mails do): a conditional `expiryReminderSentAt` is set before the mail;
 *   when the send fails it is removed again, so the next run (or Lambda's retry) sends it.
 */
export const REMINDER_DAYS_BEFORE = 3;
/** The latest a missed reminder is still sent: this many days before the end. */
export const REMINDER_LAST_CATCH_UP_DAYS = 2;
export const REMINDED_PACKAGES: readonly PackageSlug[] = ['basic', 'pro'];

export interface ReminderCandidate {
  subscription: SubscriptionRecord;
  /** When the reminder was claimed; null when it has not been. */
  reminderSentAt: string | null;
}

export interface ReminderHolder {
  username: string;
  email: string;
  isActive: boolean;
}

export interface ReminderStore {
  /** One page of the expiry index with `from` <= endDate <= `to`, soonest first. */
  endingBetween(from: string, to: string, cursor: string | undefined): Promise<Page<ReminderCandidate>>;
  /** The owner's profile; null when there is none. */
  readHolder(userId: string): Promise<ReminderHolder | null>;
  /** Every subscription of the owner. */
  userSubscriptions(userId: string): Promise<SubscriptionRecord[]>;
  /** Sets expiryReminderSentAt = at if absent and the row is still active; false when it was not. */
  claimReminder(subscription: SubscriptionRecord, at: string): Promise<boolean>;
  /** Removes the claim made at `at` (only that one), after a failed send. */
  releaseReminder(subscription: SubscriptionRecord, at: string): Promise<void>;
}

export interface ReminderMail {
  to: string;
  username: string;
  packageName: string;
  /** `YYYY-MM-DD`, the last day of the package. */
  endDate: string;
  daysLeft: number;
}

/** The send failed and its claim could not be put back: this subscription will get no reminder. */
export class ReminderReleaseError extends Error {
  constructor(
    readonly sendError: unknown,
    readonly releaseError: unknown,
  ) {
    super(
      `reminder not sent (${String((sendError as Error)?.message ?? sendError)}) and its claim not released ` +
        `(${String((releaseError as Error)?.message ?? releaseError)}): no reminder will go out for this subscription`,
    );
    this.name = 'ReminderReleaseError';
  }
}

export type ReminderOutcome = 'mailed' | 'alreadyReminded' | 'skipped';

export interface ReminderDeps {
  store: ReminderStore;
  now: Date;
  remainingMs: () => number;
  send: (mail: ReminderMail) => Promise<void>;
  onFailure: (subscription: SubscriptionRecord, error: unknown) => void;
}

/** The days of the window, first and last (`YYYY-MM-DD`). */
export const reminderWindow = (today: string) => ({
  from: addDays(today, REMINDER_LAST_CATCH_UP_DAYS),
  to: addDays(today, REMINDER_DAYS_BEFORE),
});

/**
 * Whether the customer keeps the package after this row ends: another row of the same package,
 * active or pending (paid, in review), that ends later, or is not dated yet (pending).
 */
export function packageContinues(sub: SubscriptionRecord, all: readonly SubscriptionRecord[]): boolean {
  const end = sub.endDate;
  if (end === null) return true;
  return all.some(
    (other) =>
      other._id !== sub._id &&
      other.packageSlug === sub.packageSlug &&
      (other.status === 'pending' || (other.status === 'active' && (other.endDate === null || other.endDate > end))),
  );
}

/** Why a candidate gets no reminder, or null when it gets one (before the claim). */
export function reminderSkipReason(
  candidate: ReminderCandidate,
  window: { from: string; to: string },
): 'notPaidPackage' | 'notInWindow' | 'notActive' | 'alreadyReminded' | null {
  const sub = candidate.subscription;
  if (candidate.reminderSentAt !== null) return 'alreadyReminded';
  if (!REMINDED_PACKAGES.includes(sub.packageSlug)) return 'notPaidPackage';
  if (sub.status !== 'active') return 'notActive';
  if (sub.endDate === null || sub.endDate < window.from || sub.endDate > window.to) return 'notInWindow';
  return null;
}

export async function sendExpiryReminders(deps: ReminderDeps) {
  const today = utcDay(deps.now);
  const at = deps.now.toISOString();
  const window = reminderWindow(today);

  const remind = async (candidate: ReminderCandidate): Promise<ReminderOutcome> => {
    const sub = candidate.subscription;
    const reason = reminderSkipReason(candidate, window);
    if (reason === 'alreadyReminded') return 'alreadyReminded';
    if (reason !== null || sub.endDate === null) return 'skipped';
    const [holder, subscriptions] = await Promise.all([
      deps.store.readHolder(sub.userId),
      deps.store.userSubscriptions(sub.userId),
    ]);
    if (!holder || !holder.isActive || holder.email === '') return 'skipped';
    if (packageContinues(sub, subscriptions)) return 'skipped';
    if (!(await deps.store.claimReminder(sub, at))) return 'alreadyReminded';
    try {
      await deps.send({
        to: holder.email,
        username: holder.username,
        packageName: sub.packageName,
        endDate: sub.endDate,
        daysLeft: daysBetween(today, sub.endDate),
      });
    } catch (error) {
      // Put the claim back so the mail is not lost: the next run (or Lambda's retry) sends it.
      try {
        await deps.store.releaseReminder(sub, at);
      } catch (releaseError) {
        // Still claimed: no double mail, but no reminder either; the failure log says so.
        throw new ReminderReleaseError(error, releaseError);
      }
      throw error;
    }
    return 'mailed';
  };

  const result = await sweep<ReminderCandidate, ReminderOutcome>({
    readPage: (cursor) => deps.store.endingBetween(window.from, window.to, cursor),
    handle: remind,
    onFailure: (candidate, error) => deps.onFailure(candidate.subscription, error),
    remainingMs: deps.remainingMs,
  });
  return {
    processed: result.processed,
    mailed: result.outcomes.mailed ?? 0,
    alreadyReminded: result.outcomes.alreadyReminded ?? 0,
    skipped: result.outcomes.skipped ?? 0,
    failed: result.failed,
    complete: result.complete,
  };
}
