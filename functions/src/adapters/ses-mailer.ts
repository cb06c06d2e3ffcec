import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config.js';
import type { RenderedEmail } from '../domain/email/templates.js';

const ses = new SESClient({ region: config.region, endpoint: config.endpoints.ses });

export interface Mailer {
  send(to: string, email: RenderedEmail): Promise<void>;
}

export const sesMailer: Mailer = {
  async send(to, email) {
    await ses.send(
      new SendEmailCommand({
        Source: config.mailFrom,
        Destination: { ToAddresses: [to] },
        Message: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      }),
    );
  },
};
