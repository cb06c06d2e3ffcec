import { idPathSchema } from '@goldbot/shared';
import { resendFailedMail } from '../domain/email/mail-outbox.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { resendFailedMailDeps } from '../wiring/mail-outbox-deps.js';

/** Sends a failed mail again, once under double clicks; delivered, it leaves the list (audited). */
export const handler = defineHandler(
  { route: 'admin-failed-mail-resend', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await resendFailedMail(resendFailedMailDeps, params.id, { id: caller.userId, email: caller.email });
    log.info('failed mail resend answered', { mailId: params.id, adminId: caller.userId, kind: result.mail.kind });
    return ok(result);
  },
);
