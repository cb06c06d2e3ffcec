import { SESClient, SESServiceException, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * What the functions mailed: the SES client mocked with aws-sdk-client-mock (as the DynamoDB tests
 * mock theirs), each SendEmail read back as a mail. `useAwsOutbox()` registers its own hooks:
 * emptied before each test, the client's own `send` put back after the file.
 */
export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  configurationSet?: string;
  /** Every Charset the mail names (all UTF-8). */
  charsets: string[];
}

export interface AwsOutbox {
  /** Every SendEmail the functions sent, in order, refused ones included. */
  readonly requests: SendEmailCommandInput[];
  /** The mails SES accepted, oldest first. */
  readonly mails: SentMail[];
  /** From now on SES refuses every mail with this error (default: MessageRejected, 400). */
  refuse(code?: string, status?: number, message?: string): void;
  reset(): void;
}

/** An AWS service error as the SDK clients throw it: named by the service's code, with its status. */
export const awsServiceError = (code: string, message: string, status = 400) =>
  new SESServiceException({
    name: code,
    message,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 1 },
  });

export function useAwsOutbox(): AwsOutbox {
  const ses = mockClient(SESClient);
  const requests: SendEmailCommandInput[] = [];
  const mails: SentMail[] = [];
  let refusal: Error | undefined;

  const accept = (input: SendEmailCommandInput) => {
    requests.push(input);
    if (refusal) throw refusal;
    const { Subject, Body } = input.Message ?? {};
    mails.push({
      from: String(input.Source),
      to: input.Destination?.ToAddresses ?? [],
      subject: Subject?.Data ?? '',
      html: Body?.Html?.Data ?? '',
      text: Body?.Text?.Data ?? '',
      ...(input.ConfigurationSetName === undefined ? {} : { configurationSet: input.ConfigurationSetName }),
      charsets: [Subject?.Charset, Body?.Html?.Charset, Body?.Text?.Charset].map(String),
    });
    return { MessageId: `m-${mails.length}` };
  };

  const outbox: AwsOutbox = {
    requests,
    mails,
    refuse(code = 'MessageRejected', status = 400, message = 'Email address is not verified.') {
      refusal = awsServiceError(code, message, status);
    },
    reset() {
      requests.length = 0;
      mails.length = 0;
      refusal = undefined;
      ses.reset();
      ses.on(SendEmailCommand).callsFake(accept);
    },
  };

  beforeEach(() => outbox.reset());
  afterAll(() => ses.restore());
  return outbox;
}

/**
 * Puts these environment variables back as they were before the file, after each test: config is
 * read when a module is imported, so the adapter tests import it afresh with their environment.
 */
export function restoreEnvAfterEach(keys: readonly string[]): void {
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  afterEach(() => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
}
