import { NEW_WORK_MAIL, WORK_KINDS, type WorkKind } from '@goldbot/shared';
import type { Arrivals, WorkSources } from './waiting-work.js';

/**
 * `job-new-work-mail` (every 5 minutes; docs/data-model.md, "New-work mail"): tells every
 * administrator what work arrived since the last mail of its kind, at most once per kind per
 * NEW_WORK_MAIL.minIntervalMinutes, so the 2-hour activation promise does not depend on someone
 * watching the back-office.
 *
 * Decisions:
 * - A window per kind. Each kind's notice remembers the end of the window its last mail reported
 *   (`coveredUntil`); the next mail reports what arrived after it and still waits (a payment
 *   approved meanwhile is not news). The window ends SETTLE_MS before the run, so an item whose
 *   request began earlier but committed later (a route runs up to 10 s, and the list indexes
 *   follow within a second) is in the next window instead of falling between two. Without a
 *   notice, or after a long pause (a kind turned off and on again), the window reaches back
 *   NEW_WORK_MAIL.lookbackHours.
 * - Claim, then send. The notice is claimed with a conditional write that holds only when the
 *   kind's last mail is at least the interval old, so two runs (Lambda's retry, an overlapping
 *   schedule) never both mail; the job's lease keeps them apart in the first place.
 * - A mail no administrator received (SES refused every one) gives its claim back and fails the
 *   run, so Lambda's retry sends it. A mail some administrators received keeps its claim: sending
 *   it again would mail those twice inside the interval; the failures are reported.
 * - Nothing is written and nobody is mailed when nothing new arrived, when the kind is turned off
 *   in Subscription Settings, or when this server cannot list the kind (WorkSource.mail null).
 */

/** How long before the run a window ends: a request that began earlier has committed and is listed by then. */
export const SETTLE_MS = 30_000;

/** The last mail of one kind. */
export interface NewWorkNotice {
  /** When it was claimed (ISO): the next mail of the kind waits until the interval has passed. */
  mailedAt: string;
  /** The end of the window it reported (ISO): the next window starts after it. */
  coveredUntil: string;
  /** The run that sent it; a release touches only its own claim. */
  runId: string;
  /** How many arrivals it reported. */
  reported: number;
}

export interface NewWorkNoticeStore {
  /** Every kind's last mail, read consistently; a kind never mailed is absent. */
  readNotices(): Promise<Partial<Record<WorkKind, NewWorkNotice>>>;
  /** Records `next` as the kind's last mail unless one was claimed after `cutoff` (ISO); false when it was. */
  claim(kind: WorkKind, next: NewWorkNotice, cutoff: string): Promise<boolean>;
  /** After a mail nobody received: puts `previous` back (none: removes the notice), if `claimed` is still the kind's. */
  release(kind: WorkKind, claimed: NewWorkNotice, previous: NewWorkNotice | undefined): Promise<void>;
}

/** What one mail reports. */
export interface NewWorkMail {
  kind: WorkKind;
  /** The window's start (ISO): "since". */
  since: string;
  arrivals: Arrivals;
  /** How many of the kind wait now in all; null where this server keeps no count of them. */
  waiting: number | null;
  /** The back-office screen where the work is done (`/admin/payments`). */
  screen: string;
}

export interface NewWorkMailDeps {
  sources: WorkSources;
  notices: NewWorkNoticeStore;
  /** Subscription Settings' switches: false for a kind an administrator turned off. */
  readSwitches: () => Promise<Record<WorkKind, boolean>>;
  /** Every administrator's address; asked at most once per run, and only when a mail is due. */
  listAdmins: () => Promise<readonly string[]>;
  send: (to: string, mail: NewWorkMail) => Promise<void>;
  now: Date;
  /** This run's id, written on the notices it claims. */
  runId: string;
  /** Some administrators' mails failed while the others went out: the notice stands. */
  onPartialFailure: (kind: WorkKind, failures: readonly unknown[], of: number) => void;
  /** A kind whose mail could not go out at all (left for the retry or the next run). */
  onFailure: (kind: WorkKind, error: unknown) => void;
}

export type NewWorkOutcome = 'mailed' | 'nothingNew' | 'throttled' | 'off' | 'unavailable' | 'noAdmins';

/** Every administrator's mail failed: the claim was given back and the retry sends it. */
export class NewWorkMailFailedError extends AggregateError {
  constructor(kind: WorkKind, errors: readonly unknown[]) {
    super(errors, `the ${kind} mail reached no administrator (${errors.length} failed); it is sent again by the retry`);
    this.name = 'NewWorkMailFailedError';
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The window a kind's next mail reports, from its last notice and the run's time. */
export function nextWindow(notice: NewWorkNotice | undefined, nowMs: number): { since: string; until: string } {
  const lookbackStart = iso(nowMs - NEW_WORK_MAIL.lookbackHours * 3_600_000);
  const covered = notice?.coveredUntil;
  return {
    since: covered !== undefined && covered > lookbackStart ? covered : lookbackStart,
    until: iso(nowMs - SETTLE_MS),
  };
}

/** Whether a kind's last mail is recent enough that the next one must wait. */
export const throttled = (notice: NewWorkNotice | undefined, cutoff: string) =>
  notice !== undefined && notice.mailedAt > cutoff;

export async function mailNewWork(deps: NewWorkMailDeps) {
  const nowMs = deps.now.getTime();
  const mailedAt = deps.now.toISOString();
  const cutoff = iso(nowMs - NEW_WORK_MAIL.minIntervalMinutes * 60_000);
  const [notices, switches] = await Promise.all([deps.notices.readNotices(), deps.readSwitches()]);
  let admins: Promise<readonly string[]> | null = null;
  const adminList = () => (admins ??= deps.listAdmins());

  const mailKind = async (kind: WorkKind): Promise<NewWorkOutcome> => {
    const source = deps.sources[kind];
    if (source.mail === null) return 'unavailable';
    if (!switches[kind]) return 'off';
    const previous = notices[kind];
    if (throttled(previous, cutoff)) return 'throttled';
    const window = nextWindow(previous, nowMs);
    if (window.since >= window.until) return 'nothingNew';
    const arrivals = await source.mail.arrivals(window, NEW_WORK_MAIL.listedItems);
    if (arrivals.total === 0) return 'nothingNew';
    const recipients = await adminList();
    if (recipients.length === 0) return 'noAdmins';
    const waiting = await source.waiting();
    const claim: NewWorkNotice = { mailedAt, coveredUntil: window.until, runId: deps.runId, reported: arrivals.total };
    if (!(await deps.notices.claim(kind, claim, cutoff))) return 'throttled';
    const mail: NewWorkMail = { kind, since: window.since, arrivals, waiting, screen: source.mail.screen };
    const results = await Promise.allSettled(recipients.map((to) => deps.send(to, mail)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failures.length === recipients.length) {
      await deps.notices.release(kind, claim, previous);
      throw new NewWorkMailFailedError(kind, failures);
    }
    if (failures.length > 0) deps.onPartialFailure(kind, failures, recipients.length);
    return 'mailed';
  };

  const counts: Record<NewWorkOutcome, number> = {
    mailed: 0,
    nothingNew: 0,
    throttled: 0,
    off: 0,
    unavailable: 0,
    noAdmins: 0,
  };
  let failed = 0;
  // Kind after kind: a handful of small reads each, and one kind's failure never stops the others.
  for (const kind of WORK_KINDS) {
    try {
      counts[await mailKind(kind)] += 1;
    } catch (error) {
      failed += 1;
      deps.onFailure(kind, error);
    }
  }
  return { processed: WORK_KINDS.length, failed, complete: true, ...counts };
}
