import { sesMailer } from '../adapters/ses-mailer.js';
import { config } from '../config.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import type { VerifiedMail } from '../domain/commerce/payment-review.js';
import { paymentTemplateType, renderEmail, subscriptionMailValues } from '../domain/email/templates.js';

/**
 * The package's verified mail after an approval, by an admin or by the system on an on-chain
 * match: the template (E19, admin-edited or the default), rendered and sent through SES.
 */
export async function sendVerifiedMail(mail: VerifiedMail): Promise<void> {
  const template = await loadEmailTemplate(paymentTemplateType(mail.packageSlug, 'verified'));
  const values = subscriptionMailValues({ ...mail, dashboardLink: `${config.appUrl}/dashboard` });
  await sesMailer.send(mail.to, renderEmail(template, values));
}
