import { appLink } from '../config.js';
import type { VerifiedMail } from '../domain/commerce/payment-review.js';
import { paymentTemplateType, subscriptionMailValues } from '../domain/email/templates.js';
import { sendEffectMail } from './template-mail.js';

/**
 * The package's verified mail after an approval, by an admin or by the system on an on-chain
 * match: the template (admin-edited or the default), rendered and sent through SES; kept in the
 * outbox when SES refuses it.
 */
export async function sendVerifiedMail(mail: VerifiedMail): Promise<void> {
  const values = subscriptionMailValues({ ...mail, dashboardLink: appLink('/dashboard') });
  await sendEffectMail({
    to: mail.to,
    type: paymentTemplateType(mail.packageSlug, 'verified'),
    values,
    entityId: mail.paymentId,
  });
}
