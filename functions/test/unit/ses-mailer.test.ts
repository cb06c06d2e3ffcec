import type { HttpRequest } from '@smithy/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { htmlToText } from '../../src/domain/email/plain-text.js';
import { startAwsWireServer, type AwsWireServer, awsRejection, restoreEnvAfterEach } from '../helpers/aws-outbox.js';

/**
 * The SES adapter (SESv2 SendEmail over the signed-request adapter): the configured sender, both
 * parts in UTF-8, and the configuration set the CDK gives mailing functions (SES_CONFIGURATION_SET)
 * when there is one, checked on the wire against a local HTTP server standing in for SES; and how
 * SES's answers are read: retries on its 5xx and throttling, none on a refusal. Config is read at
 * import, so each case imports the adapter afresh with its environment.
 */
let ses: AwsWireServer;
beforeAll(async () => {
  ses = await startAwsWireServer({ status: 200, body: '{"MessageId":"m-1"}' });
});
afterAll(() => ses.close());

const ENV_KEYS = ['SES_CONFIGURATION_SET', 'AWS_ENDPOINT_URL_SES'] as const;
restoreEnvAfterEach(ENV_KEYS);
beforeEach(() => {
  ses.received.length = 0;
  process.env.AWS_ENDPOINT_URL_SES = ses.url;
  vi.resetModules();
});

const mail = { subject: 'Hello', html: '<p>Hi <a href="https://x.example/">there</a></p>', text: 'Hi there' };
const mailer = async () => (await import('../../src/adapters/ses-mailer.js')).sesMailer;

describe('sesMailer', () => {
  it('sends through the configuration set when the stack gives one', async () => {
    process.env.SES_CONFIGURATION_SET = 'MailConfigurationSet-abc';
    await (await mailer()).send('jane@example.com', mail);
    expect(ses.received).toHaveLength(1);
    const [request] = ses.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/email/outbound-emails');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/ses\/aws4_request, /,
    );
    expect(request?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      FromEmailAddress: process.env.MAIL_FROM,
      Destination: { ToAddresses: ['jane@example.com'] },
      ConfigurationSetName: 'MailConfigurationSet-abc',
      Content: {
        Simple: {
          Subject: { Data: 'Hello', Charset: 'UTF-8' },
          Body: {
            Html: { Data: mail.html, Charset: 'UTF-8' },
            Text: { Data: 'Hi there', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('names no configuration set without one (locally)', async () => {
    await (await mailer()).send('jane@example.com', mail);
    const sent = JSON.parse(ses.received[0]?.body ?? '') as Record<string, unknown>;
    expect(sent).not.toHaveProperty('ConfigurationSetName');
    expect(sent).toMatchObject({ Destination: { ToAddresses: ['jane@example.com'] } });
  });

  it('derives the plain-text part from the HTML when a mail has none', async () => {
    await (await mailer()).send('jane@example.com', { ...mail, text: '  ' });
    const sent = JSON.parse(ses.received[0]?.body ?? '') as {
      Content: { Simple: { Body: { Text: { Data: string } } } };
    };
    expect(sent.Content.Simple.Body.Text.Data).toBe(htmlToText(mail.html));
    expect(sent.Content.Simple.Body.Text.Data).toContain('there');
  });

  it.each([
    ['a 500', { status: 500, body: '{"message":"Internal"}' }],
    [
      'throttling (429 TooManyRequestsException)',
      { status: 429, headers: { 'x-amzn-errortype': 'TooManyRequestsException' } },
    ],
    ['throttling (400 ThrottlingException)', { status: 400, headers: { 'x-amzn-errortype': 'ThrottlingException' } }],
  ])('sends again after %s, and the mail goes out once accepted', async (_case, first) => {
    ses.answer(first);
    await expect((await mailer()).send('jane@example.com', mail)).resolves.toBeUndefined();
    expect(ses.received).toHaveLength(2);
    expect(ses.received[1]?.body).toBe(ses.received[0]?.body);
  });

  it("never resends a mail SES refused: the error carries SES's code and message", async () => {
    ses.answer({
      status: 400,
      headers: { 'x-amzn-errortype': 'MessageRejected' },
      body: '{"message":"Email address is not verified. The following identities failed the check: x"}',
    });
    const error = await awsRejection((await mailer()).send('jane@example.com', mail));
    expect(ses.received).toHaveLength(1);
    expect(error.name).toBe('MessageRejected');
    expect(error.message).toMatch(/^Email address is not verified/);
    expect(error.$metadata?.httpStatusCode).toBe(400);
  });

  it("in AWS: SES's regional endpoint over HTTPS", async () => {
    delete process.env.AWS_ENDPOINT_URL_SES;
    const adapter = await import('../../src/adapters/aws-signed-request.js');
    const sent: HttpRequest[] = [];
    adapter.setAwsTransportForTests((request) => {
      sent.push(request);
      return Promise.resolve({ status: 200, headers: {}, body: '{"MessageId":"m-1"}' });
    });
    await (await mailer()).send('jane@example.com', mail);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      protocol: 'https:',
      hostname: 'email.us-east-1.amazonaws.com',
      method: 'POST',
      path: '/v2/email/outbound-emails',
    });
    expect(sent[0]?.headers.host).toBe('email.us-east-1.amazonaws.com');
    adapter.setAwsTransportForTests(undefined);
  });
});
