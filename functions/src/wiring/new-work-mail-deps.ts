import { randomUUID } from 'node:crypto';
import { appLink } from '../config.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { dynamoNewWorkNoticeStore } from '../data/new-work-notice-store.js';
import { dynamoSettingsStore } from '../data/settings-store.js';
import type { NewWorkMail, NewWorkMailDeps } from '../domain/admin/new-work-mail.js';
import { newWorkMailValues, type EmailTemplate } from '../domain/email/templates.js';
import { describeError, type Logger } from '../kit/logger.js';
import { templateMailer } from './template-mail.js';
import { WORK_SOURCES } from './work-sources.js';

/**
 * The new-work job as it runs: the table's notices and settings, every member of the Cognito
 * `admin` group (ListUsersInGroup, asked only when a mail is due), and the `adminNewWork` template
 * (an admin's edit or the default) read once per run and sent to each administrator.
 */
export function mailNewWorkDeps(now: Date, log: Logger): NewWorkMailDeps {
  let template: Promise<EmailTemplate> | null = null;
  return {
    sources: WORK_SOURCES,
    notices: dynamoNewWorkNoticeStore,
    readSwitches: async () => (await dynamoSettingsStore.readSubscriptionSettings()).newWorkMail,
    listAdmins: async () => {
      // Loaded when a mail is due only: a run with nothing new never needs Cognito.
      const { adminEmails } = await import('../adapters/cognito-directory.js');
      return adminEmails();
    },
    send: async (to: string, mail: NewWorkMail) => {
      template ??= loadEmailTemplate('adminNewWork');
      const values = newWorkMailValues({
        ...mail,
        reviewLink: appLink(mail.screen),
        settingsLink: appLink('/admin/subscription-settings'),
      });
      await templateMailer.send(to, await template, values);
    },
    now,
    runId: randomUUID(),
    onPartialFailure: (kind, failures, of) =>
      log.error('new-work mail failed for some administrators; the others got it', {
        kind,
        failed: failures.length,
        administrators: of,
        ...describeError(failures[0]),
      }),
    onFailure: (kind, error) =>
      log.error('new-work mail not sent; the retry or the next run sends it', { kind, ...describeError(error) }),
  };
}
