import { config } from '../config.js';
import { htmlToText } from '../domain/email/plain-text.js';
import type { RenderedEmail } from '../domain/email/templates.js';
import { awsRequest } from './aws-signed-request.js';

export interface Mailer {
  send(to: string, email: RenderedEmail): Promise<void>;
}

const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });

/**
 * Every mail goes out with an HTML part and a plain-text part (issue 11): renderEmail derives the
 * text from the rendered HTML, and a mail that somehow arrives without one gets it derived here.
 *
 * Sent with SESv2 SendEmail (POST /v2/email/outbound-emails) over the signed-request adapter, not
 * the SES client, which cost every mailing function +0.14× cold import (issue 12). Locally the
 * request goes to aws-ses-v2-local (AWS_ENDPOINT_URL_SES), which serves the same route.
 * A refusal throws an Error named by SES's error code (MessageRejected, AccountSendingPausedException...).
 */
export const sesMailer: Mailer = {
  async send(to, email) {
    const text = email.text.trim() === '' ? htmlToText(email.html) : email.text;
    await awsRequest({
      service: 'ses',
      region: config.region,
      host: `email.${config.region}.amazonaws.com`,
      ...(config.endpoints.ses ? { endpoint: config.endpoints.ses } : {}),
      method: 'POST',
      path: '/v2/email/outbound-emails',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        FromEmailAddress: config.mailFrom,
        Destination: { ToAddresses: [to] },
        // In AWS every mail goes through the stack's configuration set (bounce/complaint events,
        // reputation metrics, the suppression list; docs/operations.md §4.4). Unset locally.
        ...(config.sesConfigurationSet ? { ConfigurationSetName: config.sesConfigurationSet } : {}),
        Content: {
          Simple: {
            Subject: utf8(email.subject),
            Body: { Html: utf8(email.html), Text: utf8(text) },
          },
        },
      }),
    });
  },
};
