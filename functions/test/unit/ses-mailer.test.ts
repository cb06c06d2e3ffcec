import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { htmlToText } from '../../src/domain/email/plain-text.js';
import { awsServiceError, restoreEnvAfterEach } from '../helpers/aws-outbox.js';

/**
 * The SES adapter, with the SES client mocked: SendEmail from the configured sender, both parts in
 * UTF-8, and the configuration set the CDK gives mailing functions (SES_CONFIGURATION_SET) when
 * there is one; SES's refusals reach the caller as the client threw them. Config is read at
 * import, so each case imports the adapter afresh with its environment.
 */
const ses = mockClient(SESClient);
afterAll(() => ses.restore());

const ENV_KEYS = ['SES_CONFIGURATION_SET'] as const;
restoreEnvAfterEach(ENV_KEYS);
beforeEach(() => {
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  vi.resetModules();
});

const mail = { subject: 'Hello', html: '<p>Hi <a href="https://x.example/">there</a></p>', text: 'Hi there' };
const mailer = async () => (await import('../../src/adapters/ses-mailer.js')).sesMailer;
const sent = () => ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input);

describe('sesMailer', () => {
  it('sends one SendEmail through the configuration set when the stack gives one', async () => {
    process.env.SES_CONFIGURATION_SET = 'MailConfigurationSet-abc';
    await (await mailer()).send('jane@example.com', mail);
    expect(sent()).toEqual([
      {
        Source: process.env.MAIL_FROM,
        Destination: { ToAddresses: ['jane@example.com'] },
        ConfigurationSetName: 'MailConfigurationSet-abc',
        Message: {
          Subject: { Data: 'Hello', Charset: 'UTF-8' },
          Body: {
            Html: { Data: mail.html, Charset: 'UTF-8' },
            Text: { Data: 'Hi there', Charset: 'UTF-8' },
          },
        },
      },
    ]);
  });

  it('names no configuration set without one (locally)', async () => {
    delete process.env.SES_CONFIGURATION_SET;
    await (await mailer()).send('jane@example.com', mail);
    expect(sent()[0]).not.toHaveProperty('ConfigurationSetName');
    expect(sent()[0]).toMatchObject({ Destination: { ToAddresses: ['jane@example.com'] } });
  });

  it('derives the plain-text part from the HTML when a mail has none', async () => {
    await (await mailer()).send('jane@example.com', { ...mail, text: '  ' });
    expect(sent()[0]?.Message?.Body?.Text?.Data).toBe(htmlToText(mail.html));
    expect(sent()[0]?.Message?.Body?.Text?.Data).toContain('there');
  });

  it("lets a refusal reach the caller with SES's code, message and status, sent once", async () => {
    ses.on(SendEmailCommand).rejects(awsServiceError('MessageRejected', 'Email address is not verified.'));
    await expect((await mailer()).send('jane@example.com', mail)).rejects.toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
      $metadata: { httpStatusCode: 400 },
    });
    expect(sent()).toHaveLength(1);
  });

  it('creates its client once, at import, for every mail of the execution environment', async () => {
    const send = await mailer();
    await send.send('a@example.com', mail);
    await send.send('b@example.com', mail);
    const clients = new Set(ses.commandCalls(SendEmailCommand).map((call) => call.thisValue as unknown));
    expect(clients.size).toBe(1);
  });
});
