import { beforeEach, describe, expect, it } from 'vitest';
import { cognitoDirectory } from '../../src/adapters/cognito-directory.js';
import { config } from '../../src/config.js';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';
import { cognitoError, idTokenFor, TEST_CLIENT_SECRET, useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * The Cognito directory's part in the admin two-factor sign-in (docs/security.md, "Administrators
 * sign in with TOTP") against the Cognito fake (helpers/cognito-fake.ts): how Cognito's TOTP
 * challenge and set-up calls become directory answers.
 */
const cognito = useCognitoFake();
beforeEach(() => {
  cognito.reset();
});

const EMAIL = 'admin@example.com';
const SUB = '9d2c4f6e-1b3a-4c5d-8e7f-0a1b2c3d4e5f';
const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 });
/** What Cognito checks on every call of the confidential web client (helpers/cognito-fake.ts's secret). */
const hashOf = (username: string) => secretHash(username, config.userPoolClientId, TEST_CLIENT_SECRET);
/**
 * Cognito's `n`th issued tokens and what the directory answers for them. The refresh token needs
 * the user's Cognito username for its SECRET_HASH: it travels with the token.
 */
const issued = (n: number, expiresIn: number) => ({
  result: {
    AuthenticationResult: {
      IdToken: ID_TOKEN,
      AccessToken: `access-${n}`,
      RefreshToken: `refresh-${n}`,
      ExpiresIn: expiresIn,
    },
  },
  answer: {
    kind: 'ok',
    tokens: {
      idToken: ID_TOKEN,
      accessToken: `access-${n}`,
      refreshToken: `${SUB}~refresh-${n}`,
      expiresIn,
      claims: { sub: SUB, email: EMAIL, groups: ['admin'], iat: 1767268500 },
    },
  },
});

describe('cognitoDirectory: the TOTP challenge (AWS only: cognito-local never challenges)', () => {
  it('signs in server-side and answers the session of a SOFTWARE_TOKEN_MFA challenge, with its username', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'cognito-session-1',
      ChallengeParameters: { USER_ID_FOR_SRP: SUB },
    });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({
      kind: 'mfa',
      session: `${SUB}~cognito-session-1`,
    });
    expect(cognito.inputsOf('AdminInitiateAuth')[0]).toEqual({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: EMAIL, PASSWORD: 'Adm1n!Pass', SECRET_HASH: hashOf(EMAIL) },
    });
  });

  it('still answers tokens, including the access token, when there is no challenge', async () => {
    const tokens = issued(1, 3600);
    cognito.on('AdminInitiateAuth').resolves(tokens.result);
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual(tokens.answer);
  });

  it('answers a challenge without a session, or another challenge, as invalid, never as tokens', async () => {
    cognito.on('AdminInitiateAuth').resolves({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({ kind: 'invalid' });
    cognito.on('AdminInitiateAuth').resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({ kind: 'invalid' });
  });

  it('answers the code with AdminRespondToAuthChallenge under the challenge username and hands back the tokens', async () => {
    const tokens = issued(2, 1800);
    cognito.on('AdminRespondToAuthChallenge').resolves(tokens.result);
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~cognito-session-1`, '123456')).resolves.toEqual(
      tokens.answer,
    );
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')[0]).toEqual({
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'cognito-session-1',
      ChallengeResponses: { USERNAME: SUB, SOFTWARE_TOKEN_MFA_CODE: '123456', SECRET_HASH: hashOf(SUB) },
    });
  });

  it('answers a session without its username as invalid without asking Cognito', async () => {
    await expect(cognitoDirectory.respondToMfa(EMAIL, 'cognito-session-1', '123456')).resolves.toEqual({
      kind: 'invalid',
    });
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')).toEqual([]);
  });

  it.each([
    ['CodeMismatchException (wrong code)', cognitoError('CodeMismatchException', 'Invalid code received for user')],
    ['NotAuthorizedException (used session)', cognitoError('NotAuthorizedException', 'Invalid session for the user.')],
    ['ExpiredCodeException (expired session)', cognitoError('ExpiredCodeException', 'Your software token has expired')],
  ])('answers %s as invalid', async (_label, error) => {
    cognito.on('AdminRespondToAuthChallenge').rejects(error);
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~cognito-session-1`, '000000')).resolves.toEqual({
      kind: 'invalid',
    });
  });

  it('answers a result without an ID token as invalid, and lets other errors through', async () => {
    cognito.on('AdminRespondToAuthChallenge').resolves({});
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~s`, '123456')).resolves.toEqual({ kind: 'invalid' });
    cognito.on('AdminRespondToAuthChallenge').rejects(cognitoError('InvalidParameterException', 'bad request'));
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~s`, '123456')).rejects.toThrow('bad request');
  });
});

describe('cognitoDirectory: setting up TOTP', () => {
  it("starts with the access token and answers Cognito's shared secret", async () => {
    cognito.on('AssociateSoftwareToken').resolves({ SecretCode: 'JBSWY3DPEHPK3PXP' });
    await expect(cognitoDirectory.startTotpSetup('access-1')).resolves.toBe('JBSWY3DPEHPK3PXP');
    expect(cognito.inputsOf('AssociateSoftwareToken')[0]).toEqual({ AccessToken: 'access-1' });
  });

  it('fails when Cognito hands out no secret', async () => {
    cognito.on('AssociateSoftwareToken').resolves({});
    await expect(cognitoDirectory.startTotpSetup('access-1')).rejects.toThrow('Cognito returned no TOTP secret');
  });

  it('makes TOTP the preferred second factor once the first code is right', async () => {
    cognito.on('VerifySoftwareToken').resolves({ Status: 'SUCCESS' });
    cognito.on('SetUserMFAPreference').resolves({});
    await expect(cognitoDirectory.finishTotpSetup('access-1', '123456')).resolves.toBe(true);
    expect(cognito.inputsOf('VerifySoftwareToken')[0]).toEqual({
      AccessToken: 'access-1',
      UserCode: '123456',
    });
    expect(cognito.inputsOf('SetUserMFAPreference')).toEqual([
      { AccessToken: 'access-1', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
    ]);
  });

  it.each([
    ['Status ERROR', () => cognito.on('VerifySoftwareToken').resolves({ Status: 'ERROR' })],
    ['no Status', () => cognito.on('VerifySoftwareToken').resolves({})],
    [
      'CodeMismatchException',
      () => cognito.on('VerifySoftwareToken').rejects(cognitoError('CodeMismatchException', 'Code mismatch')),
    ],
    [
      'EnableSoftwareTokenMFAException',
      () =>
        cognito
          .on('VerifySoftwareToken')
          .rejects(cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA')),
    ],
  ])('answers false for %s and turns nothing on', async (_label, given) => {
    given();
    cognito.on('SetUserMFAPreference').resolves({});
    await expect(cognitoDirectory.finishTotpSetup('access-1', '000000')).resolves.toBe(false);
    expect(cognito.inputsOf('SetUserMFAPreference')).toHaveLength(0);
  });

  it('lets other errors through, turning nothing on', async () => {
    cognito.on('VerifySoftwareToken').rejects(cognitoError('NotAuthorizedException', 'Access Token has expired'));
    await expect(cognitoDirectory.finishTotpSetup('access-1', '123456')).rejects.toThrow('Access Token has expired');
    expect(cognito.inputsOf('SetUserMFAPreference')).toHaveLength(0);
  });
});
