import { failedMailsQuerySchema } from '@goldbot/shared';
import { listFailedMails } from '../domain/email/mail-outbox.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { listFailedMailsDeps } from '../wiring/admin.js';

/** The mails that still failed after their automatic retries (GSI2 MAILOUT#FAILED), newest first, with their count. */
export const handler = defineHandler(
  { route: 'admin-failed-mails', checks: awsChecks, query: failedMailsQuerySchema },
  async ({ query }) => ok(await listFailedMails(listFailedMailsDeps, query)),
);
