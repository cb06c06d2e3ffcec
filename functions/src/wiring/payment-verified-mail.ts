import { config } from '../config.js';
import type { VerifiedMail } from '../domain/commerce/payment-review.js';
import { paymentTemplateType, subscriptionMailValues } from '../domain/email/templates.js';
import { sendTemplateMail } from './template-mail.js';

/**
 * The package's verified mail after an approval, by an admin or by the system on an on-chain
 * match: the template (admin-edited or the default), rendered and sent through SES.
 */
export async function sendVerifiedMail(mail: VerifiedMail): Promise<void> {
  const values = subscriptionMailValues({ ...mail, dashboardLink: `${config.appUrl}/dashboard` });
  await sendTemplateMail(mail.to, paymentTemplateType(mail.packageSlug, 'verified'), values);
}
