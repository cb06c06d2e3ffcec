import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@goldbot/shared';
import { handler as getUserData } from '../../src/handlers/auth-get-user-data.js';
import { handler as updateUser } from '../../src/handlers/auth-update-user.js';
import {
  CALLERS,
  givenProfiles,
  httpEvent,
  invoke,
  givenItems,
  storeTransactions,
  type Claims,
  userDataEvent,
} from '../helpers/lambda.js';
import { cognitoError } from '../helpers/cognito-fake.js';
import { dynamo, cognito, outbox, USER_SUB, ID_TOKEN, profileOf } from '../helpers/auth-routes.js';

/**
 * auth-update-user (and auth-get-user-data's refusal of another account) in process, with the
 * DynamoDB, Cognito and SES clients mocked (helpers/auth-routes.ts): how Cognito's and DynamoDB's
 * answers become HTTP answers, and what reaches the table and the mail.
 */
describe('auth-get-user-data and auth-update-user', () => {
  beforeEach(() => {
    givenProfiles(dynamo, CALLERS.user, CALLERS.otherUser);
    // auth-update-user reads the profile with the new address's items (one BatchGetItem).
    givenItems(dynamo, profileOf(CALLERS.user), profileOf(CALLERS.otherUser));
  });
  const put = (body: unknown, claims: Claims = CALLERS.user) =>
    invoke(updateUser, httpEvent({ routeId: 'auth-update-user', claims, pathParameters: { id: USER_SUB }, body }));

  it("refuse another user's account with 403", async () => {
    const read = await invoke(getUserData, userDataEvent(CALLERS.otherUser, CALLERS.user));
    const write = await put({ username: 'taken_over', email: 'other@example.com' }, CALLERS.otherUser);
    expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
    expect(storeTransactions(dynamo)).toHaveLength(0);
  });

  it('answers 400 "Current password is incorrect" and changes nothing', async () => {
    cognito.on('AdminInitiateAuth').rejects(cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    const res = await put({ currentPassword: 'Wr0ng!Pass', password: 'N3w!Passw0rd' });
    expect([res.statusCode, res.body.message]).toEqual([400, 'Current password is incorrect']);
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toHaveLength(0);
    expect(cognito.operations()).not.toContain('AdminSetUserPassword');
  });

  it('counts a global sign-out that still fails after its retries as a metric', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'rt-check', ExpiresIn: 3600 },
    });
    cognito.on('AdminUserGlobalSignOut').rejects(cognitoError('TooManyRequestsException', 'Rate exceeded'));
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    let res;
    try {
      res = await put({ currentPassword: 'Str0ng!Pass', password: 'N3w!Passw0rd' });
    } finally {
      write.mockRestore();
    }
    // The password changed and our registry ended the sessions; Cognito's part is reported.
    expect(res.statusCode).toBe(200);
    // Three sign-outs (end-sessions); the client's own retries happen inside the mocked send.
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toHaveLength(3);
    const metrics = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => '_aws' in l);
    expect(metrics).toEqual([expect.objectContaining({ GlobalSignOutFailures: 1, service: 'auth' })]);
  });

  it('asks for the current password before a new e-mail', async () => {
    const res = await put({ username: 'user', email: 'new@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordForEmail });
    expect([...cognito.calls, ...outbox.requests]).toHaveLength(0);
  });

  it('answers 409 when the new e-mail belongs to another account', async () => {
    givenItems(dynamo, { PK: 'EMAIL#taken@example.com', SK: 'EMAIL', userId: 'x' });
    const res = await put({ username: 'user', email: 'taken@example.com', currentPassword: 'Str0ng!Pass' });
    expect([res.statusCode, res.body.message]).toEqual([409, 'An account with this email already exists.']);
  });

  it('mails a code to the new address, and neither Cognito nor the profile changes', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'rt-check', ExpiresIn: 3600 },
    });
    const res = await put({ username: 'user', email: 'new@example.com', currentPassword: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ pendingEmail: 'new@example.com', user: { email: 'user@example.com' } });
    expect(outbox.mails[0]?.to).toEqual(['new@example.com']);
    expect(cognito.inputsOf('AdminUpdateUserAttributes')).toHaveLength(0);
    expect(storeTransactions(dynamo).flatMap((c) => c.args[0].input.TransactItems ?? [])).toEqual([
      expect.objectContaining({
        Put: expect.objectContaining({ Item: expect.objectContaining({ SK: 'PURPOSE#email-change' }) }),
      }),
      expect.anything(), // the hourly send counter
      // The proven password's back-off, cleared with the code's write.
      { Delete: expect.objectContaining({ Key: { PK: 'LOGINFAIL#user@example.com', SK: 'LOGINFAIL' } }) },
    ]);
  });
});
