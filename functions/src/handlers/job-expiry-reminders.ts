import { appLink } from '../config.js';
import { expiryRemindersDeps } from '../wiring/jobs.js';
import { sendExpiryReminders, type ReminderMail } from '../domain/jobs/expiry-reminders.js';
import { expiryReminderMailValues } from '../domain/email/templates.js';
import { defineJob } from '../kit/job-handler.js';
import { describeError } from '../kit/logger.js';
import { sendTemplateMail } from '../wiring/template-mail.js';

const dashboardLink = appLink('/dashboard');

/** The reminder template (an admin's edit, or the default), read at send time, rendered and sent. */
const sendReminder = (mail: ReminderMail): Promise<void> =>
  sendTemplateMail(mail.to, 'subscriptionExpiryReminder', expiryReminderMailValues({ ...mail, dashboardLink }));

/** Daily (shared/src/schedules.ts): mails the holders of a Basic or Pro package that ends in 3 days, once each. */
export const handler = defineJob('job-expiry-reminders', ({ now, log, remainingMs }) =>
  sendExpiryReminders({
    store: expiryRemindersDeps,
    now,
    remainingMs,
    send: sendReminder,
    onFailure: (subscription, error) =>
      log.error('expiry reminder not sent; the next run retries it', {
        subscriptionId: subscription._id,
        userId: subscription.userId,
        endDate: subscription.endDate,
        ...describeError(error),
      }),
  }),
);
