import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config.js';
import { htmlToText } from '../domain/email/plain-text.js';
import type { RenderedEmail } from '../domain/email/templates.js';

const ses = new SESClient({ region: config.region, endpoint: config.endpoints.ses });

export interface Mailer {
  send(to: string, email: RenderedEmail): Promise<void>;
}

/**
 * Every mail goes out with an HTML part and a plain-text part (issue 11): renderEmail derives the
 * text from the rendered HTML, and a mail that somehow arrives without one gets it derived here.
 */
export const sesMailer: Mailer = {
  async send(to, email) {
    const text = email.text.trim() === '' ? htmlToText(email.html) : email.text;
    await ses.send(
      new SendEmailCommand({
        Source: config.mailFrom,
        Destination: { ToAddresses: [to] },
        // In AWS every mail goes through the stack's configuration set (bounce/complaint events,
        // reputation metrics, the suppression list; docs/operations.md §4.4). Unset locally.
        ...(config.sesConfigurationSet ? { ConfigurationSetName: config.sesConfigurationSet } : {}),
        Message: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
        },
      }),
    );
  },
};
