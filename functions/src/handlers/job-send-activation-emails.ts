import { SYSTEM_ACTOR } from '../domain/records/audit-entry.js';
import { sendActivationMails } from '../domain/commerce/activation-mails.js';
import { defineJob } from '../kit/job-handler.js';
import { sendActivationMailsDeps } from '../wiring/activation-mail-deps.js';

/**
 * `job-send-activation-emails` (06:00 UTC): the same claim-then-mail module as the admin's button,
 * as the system actor. A failed mail is put back and makes the run an error, so Lambda's retries of
 * the run (or the admin's button later that day) pick it up; the audit entry is written only when
 * something was sent.
 */
export const handler = defineJob('job-send-activation-emails', async ({ log, remainingMs }) => {
  const run = await sendActivationMails(sendActivationMailsDeps(log, remainingMs), { id: SYSTEM_ACTOR });
  return {
    processed: run.processed,
    mailed: run.sent,
    failed: run.failed,
    skipped: run.skipped,
    complete: run.complete,
  };
});
