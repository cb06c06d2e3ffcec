import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The SES adapter: the configured sender, both parts, and the configuration set the CDK gives
 * mailing functions (SES_CONFIGURATION_SET) when there is one. Config is read at import, so each
 * case imports the adapter afresh with its environment.
 */
const ses = mockClient(SESClient);
beforeEach(() => {
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  vi.resetModules();
});
afterEach(() => {
  delete process.env.SES_CONFIGURATION_SET;
});
afterAll(() => ses.restore());

const mail = { subject: 'Hello', html: '<p>Hi <a href="https://x.example/">there</a></p>', text: 'Hi there' };

describe('sesMailer', () => {
  it('sends through the configuration set when the stack gives one', async () => {
    process.env.SES_CONFIGURATION_SET = 'MailConfigurationSet-abc';
    const { sesMailer } = await import('../../src/adapters/ses-mailer.js');
    await sesMailer.send('jane@example.com', mail);
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input).toMatchObject({
      Source: process.env.MAIL_FROM,
      Destination: { ToAddresses: ['jane@example.com'] },
      ConfigurationSetName: 'MailConfigurationSet-abc',
      Message: { Subject: { Data: 'Hello' }, Body: { Html: { Data: mail.html }, Text: { Data: 'Hi there' } } },
    });
  });

  it('names no configuration set without one (locally)', async () => {
    const { sesMailer } = await import('../../src/adapters/ses-mailer.js');
    await sesMailer.send('jane@example.com', mail);
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input).not.toHaveProperty('ConfigurationSetName');
  });
});
