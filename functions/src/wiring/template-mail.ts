import { loadEmailTemplate } from '../data/email-template-store.js';
import type { EmailTemplate, EmailTemplateType, TemplateMailer } from '../domain/email/templates.js';

/**
 * Mail as the use cases send it: a template rendered with its values (render.ts, handlebars) and
 * sent through SES with its plain-text part. Only the functions that send mail import this
 * module, so only they bundle handlebars and the SES client. Both are imported on the first send,
 * so a request that mails nothing loads neither, and the function's cold start does not pay for
 * handlebars (about 80 KB of code to evaluate) until it mails.
 */
export const templateMailer: TemplateMailer = {
  async send(to, template, values) {
    const { renderEmail } = await import('../domain/email/render.js');
    const email = renderEmail(template, values);
    const { sesMailer } = await import('../adapters/ses-mailer.js');
    await sesMailer.send(to, email);
  },
};

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
