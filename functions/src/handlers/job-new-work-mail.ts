import { randomUUID } from 'node:crypto';
import { mailNewWork } from '../domain/admin/new-work-mail.js';
import { runAlone } from '../domain/jobs/job-lease.js';
import { defineJob } from '../kit/job-handler.js';
import { jobLeaseDeps } from '../wiring/jobs.js';
import { mailNewWorkDeps } from '../wiring/new-work-mail-deps.js';

/** The longest a run holds its lease: the function's timeout (infra scheduled-job.ts), never the local 15 minutes. */
export const NEW_WORK_LEASE_MAX_MS = 2 * 60_000;

/**
 * Every 5 minutes (shared/src/schedules.ts): mails every administrator what work arrived since the
 * last mail of its kind, at most once per kind every 15 minutes (domain/admin/new-work-mail.ts).
 * One run at a time: a second one (a retry, or the next schedule while one runs) exits at once.
 */
export const handler = defineJob('job-new-work-mail', async ({ now, log, remainingMs }) => {
  const nowMs = now.getTime();
  const leased = await runAlone(
    jobLeaseDeps('job-new-work-mail'),
    { holder: randomUUID(), nowMs, untilMs: nowMs + Math.min(remainingMs(), NEW_WORK_LEASE_MAX_MS) },
    () => mailNewWork(mailNewWorkDeps(now, log)),
  );
  if (!leased.ran) {
    log.info('another new-work mail run holds the lease; this one stops');
    return { processed: 0, failed: 0, complete: true, leaseHeld: 1 };
  }
  return leased.result;
});
