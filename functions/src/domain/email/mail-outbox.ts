import { FAILED_MAIL_MESSAGES, type FailedMail, type PageQuery } from '@goldbot/shared';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../errors.js';
import { backoffMs } from '../../lib/retry.js';
import type { Logger } from '../logger-port.js';
import type { AuditEntry } from '../records/audit-entry.js';
import type { EmailTemplateType } from './templates.js';

/**
 * The mail outbox: a mail an effect promised (a payment's pending or verified mail, a withdrawal's or
 * a refund's decision, a free trial's or a Basic package's activation, the bot's connection to a customer's MetaTrader account) whose first send failed after
 * the effect was committed. It is kept, tried again with exponential back-off by `job-retry-mails`,
 * and after MAIL_RETRY.maxAttempts listed for the administrators as failed, who can send it again.
 *
 * One outbox mail per effect: its id is derived from the template type and the entity the effect
 * changed, and it is only ever created when absent, so the same effect retried (a repeated request,
 * a job delivered twice) keeps its mail once. A mail that was delivered is never kept: it is only
 * recorded after a send failed, and one delivered from the outbox stays as `sent` until its TTL so
 * the same effect cannot keep it again.
 */

/** The back-off of the retries: 1, 2, 4 ... minutes after each failed attempt, at most 2 hours apart. */
export const MAIL_RETRY = {
  /** Attempts in all, the first send included; the last failure lists the mail as failed. */
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 2 * 60 * 60_000,
  /** How long a run or a resend holds a mail it is sending, so no other one sends it meanwhile. */
  claimMs: 2 * 60_000,
  /** Mails one run reads at a time. */
  pageSize: 25,
  /** A run stops taking new mails with less than this left of its function's time. */
  reserveMs: 10_000,
  /** How long a delivered mail is remembered (so its effect cannot keep it again): 30 days. */
  sentRetentionSeconds: 30 * 24 * 60 * 60,
} as const;

/** Seconds an admin is asked to wait before resending a mail SES refused again (Retry-After of the 503). */
export const RESEND_RETRY_AFTER_SECONDS = 60;

/**
 * The wait after failed attempt `attempt` (1 for the first send): the one backoff of lib/retry.ts,
 * without jitter (the runs are minutes apart, nothing to spread), capped.
 */
export const retryDelayMs = (attempt: number): number =>
  Math.min(MAIL_RETRY.maxDelayMs, backoffMs(Math.max(1, attempt), { baseMs: MAIL_RETRY.baseDelayMs, jitter: 0 }));

/** What it takes to render and send the mail again: the template is read at send time (an admin's edit wins). */
export interface OutboxMailContent {
  to: string;
  type: EmailTemplateType;
  values: Record<string, string | number>;
  /** The entity the effect changed (payment, withdrawal, refund, subscription id). */
  entityId: string;
}

export type OutboxMailStatus = 'due' | 'failed' | 'sent';

export interface OutboxMail extends OutboxMailContent {
  _id: string;
  status: OutboxMailStatus;
  /** Sends tried so far, the first (failed) one included. */
  attempts: number;
  createdAt: string;
  /** When the next automatic attempt is due (status `due`). */
  nextAttemptAt: string | null;
  /** When the last attempt failed for good (status `failed`). */
  failedAt: string | null;
  lastError: string;
  /** The run or resend sending it now, and until when it holds it. */
  claimId: string | null;
  claimedUntil: string | null;
  sentAt: string | null;
}

/** The outcome of a failed attempt: tried again later, or listed as failed. */
export type AttemptFailure =
  | { status: 'due'; attempts: number; nextAttemptAt: string; lastError: string }
  | { status: 'failed'; attempts: number; failedAt: string; lastError: string };

export interface MailOutboxStore {
  /** Records a mail whose first send failed; false when its effect already has one (kept or sent). */
  keep(
    mail: OutboxMailContent,
    firstFailure: { at: string; lastError: string; nextAttemptAt: string },
  ): Promise<boolean>;
  /** The due mails, oldest due first, whose next attempt is at or before `at`. */
  dueMails(at: string, limit: number): Promise<OutboxMail[]>;
  /**
   * Takes a due mail for one attempt: only while it is still due as read (`nextAttemptAt`), and
   * moves its next attempt to `until`, so a run that dies mid-send leaves it due again after that.
   */
  claimDue(mail: OutboxMail, claim: { claimId: string; until: string }): Promise<boolean>;
  /** Takes a failed mail for an admin's resend: only while failed and not held by another resend. */
  claimFailed(id: string, claim: { claimId: string; at: string; until: string }): Promise<boolean>;
  /** The claimed mail was delivered: it leaves both lists (with `audit`, in the same transaction). */
  markSent(id: string, claimId: string, sentAt: string, audit?: AuditEntry): Promise<boolean>;
  /** The claimed attempt failed: back to due later, or to the failed list. */
  markFailed(id: string, claimId: string, failure: AttemptFailure): Promise<boolean>;
  getMail(id: string): Promise<OutboxMail | null>;
  listFailed(page: PageQuery): Promise<{ items: OutboxMail[]; nextCursor: string | null }>;
  countFailed(): Promise<number>;
}

/** Sends a kept mail: its template read now, rendered with the kept values. */
export type OutboxSender = (mail: OutboxMailContent) => Promise<void>;

/**
 * What an attempt's failure says, for the list and the logs: the error's name and its first line,
 * cut short, with any e-mail address masked. Never the mail's values or a stack.
 */
export function describeMailError(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = (message.split('\n')[0] ?? '').replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[address]').slice(0, 200);
  return firstLine === '' || firstLine === name ? name : `${name}: ${firstLine}`;
}

/** The state after attempt number `attempts` failed at `at`. */
export function planAttemptFailure(attempts: number, at: Date, error: unknown): AttemptFailure {
  const lastError = describeMailError(error);
  if (attempts >= MAIL_RETRY.maxAttempts) return { status: 'failed', attempts, failedAt: at.toISOString(), lastError };
  return {
    status: 'due',
    attempts,
    nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
    lastError,
  };
}

export interface DeliverDeps {
  outbox: Pick<MailOutboxStore, 'keep'>;
  send: OutboxSender;
  now: () => Date;
  log: Logger;
}

/**
 * Sends a mail an effect promised, after the effect was committed. A failed send is kept in the
 * outbox (its first retry a minute later) and this resolves: the mail is no longer the caller's to
 * lose. It throws only when the send failed and the mail could not be kept either, so the caller
 * logs it as lost (its effect still stands).
 */
export async function deliverOrKeep(deps: DeliverDeps, mail: OutboxMailContent): Promise<'sent' | 'kept'> {
  try {
    await deps.send(mail);
    return 'sent';
  } catch (sendError) {
    const at = deps.now();
    const failure = planAttemptFailure(1, at, sendError);
    const nextAttemptAt = failure.status === 'due' ? failure.nextAttemptAt : at.toISOString();
    try {
      const kept = await deps.outbox.keep(mail, { at: at.toISOString(), lastError: failure.lastError, nextAttemptAt });
      deps.log.warn(kept ? 'mail kept for retry' : 'mail of this effect already kept', {
        type: mail.type,
        entityId: mail.entityId,
        error: failure.lastError,
      });
      return 'kept';
    } catch (keepError) {
      deps.log.error('mail could not be kept for retry', {
        type: mail.type,
        entityId: mail.entityId,
        keepError: describeMailError(keepError),
      });
      throw sendError;
    }
  }
}

export interface RetryRunDeps {
  outbox: MailOutboxStore;
  send: OutboxSender;
  now: () => Date;
  newClaimId: () => string;
  remainingMs?: () => number;
  log: Logger;
}

export interface RetryRun {
  processed: number;
  sent: number;
  retryLater: number;
  /**
   * Mails whose last attempt failed and that joined the admins' list: an outcome the run handled,
   * so not its `failed` count (a job with failed items is retried by the scheduler).
   */
  listedFailed: number;
  /** Mails whose claim or outcome the table refused (a DynamoDB failure): tried again by a later run. */
  failed: number;
  skipped: number;
  complete: boolean;
}

/**
 * `job-retry-mails`: every due mail once, oldest first. Each is claimed (so a second run at the same
 * time, or the job delivered twice, never sends it twice), sent, then marked sent or given its next
 * attempt; the one whose last attempt failed joins the failed list.
 */
export async function retryDueMails(deps: RetryRunDeps): Promise<RetryRun> {
  const run: RetryRun = {
    processed: 0,
    sent: 0,
    retryLater: 0,
    listedFailed: 0,
    failed: 0,
    skipped: 0,
    complete: true,
  };
  const outOfTime = () => deps.remainingMs !== undefined && deps.remainingMs() < MAIL_RETRY.reserveMs;
  const seen = new Set<string>();
  for (;;) {
    const startedAt = deps.now();
    const page = (await deps.outbox.dueMails(startedAt.toISOString(), MAIL_RETRY.pageSize)).filter(
      (mail) => !seen.has(mail._id),
    );
    if (page.length === 0) break;
    for (const mail of page) {
      if (outOfTime()) {
        run.complete = false;
        return run;
      }
      seen.add(mail._id);
      run.processed += 1;
      try {
        await attemptDueMail(deps, mail, run);
      } catch (error) {
        // The table refused a claim or a mark: the mail stays due (or its claim runs out) and a later run tries it.
        run.failed += 1;
        deps.log.error('mail retry not recorded; a later run tries it again', {
          mailId: mail._id,
          type: mail.type,
          error: describeMailError(error),
        });
      }
    }
  }
  return run;
}

/** One attempt at a due mail: claimed, sent, then marked sent or given its next attempt (or listed). */
async function attemptDueMail(deps: RetryRunDeps, mail: OutboxMail, run: RetryRun): Promise<void> {
  const claimId = deps.newClaimId();
  const until = new Date(deps.now().getTime() + MAIL_RETRY.claimMs).toISOString();
  if (!(await deps.outbox.claimDue(mail, { claimId, until }))) {
    run.skipped += 1;
    return;
  }
  try {
    await deps.send(mail);
  } catch (error) {
    const failure = planAttemptFailure(mail.attempts + 1, deps.now(), error);
    await deps.outbox.markFailed(mail._id, claimId, failure);
    if (failure.status === 'due') {
      run.retryLater += 1;
      return;
    }
    run.listedFailed += 1;
    deps.log.error('mail failed after its last retry; listed for the administrators', {
      mailId: mail._id,
      type: mail.type,
      attempts: failure.attempts,
      error: failure.lastError,
    });
    return;
  }
  run.sent += 1;
  // Delivered: if this mark is lost, the claim runs out and the mail is sent once more (at least once, never lost).
  await deps.outbox.markSent(mail._id, claimId, deps.now().toISOString());
}

/** The admin's view of a kept mail. */
export const toFailedMailView = (mail: OutboxMail): FailedMail => ({
  _id: mail._id,
  to: mail.to,
  kind: mail.type,
  entityId: mail.entityId,
  createdAt: mail.createdAt,
  failedAt: mail.failedAt ?? mail.createdAt,
  attempts: mail.attempts,
  lastError: mail.lastError,
});

/** `admin-failed-mails`: the mails that failed after their retries, newest first, with how many there are. */
export async function listFailedMails(store: Pick<MailOutboxStore, 'listFailed' | 'countFailed'>, query: PageQuery) {
  const [page, total] = await Promise.all([store.listFailed(query), store.countFailed()]);
  return { mails: page.items.map(toFailedMailView), total, nextCursor: page.nextCursor };
}

export interface ResendDeps {
  outbox: MailOutboxStore;
  send: OutboxSender;
  now: () => Date;
  newClaimId: () => string;
  newId: () => string;
}

/**
 * `admin-failed-mail-resend`: sends a failed mail again, once however often it is asked at the same
 * time (the claim is a conditional update). Delivered, it leaves the list with its audit entry in
 * one transaction. Refused again by SES, it stays listed with the new error and the answer is 503.
 */
export async function resendFailedMail(
  deps: ResendDeps,
  id: string,
  admin: { id: string; email?: string },
): Promise<{ message: string; mail: FailedMail }> {
  const mail = await deps.outbox.getMail(id);
  if (!mail) throw new NotFoundError(FAILED_MAIL_MESSAGES.notFound);
  if (mail.status === 'sent') return { message: FAILED_MAIL_MESSAGES.alreadySent, mail: toFailedMailView(mail) };
  if (mail.status !== 'failed') throw new ConflictError(FAILED_MAIL_MESSAGES.stillRetrying);
  const at = deps.now();
  const claimId = deps.newClaimId();
  const claimed = await deps.outbox.claimFailed(id, {
    claimId,
    at: at.toISOString(),
    until: new Date(at.getTime() + MAIL_RETRY.claimMs).toISOString(),
  });
  if (!claimed) {
    const now = await deps.outbox.getMail(id);
    if (now?.status === 'sent') return { message: FAILED_MAIL_MESSAGES.alreadySent, mail: toFailedMailView(now) };
    throw new ConflictError(FAILED_MAIL_MESSAGES.inProgress);
  }
  try {
    await deps.send(mail);
  } catch (error) {
    const attempts = mail.attempts + 1;
    await deps.outbox.markFailed(id, claimId, {
      status: 'failed',
      attempts,
      failedAt: deps.now().toISOString(),
      lastError: describeMailError(error),
    });
    const refused = new ServiceUnavailableError(FAILED_MAIL_MESSAGES.sendFailed);
    refused.headers['Retry-After'] = String(RESEND_RETRY_AFTER_SECONDS);
    throw refused;
  }
  const sentAt = deps.now().toISOString();
  const audit: AuditEntry = {
    _id: deps.newId(),
    actor: admin.id,
    ...(admin.email ? { actorEmail: admin.email } : {}),
    action: 'mail.resend',
    target: { type: 'mail', id },
    details: { kind: mail.type, entityId: mail.entityId, attempts: mail.attempts + 1, from: 'failed', to: 'sent' },
    at: sentAt,
  };
  await deps.outbox.markSent(id, claimId, sentAt, audit);
  return {
    message: FAILED_MAIL_MESSAGES.resent,
    mail: { ...toFailedMailView(mail), attempts: mail.attempts + 1 },
  };
}
