import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '../../src/domain/auth/one-time-codes.js';
import { handler as requestReset } from '../../src/handlers/auth-request-password-reset.js';
import { httpEvent, invoke, givenItems, storeTransactions } from '../helpers/lambda.js';
import { dynamo, outbox, EMAIL, knownEmail } from '../helpers/auth-routes.js';

/**
 * auth-request-password-reset in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
describe('auth-request-password-reset', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await invoke(
      requestReset,
      httpEvent({ routeId: 'auth-request-password-reset', body: { email: 'nobody@example.com' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(
      'If an account exists for this email, we have sent a reset code. Check your email for OTP.',
    );
    expect(outbox.requests).toHaveLength(0);
    expect(storeTransactions(dynamo)).toHaveLength(0);
  });
});

describe('auth-request-password-reset of a locked address', () => {
  it('answers 429 for a known address whose codes are locked, and mails nothing', async () => {
    knownEmail();
    givenItems(dynamo, { PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK', lockedUntil: Math.floor(Date.now() / 1000) + 7200 });
    const res = await invoke(
      requestReset,
      httpEvent({ routeId: 'auth-request-password-reset', body: { email: EMAIL } }),
    );
    expect([res.statusCode, res.body.message]).toEqual([429, CODE_MESSAGES.locked]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(7000);
    expect(outbox.requests).toHaveLength(0);
  });
});
