import { appLink } from '../config.js';
import { recordTestMailSent } from '../data/admin-test-mail-store.js';
import type { TestMailDeps } from '../domain/admin/setup-checklist.js';
import { adminTestMailValues } from '../domain/email/templates.js';
import { describeError, type Logger } from '../kit/logger.js';
import { sendTemplateMail } from './template-mail.js';

/** The test mail as the route sends it: the built-in `adminTestMail`, then the profile's checklist step. */
export const sendTestMailDeps = (log: Logger): TestMailDeps => ({
  send: (to, sentAt) =>
    sendTemplateMail(to, 'adminTestMail', adminTestMailValues({ sentAt, adminLink: appLink('/admin/dashboard') })),
  recordSent: recordTestMailSent,
  now: () => new Date(),
  onSendFailure: (error) => log.error('test mail not sent', describeError(error)),
});
