import { ADMIN_MESSAGES } from '@goldbot/shared';
import { sendActivationMails } from '../domain/commerce/activation-mails.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { activationDeps } from '../services/activation-mails.js';

/**
 * 'Send Activation Emails': claims and mails each of today's listed subscribers once (T12), even
 * when clicked twice or racing the 06:00 UTC job; one `notifications.send` audit entry per click.
 */
export const handler = defineHandler({ route: 'payment-send-basic-notifications' }, async ({ caller, log }) => {
  const run = await sendActivationMails(activationDeps(log), { id: caller.userId, email: caller.email });
  log.info('activation mails answered', {
    adminId: caller.userId,
    day: run.day,
    sent: run.sent,
    failed: run.failed,
    skipped: run.skipped,
  });
  return ok({ message: ADMIN_MESSAGES.activationMailsSent(run.sent), sent: run.sent });
});
