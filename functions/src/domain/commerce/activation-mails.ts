import type { AdminSubscription } from '@goldbot/shared';
import { SYSTEM_ACTOR, type AuditEntry } from '../records/audit-entry.js';
import { toAdminSubscriptionView, type SubscriptionRecord } from '../records/subscription-record.js';
import { subscriptionMailValues, type EmailTemplate, type TemplateMailer } from '../email/templates.js';
import { utcDay } from './package-dates.js';

/**
 * The day's activation mails (the admin's Activations screen; docs/data-model.md, "Subscription",
 * "Activation mails"), shared by the admin's 'Send Activation Emails' and the 06:00 UTC job.
 *
 * The list is the sparse index of Basic subscriptions that are active, start today (UTC) and were
 * not mailed. Each one is **claimed first** with one conditional update (notificationSent
 * false → true, removed from the index, condition: not yet sent and still active), and only the
 * request whose claim succeeded sends the `subscriptionActivation` mail. A failed mail puts the
 * claim back (flag false, index keys restored), so the next run retries it, and counts as failed;
 * one failure never stops the rest. Two clicks, or the job racing the button, therefore never mail
 * anyone twice: both may list a row, only one can claim it.
 */
export interface ActivationPage {
  items: SubscriptionRecord[];
  nextCursor: string | null;
}

/** Who claimed a row, when, and the run's own id (only that run may put the claim back). */
export interface ActivationClaim {
  at: string;
  by: string;
  claimId: string;
}

export interface ActivationStore {
  /** One page of the sparse index `ACTIVATION#<day>`. */
  activationPage(day: string, page: { limit: number; cursor?: string }): Promise<ActivationPage>;
  /** Live username and e-mail of the owners (one BatchGetItem of their profiles); a missing profile is absent. */
  recipients(userIds: readonly string[]): Promise<Map<string, { username: string; email: string }>>;
  /** The one conditional update; false when another request claimed it first or it is no longer active. */
  claim(subscription: SubscriptionRecord, claim: ActivationClaim): Promise<boolean>;
  /** Undoes this run's claim (flag false, index keys back); false if the row no longer holds that claim. */
  release(subscription: SubscriptionRecord, claimId: string): Promise<boolean>;
  /** Appends an audit entry (a Put that only creates). */
  appendAudit(entry: AuditEntry): Promise<void>;
}

export interface ActivationDeps {
  store: ActivationStore;
  mailer: TemplateMailer;
  /** The `subscriptionActivation` template (admin-edited or the default), read once per run. */
  loadTemplate: () => Promise<EmailTemplate>;
  now: () => Date;
  newId: (nowMs: number) => string;
  dashboardLink: string;
  /** Told about each failed row (the caller logs it with its ids); never thrown. */
  onFailure: (subscription: SubscriptionRecord, stage: 'mail' | 'release', error: unknown) => void;
  /**
   * Told when the run's audit entry could not be written. The mails are out by then, so the run
   * still answers what it did; the caller logs the whole entry, which keeps the record.
   */
  onAuditFailure: (entry: AuditEntry, error: unknown) => void;
  /** Milliseconds left in this run (the job's or the request's deadline). */
  remainingMs?: () => number;
  /** No more rows are started with less than this left (RESERVE_MS for the job; less for a click). */
  reserveMs?: number;
}

export interface Actor {
  /** The administrator's sub, or SYSTEM_ACTOR for the job. */
  id: string;
  email?: string;
}

export interface ActivationRun {
  /** The UTC day whose activations were sent. */
  day: string;
  /** Rows looked at. */
  processed: number;
  /** Mails sent (claims kept). */
  sent: number;
  /** Mails that failed (claims put back for the next run). */
  failed: number;
  /** Rows another request had claimed, or that no longer qualify (the index lags the table). */
  skipped: number;
  /** False when the run stopped early for its time budget. */
  complete: boolean;
  sentIds: string[];
  failedIds: string[];
  /** Whether the run's audit entry was written (false when there was nothing to record, or it failed). */
  audited: boolean;
}

/** Rows per index page (one Query) and mails in flight at once within a page. */
export const ACTIVATION_PAGE_SIZE = 100;
export const MAIL_CONCURRENCY = 4;
/** The job stops starting new rows when less than this is left before its deadline. */
export const RESERVE_MS = 15_000;
/** At most this many ids are listed in one audit entry (the counts are always exact). */
export const AUDIT_MAX_IDS = 1000;

/** Whether a listed row still qualifies: the index is eventually consistent, the table decides. */
export const qualifies = (sub: SubscriptionRecord, day: string) =>
  sub.packageSlug === 'basic' && sub.status === 'active' && !sub.notificationSent && sub.startDate === day;

/** Every page of today's list (bounded by one day's Basic starts), for the admin screen. */
export async function listActivations(store: ActivationStore, now: Date): Promise<AdminSubscription[]> {
  const day = utcDay(now);
  const rows: AdminSubscription[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.activationPage(day, { limit: ACTIVATION_PAGE_SIZE, cursor });
    rows.push(...page.items.filter((sub) => qualifies(sub, day)).map((sub) => toAdminSubscriptionView(sub, day)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return rows;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inBatches<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Claims and mails every row of today's list, page by page, and records one audit entry for the
 * run: for an administrator when anything was attempted, for the job only when something was sent.
 */
export async function sendActivationMails(deps: ActivationDeps, actor: Actor): Promise<ActivationRun> {
  const started = deps.now();
  const day = utcDay(started);
  const claimId = deps.newId(started.getTime());
  const template = await deps.loadTemplate();
  const run: ActivationRun = {
    day,
    processed: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    complete: true,
    sentIds: [],
    failedIds: [],
    audited: false,
  };
  const reserve = deps.reserveMs ?? RESERVE_MS;
  const outOfTime = () => deps.remainingMs !== undefined && deps.remainingMs() < reserve;

  const handle = async (sub: SubscriptionRecord, owner: { username: string; email: string }) => {
    if (outOfTime()) {
      run.complete = false;
      return;
    }
    run.processed += 1;
    if (!qualifies(sub, day)) {
      run.skipped += 1;
      return;
    }
    const claimed = await deps.store.claim(sub, { at: deps.now().toISOString(), by: actor.id, claimId });
    if (!claimed) {
      run.skipped += 1;
      return;
    }
    try {
      const values = subscriptionMailValues({
        username: owner.username,
        packageName: sub.packageName,
        startDate: sub.startDate,
        endDate: sub.endDate,
        dashboardLink: deps.dashboardLink,
      });
      await deps.mailer.send(owner.email, template, values, { type: 'subscriptionActivation', entityId: sub._id });
      run.sent += 1;
      run.sentIds.push(sub._id);
    } catch (error) {
      run.failed += 1;
      run.failedIds.push(sub._id);
      deps.onFailure(sub, 'mail', error);
      try {
        await deps.store.release(sub, claimId);
      } catch (releaseError) {
        // The row stays marked as sent without a mail: reported so an operator can put it back.
        deps.onFailure(sub, 'release', releaseError);
      }
    }
  };

  let cursor: string | undefined;
  do {
    if (outOfTime()) {
      run.complete = false;
      break;
    }
    const page = await deps.store.activationPage(day, { limit: ACTIVATION_PAGE_SIZE, cursor });
    const ownerIds = [...new Set(page.items.map((sub) => sub.userId))];
    const owners = ownerIds.length > 0 ? await deps.store.recipients(ownerIds) : new Map<string, never>();
    // A claimed row leaves the index; the cursor resumes after this page, so a row put back after
    // a failed mail is not retried in the same run.
    await inBatches(page.items, MAIL_CONCURRENCY, (sub) => handle(sub, owners.get(sub.userId) ?? sub));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);

  // Written after the mails, as its own Put: what it records (sent, failed) only exists once the
  // mails went out, and a mail cannot be part of a transaction. Each claim itself carries who and
  // when (notifiedBy, notifiedAt) in the same write that changes the row.
  const worthRecording = actor.id === SYSTEM_ACTOR ? run.sent > 0 : run.sent + run.failed > 0;
  if (worthRecording) {
    const entry = auditEntryOf(run, actor, deps.now(), deps.newId);
    try {
      await deps.store.appendAudit(entry);
      run.audited = true;
    } catch (error) {
      deps.onAuditFailure(entry, error);
    }
  }
  return run;
}

/** The one `notifications.send` entry of a run (target: the day's activations). */
export function auditEntryOf(run: ActivationRun, actor: Actor, at: Date, newId: (nowMs: number) => string): AuditEntry {
  const truncated = run.sentIds.length + run.failedIds.length > AUDIT_MAX_IDS;
  return {
    _id: newId(at.getTime()),
    actor: actor.id,
    ...(actor.email ? { actorEmail: actor.email } : {}),
    action: 'notifications.send',
    target: { type: 'subscription', id: run.day },
    details: {
      template: 'subscriptionActivation',
      field: 'notificationSent',
      from: false,
      to: true,
      sent: run.sent,
      failed: run.failed,
      subscriptionIds: run.sentIds.slice(0, AUDIT_MAX_IDS),
      failedSubscriptionIds: run.failedIds.slice(0, Math.max(0, AUDIT_MAX_IDS - run.sentIds.length)),
      ...(truncated ? { idsTruncated: true } : {}),
    },
    at: at.toISOString(),
  };
}
