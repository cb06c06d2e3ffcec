import { dynamoMailOutboxStore } from '../data/outbox-mail-store.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { config } from '../config.js';
import { deliverOrKeep, type OutboxMailContent } from '../domain/email/mail-outbox.js';
import type { EmailTemplate, EmailTemplateType, TemplateMailer } from '../domain/email/templates.js';
import { createLogger } from '../kit/logger.js';

const outboxLog = createLogger(config.logLevel, { component: 'mail-outbox' });

/**
 * A template rendered with its values (render.ts, handlebars) and sent through SES with its
 * plain-text part. Only the functions that send mail import this module, so only they bundle
 * handlebars and the SES client. Both are imported on the first send, so a request that mails
 * nothing loads neither, and the function's cold start does not pay for handlebars (about 80 KB of
 * code to evaluate) until it mails.
 */
async function deliver(to: string, template: EmailTemplate, values: Record<string, string | number>): Promise<void> {
  const { renderEmail } = await import('../domain/email/render.js');
  const email = renderEmail(template, values);
  const { sesMailer } = await import('../adapters/ses-mailer.js');
  await sesMailer.send(to, email);
}

/**
 * Mail as the use cases send it. A mail with its effect (a payment's, withdrawal's, refund's or
 * subscription's mail after the change was committed) goes through the outbox: a failed send is
 * kept in the table and `job-retry-mails` sends it later (domain/email/mail-outbox.ts).
 */
export const templateMailer: TemplateMailer = {
  async send(to, template, values, effect) {
    if (!effect) return deliver(to, template, values);
    await deliverOrKeepMail({ to, type: effect.type, values, entityId: effect.entityId }, () => template);
  },
};

/** Sends through the outbox: a failure to read the template or to send keeps the mail for job-retry-mails. */
async function deliverOrKeepMail(
  mail: OutboxMailContent,
  template: () => EmailTemplate | Promise<EmailTemplate>,
): Promise<void> {
  await deliverOrKeep(
    {
      outbox: dynamoMailOutboxStore,
      send: async (content) => deliver(content.to, await template(), content.values),
      now: () => new Date(),
      log: outboxLog,
    },
    mail,
  );
}

/**
 * A mail of one type: its template read at send time (an admin's edit wins over the built-in
 * default), rendered and sent; or the template the caller already read with its own items.
 */
export async function sendTemplateMail(
  to: string,
  type: EmailTemplateType,
  values: Record<string, string | number>,
  template?: EmailTemplate,
): Promise<void> {
  await templateMailer.send(to, template ?? (await loadEmailTemplate(type)), values);
}

/** The mail an effect promised, by template type (read at send time), kept in the outbox when it cannot be sent. */
export async function sendEffectMail(mail: OutboxMailContent): Promise<void> {
  await deliverOrKeepMail(mail, () => loadEmailTemplate(mail.type));
}

/** A kept mail sent again (the retry job, an admin's resend): its template as it reads now. */
export async function sendOutboxMail(mail: OutboxMailContent): Promise<void> {
  await deliver(mail.to, await loadEmailTemplate(mail.type), mail.values);
}
