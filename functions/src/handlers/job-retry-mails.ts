import { retryDueMails } from '../domain/email/mail-outbox.js';
import { defineJob } from '../kit/job-handler.js';
import { retryDueMailsDeps } from '../wiring/mail-outbox-deps.js';

/**
 * Every 5 minutes (shared/src/schedules.ts): sends again the kept mails whose next attempt is due,
 * with exponential back-off between attempts; a mail whose last attempt fails is listed for the
 * administrators (`GET /api/admin/failed-mails`). Each mail is claimed before it is sent, so two
 * runs at once, or one delivered twice, send it once.
 */
export const handler = defineJob('job-retry-mails', async ({ log, remainingMs }) => {
  const run = await retryDueMails(retryDueMailsDeps(log, remainingMs));
  return { ...run };
});
