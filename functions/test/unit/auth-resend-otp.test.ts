import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as resendOtp } from '../../src/handlers/auth-resend-otp.js';
import { httpEvent, invoke, forgetItems } from '../helpers/lambda.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { dynamo, outbox, EMAIL, knownEmail } from '../helpers/auth-routes.js';

/**
 * auth-resend-otp in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
describe('auth-resend-otp: no telling which addresses exist', () => {
  const SAME_ANSWER = 'If this email is waiting for verification, we have sent a new code.';
  const post = () => invoke(resendOtp, httpEvent({ routeId: 'auth-resend-otp', body: { email: EMAIL } }));

  it('answers the same inside the 30 s cool-down, and sends nothing', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const res = await post();
    expect([res.statusCode, res.body.message]).toEqual([200, SAME_ANSWER]);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(outbox.requests).toHaveLength(0);
  });

  it('answers the same once 5 codes went out this hour', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const res = await post();
    expect([res.statusCode, res.body.message]).toEqual([200, SAME_ANSWER]);
    expect(outbox.requests).toHaveLength(0);
  });

  it('answers 429 when the request limit is full, for any address: that refusal is not hidden like a cool-down', async () => {
    dynamo
      .on(UpdateCommand, { Key: { PK: `RATE#publicPostPerIp#198.51.100.7` } })
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    knownEmail({ emailVerifiedAt: undefined });
    const pending = await post();
    expect(pending.statusCode).toBe(429);
    expect(pending.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Counted before the use case: no code was read, written or mailed.
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(outbox.requests).toHaveLength(0);

    forgetItems(dynamo);
    dynamo.on(GetCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({ Responses: {} });
    const unknown = await post();
    expect(unknown.statusCode).toBe(429);
  });

  it('answers the same for an unknown and a verified address, mailing only a pending one', async () => {
    const unknown = await post();
    knownEmail();
    const verified = await post();
    expect([unknown.body.message, verified.body.message]).toEqual([SAME_ANSWER, SAME_ANSWER]);
    expect(outbox.requests).toHaveLength(0);
    knownEmail({ emailVerifiedAt: undefined });
    const pending = await post();
    expect([pending.statusCode, pending.body.message]).toEqual([200, SAME_ANSWER]);
    expect(outbox.mails).toHaveLength(1);
  });
});
