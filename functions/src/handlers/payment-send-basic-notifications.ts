import { ADMIN_MESSAGES } from '@goldbot/shared';
import { sendActivationMails } from '../domain/commerce/activation-mails.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { sendActivationMailsDeps } from '../wiring/activation-mail-deps.js';

/**
 * A click stops starting rows with this much of the route's time left, so no run is cut off with
 * rows claimed but not mailed; the rest stay listed for the next click (or the 06:00 job).
 */
const CLICK_RESERVE_MS = 2_500;

/**
 * 'Send Activation Emails': claims and mails each of today's listed subscribers once, even
 * when clicked twice or racing the 06:00 UTC job; one `notifications.send` audit entry per click.
 */
export const handler = defineHandler(
  { route: 'payment-send-basic-notifications', checks: awsChecks },
  async ({ caller, log, remainingMs }) => {
    const run = await sendActivationMails(sendActivationMailsDeps(log, remainingMs, CLICK_RESERVE_MS), {
      id: caller.userId,
      email: caller.email,
    });
    log.info('activation mails answered', {
      adminId: caller.userId,
      day: run.day,
      sent: run.sent,
      failed: run.failed,
      skipped: run.skipped,
      complete: run.complete,
    });
    return ok({ message: ADMIN_MESSAGES.activationMailsSent(run.sent), sent: run.sent });
  },
);
