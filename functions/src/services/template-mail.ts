import { sesMailer } from '../adapters/ses-mailer.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { renderEmail } from '../domain/email/render.js';
import type { EmailTemplateType, TemplateMailer } from '../domain/email/templates.js';

/**
 * Mail as the use cases send it: a template rendered with its values (render.ts: handlebars'
 * parser and a small interpreter, no template compiler) and sent through SES with its plain-text
 * part. Only the functions that send mail import this module, so only they bundle the template
 * parser and the SES client.
 */
export const templateMailer: TemplateMailer = {
  send: (to, template, values) => sesMailer.send(to, renderEmail(template, values)),
};

/**
 * A mail of one type: its template read at send time (E19: an admin's edit wins over the built-in
 * default, AP29), rendered and sent.
 */
export async function sendTemplateMail(
  to: string,
  type: EmailTemplateType,
  values: Record<string, string | number>,
): Promise<void> {
  await templateMailer.send(to, await loadEmailTemplate(type), values);
}
