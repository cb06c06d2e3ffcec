import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config.js';
import { htmlToText } from '../domain/email/plain-text.js';
import type { RenderedEmail } from '../domain/email/templates.js';

export interface Mailer {
  send(to: string, email: RenderedEmail): Promise<void>;
}

/**
 * One SES client per execution environment, created when a function first sends a mail: the
 * senders import this module on the sending path only (wiring/template-mail.ts), so a request
 * that mails nothing (a login, a refused submission) never loads it. Locally the endpoint is the
 * SES inbox (AWS_ENDPOINT_URL_SES, aws-ses-v2-local), which serves SES's SendEmail.
 */
const ses = new SESClient({ region: config.region, endpoint: config.endpoints.ses });
/** The client itself, for the local stack's middleware (scripts/local/stack.ts: fault injection). */
export { ses as sesClient };

const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });

/**
 * Every mail goes out with an HTML part and a plain-text part: renderEmail derives the text from
 * the rendered HTML, and a mail that somehow arrives without one gets it derived here. A refusal is
 * the client's error, named by SES's code (MessageRejected, AccountSendingPausedException...);
 * throttling and 5xx answers are retried by the client's standard mode.
 */
export const sesMailer: Mailer = {
  async send(to, email) {
    const text = email.text.trim() === '' ? htmlToText(email.html) : email.text;
    await ses.send(
      new SendEmailCommand({
        Source: config.mailFrom,
        Destination: { ToAddresses: [to] },
        // In AWS every mail goes through the stack's configuration set (bounce/complaint events,
        // reputation metrics, the suppression list; docs/operations.md). Unset locally.
        ...(config.sesConfigurationSet ? { ConfigurationSetName: config.sesConfigurationSet } : {}),
        Message: {
          Subject: utf8(email.subject),
          Body: { Html: utf8(email.html), Text: utf8(text) },
        },
      }),
    );
  },
};
