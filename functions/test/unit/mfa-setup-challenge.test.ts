import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH } from '@goldbot/shared';
import { cognitoDirectory } from '../../src/adapters/cognito-directory.js';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';
import { config } from '../../src/config.js';
import { finishMfaSetup, MFA_MESSAGES } from '../../src/domain/auth/mfa-sign-in.js';
import { login, type LoginOutcome } from '../../src/domain/auth/sign-in.js';
import { UnauthorizedError, ValidationError } from '../../src/domain/errors.js';
import { clock, deps, directory, freshAccountsEachTest, store, useDeps } from '../helpers/account-world.js';
import { FAKE_TOTP_CODE, domainFailure } from '../helpers/auth-fakes.js';
import { TEST_CLIENT_SECRET, useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * A pool whose MFA is required answers a right password of a user without TOTP with Cognito's
 * MFA_SETUP challenge (AWS only: cognito-local never challenges). First the account use cases
 * against the in-memory fakes, then the Cognito adapter against the SDK client mocked with
 * aws-sdk-client-mock: AssociateSoftwareToken on the session, VerifySoftwareToken, and
 * AdminRespondToAuthChallenge (MFA_SETUP) with the client's SECRET_HASH.
 */
const ADMIN = { email: 'console-admin@example.com', password: 'Adm1n!Pass' };
const SETUP_ID = 'setup-challenge-1';
const WRONG_CODE = '135790';

describe('login and set-up when Cognito answers MFA_SETUP', () => {
  freshAccountsEachTest();
  beforeEach(() => {
    directory.poolRequiresMfa = true;
    useDeps({ newSetupId: () => SETUP_ID, adminMfaRequired: true });
  });

  const setupOf = (outcome: LoginOutcome) => {
    if (!('kind' in outcome) || outcome.kind !== 'mfa-setup')
      throw new Error(`expected a set-up: ${JSON.stringify(outcome)}`);
    return outcome.body;
  };

  it('leads the administrator into enrolment: the key and QR URI, the challenge session kept on the server', async () => {
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    const body = setupOf(await login(deps, ADMIN));
    expect(body).toEqual({
      mfaSetupRequired: true,
      email: ADMIN.email,
      setupId: SETUP_ID,
      secretCode: expect.stringMatching(/^SECRET/),
      otpauthUri: `otpauth://totp/${encodeURIComponent(`${AUTH.mfaIssuer}:${ADMIN.email}`)}?secret=${body.secretCode}&issuer=${encodeURIComponent(AUTH.mfaIssuer)}`,
      message: MFA_MESSAGES.setup,
    });
    // The session of the challenge's next step, never the browser's to hold.
    expect(store.mfaSetups.get(SETUP_ID)).toMatchObject({
      email: ADMIN.email,
      challengeSession: expect.stringMatching(/^setup-session-/),
      wrongTries: 0,
    });
    expect(JSON.stringify(body)).not.toContain('setup-session-');
    expect(store.loginFailures.size).toBe(0);
  });

  it('a right code turns TOTP on, creates the missing profile, records the enrolment, and asks for a new sign-in with a code', async () => {
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    setupOf(await login(deps, ADMIN));
    expect(store.profiles.get(sub)).toBeUndefined();

    await expect(finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE })).resolves.toEqual({
      message: MFA_MESSAGES.setupDone,
    });
    expect(directory.users.get(ADMIN.email)?.totp?.enabled).toBe(true);
    expect(store.profiles.get(sub)).toMatchObject({ isAdmin: true, mfaEnabledAt: new Date(clock.now()).toISOString() });
    expect(store.mfaSetups.has(SETUP_ID)).toBe(false);
    // The tokens of the completed challenge are not handed out, and every older session ends.
    expect(store.sessions.size).toBe(0);
    expect(store.profiles.get(sub)?.tokensValidAfter).toBeDefined();
    // From now on Cognito challenges the sign-in for a code.
    const next = await login(deps, ADMIN);
    expect('kind' in next && next.kind).toBe('mfa-required');
  });

  it('a wrong code is 400 and counted; after 5 the set-up is over (401)', async () => {
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    setupOf(await login(deps, ADMIN));
    const wrong = await domainFailure(finishMfaSetup(deps, { setupId: SETUP_ID, code: WRONG_CODE }));
    expect(wrong).toBeInstanceOf(ValidationError);
    expect((wrong as ValidationError).fieldErrors).toEqual({ code: MFA_MESSAGES.wrongCode });
    for (let i = 1; i < 5; i += 1) await domainFailure(finishMfaSetup(deps, { setupId: SETUP_ID, code: WRONG_CODE }));
    const over = await domainFailure(finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE }));
    expect([over.statusCode, over.message]).toEqual([401, MFA_MESSAGES.expired]);
    expect(directory.users.get(ADMIN.email)?.totp?.enabled).toBe(false);
  });

  it("answers 401 when Cognito's challenge session has expired", async () => {
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    setupOf(await login(deps, ADMIN));
    const setup = store.mfaSetups.get(SETUP_ID);
    if (!setup) throw new Error('no set-up');
    store.mfaSetups.set(SETUP_ID, { ...setup, challengeSession: 'setup-session-gone' });
    const error = await domainFailure(finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE }));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe(MFA_MESSAGES.expired);
  });
});

describe('cognitoDirectory: the MFA_SETUP challenge (AWS only)', () => {
  const cognito = useCognitoFake();
  beforeEach(() => cognito.reset());

  const EMAIL = 'admin@example.com';
  const SUB = '9d2c4f6e-1b3a-4c5d-8e7f-0a1b2c3d4e5f';
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const ID_TOKEN = `${b64({ alg: 'RS256' })}.${b64({ sub: SUB, email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 })}.c2ln`;

  it('answers a sign-in with MFA_SETUP as a set-up session carrying the challenge username', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      ChallengeName: 'MFA_SETUP',
      Session: 'session-1',
      ChallengeParameters: { USER_ID_FOR_SRP: SUB, MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
    });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({
      kind: 'mfa-setup',
      session: `${SUB}~session-1`,
    });
  });

  it('associates the authenticator with the challenge session and keeps the next session', async () => {
    cognito.on('AssociateSoftwareToken').resolves({ SecretCode: 'JBSWY3DPEHPK3PXP', Session: 'session-2' });
    await expect(cognitoDirectory.startTotpSetupInChallenge(`${SUB}~session-1`)).resolves.toEqual({
      secretCode: 'JBSWY3DPEHPK3PXP',
      session: `${SUB}~session-2`,
    });
    expect(cognito.inputsOf('AssociateSoftwareToken')).toEqual([{ Session: 'session-1' }]);
  });

  it('verifies the code, answers MFA_SETUP with the SECRET_HASH, and makes TOTP the preferred factor', async () => {
    cognito.on('VerifySoftwareToken').resolves({ Status: 'SUCCESS', Session: 'session-3' });
    cognito.on('AdminRespondToAuthChallenge').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, AccessToken: 'access-1', RefreshToken: 'refresh-1', ExpiresIn: 3600 },
    });
    const result = await cognitoDirectory.finishTotpSetupInChallenge(EMAIL, `${SUB}~session-2`, '123456');
    expect(result).toMatchObject({
      kind: 'done',
      tokens: { idToken: ID_TOKEN, claims: { sub: SUB, groups: ['admin'] } },
    });
    expect(cognito.inputsOf('VerifySoftwareToken')).toEqual([{ Session: 'session-2', UserCode: '123456' }]);
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')).toEqual([
      {
        UserPoolId: config.userPoolId,
        ClientId: config.userPoolClientId,
        ChallengeName: 'MFA_SETUP',
        Session: 'session-3',
        ChallengeResponses: {
          USERNAME: SUB,
          SECRET_HASH: secretHash(SUB, config.userPoolClientId, TEST_CLIENT_SECRET),
        },
      },
    ]);
    expect(cognito.inputsOf('SetUserMFAPreference')).toEqual([
      { AccessToken: 'access-1', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
    ]);
  });

  it('tells a wrong code from an expired session, and never answers the challenge after a refused code', async () => {
    cognito.on('VerifySoftwareToken').rejects('CodeMismatchException', 'Invalid code received for user');
    await expect(cognitoDirectory.finishTotpSetupInChallenge(EMAIL, `${SUB}~s`, '000000')).resolves.toEqual({
      kind: 'wrong-code',
    });
    cognito
      .on('VerifySoftwareToken')
      .rejects('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    await expect(cognitoDirectory.finishTotpSetupInChallenge(EMAIL, `${SUB}~s`, '123456')).resolves.toEqual({
      kind: 'expired',
    });
    // A session without its username (never handed out by this adapter) is expired too.
    await expect(cognitoDirectory.finishTotpSetupInChallenge(EMAIL, 'bare-session', '123456')).resolves.toEqual({
      kind: 'expired',
    });
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')).toEqual([]);

    cognito.on('VerifySoftwareToken').resolves({ Status: 'SUCCESS', Session: 'session-3' });
    cognito.on('AdminRespondToAuthChallenge').rejects('NotAuthorizedException', 'Invalid session for the user.');
    await expect(cognitoDirectory.finishTotpSetupInChallenge(EMAIL, `${SUB}~s`, '123456')).resolves.toEqual({
      kind: 'expired',
    });
    expect(cognito.inputsOf('SetUserMFAPreference')).toEqual([]);
  });
});
