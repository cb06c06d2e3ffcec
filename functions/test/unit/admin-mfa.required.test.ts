import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Config from '../../src/config.js';
import type * as LoginHandler from '../../src/handlers/auth-login.js';
import type * as HttpHandlerKit from '../../src/kit/define-handler.js';
import type * as AwsChecks from '../../src/wiring/aws-checks.js';
import type * as HttpResponses from '../../src/kit/http-response.js';
import { CALLERS, httpEvent, invoke, profileItemOf, userDataEvent, type Claims } from '../helpers/lambda.js';
import { givenEmptyTable, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { idTokenFor, useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * ADMIN_MFA_REQUIRED=true (docs/security.md, "Administrators sign in with TOTP"), as in AWS. The configuration is read once, at
 * import, so the modules are loaded afresh with that environment (the other unit tests run with
 * the default, false): admin routes refuse administrators whose profile has no mfaEnabledAt, and
 * an administrator's sign-in without TOTP answers the set-up instead of a session.
 */
const MFA_REQUIRED = 'Administrators must sign in with two-factor authentication. Please sign in again.';

let config: (typeof Config)['config'];
let kit: typeof HttpHandlerKit;
let awsChecks: (typeof AwsChecks)['awsChecks'];
let responses: typeof HttpResponses;
let login: (typeof LoginHandler)['handler'];

const dynamo = useMockedDynamo();
const cognito = useCognitoFake();

beforeAll(async () => {
  vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
  vi.resetModules();
  config = (await import('../../src/config.js')).config;
  kit = await import('../../src/kit/define-handler.js');
  awsChecks = (await import('../../src/wiring/aws-checks.js')).awsChecks;
  responses = await import('../../src/kit/http-response.js');
  login = (await import('../../src/handlers/auth-login.js')).handler;
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

beforeEach(() => {
  cognito.reset();
  givenEmptyTable(dynamo);
});

/** The caller's stored profile, with or without TOTP recorded. */
const givenProfile = (claims: Claims, overrides: Record<string, unknown> = {}) =>
  dynamo
    .on(GetCommand, { Key: { PK: `USER#${claims.sub}`, SK: 'PROFILE' } })
    .resolves({ Item: profileItemOf(claims, overrides) });

function probe(route: 'contact-list' | 'auth-me' | 'health') {
  const run = vi.fn(async () => responses.ok({}));
  return { run, handler: kit.defineHandler({ route, checks: awsChecks }, run) };
}

describe('admin routes where admin MFA is required', () => {
  it('reads the setting from the environment', () => {
    expect(config.adminMfaRequired).toBe(true);
  });

  it('refuse an administrator whose profile has no mfaEnabledAt with 403, before running anything', async () => {
    givenProfile(CALLERS.admin);
    const { handler, run } = probe('contact-list');
    const res = await invoke(handler, httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }));
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ message: MFA_REQUIRED, msg: MFA_REQUIRED });
    expect(run).not.toHaveBeenCalled();
  });

  it('let an administrator with TOTP on through', async () => {
    givenProfile(CALLERS.admin, { mfaEnabledAt: '2026-01-02T03:04:05.000Z' });
    const { handler, run } = probe('contact-list');
    const res = await invoke(handler, httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }));
    expect(res.statusCode).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('refuse a token whose sign-in (auth_time, kept by a refresh) came before TOTP was turned on', async () => {
    const signedIn = Number(CALLERS.admin.auth_time);
    givenProfile(CALLERS.admin, { mfaEnabledAt: new Date((signedIn + 60) * 1000).toISOString() });
    // Refreshed after the enrolment: a new iat, the old sign-in.
    const refreshed = { ...CALLERS.admin, iat: String(signedIn + 120) };
    const { handler, run } = probe('contact-list');
    const res = await invoke(handler, httpEvent({ routeId: 'contact-list', claims: refreshed }));
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(
      'This session began before two-factor authentication was turned on. Please sign in again with a code from your authenticator app.',
    );
    expect(run).not.toHaveBeenCalled();
  });

  it("refuse an administrator without TOTP on another user's getuserdata, and serve their own", async () => {
    givenProfile(CALLERS.admin);
    givenProfile(CALLERS.user);
    const { handler } = await import('../../src/handlers/auth-get-user-data.js');
    const other = await invoke(handler, userDataEvent(CALLERS.admin, CALLERS.user));
    expect([other.statusCode, other.body.message]).toEqual([403, MFA_REQUIRED]);
    expect((await invoke(handler, userDataEvent(CALLERS.admin, CALLERS.admin))).statusCode).toBe(200);
  });

  it('still refuse a deactivated administrator with TOTP on', async () => {
    givenProfile(CALLERS.admin, { mfaEnabledAt: '2026-01-02T03:04:05.000Z', isActive: false });
    const { handler, run } = probe('contact-list');
    const res = await invoke(handler, httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }));
    expect([res.statusCode, res.body.message]).toEqual([403, 'Account is deactivated']);
    expect(run).not.toHaveBeenCalled();
  });

  it('leave user and public routes alone: an administrator without TOTP may still use them', async () => {
    givenProfile(CALLERS.admin);
    givenProfile(CALLERS.user);
    for (const routeId of ['auth-me', 'health'] as const) {
      for (const claims of [CALLERS.admin, CALLERS.user]) {
        const { handler, run } = probe(routeId);
        const res = await invoke(handler, httpEvent({ routeId, claims }));
        expect([routeId, res.statusCode]).toEqual([routeId, 200]);
        expect(run).toHaveBeenCalledTimes(1);
      }
    }
  });
});

describe('auth-login of an administrator without TOTP where admin MFA is required', () => {
  const EMAIL = 'admin@example.com';
  const SUB = String(CALLERS.admin.sub);
  const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 });

  it('answers the set-up in the body, with no cookie and no session, and stores the access token', async () => {
    givenProfile(CALLERS.admin);
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: {
        IdToken: ID_TOKEN,
        AccessToken: 'access-admin-1',
        RefreshToken: 'refresh-admin-1',
        ExpiresIn: 3600,
      },
    });
    cognito.on('AssociateSoftwareToken').resolves({ SecretCode: 'JBSWY3DPEHPK3PXP' });

    const res = await invoke(
      login,
      httpEvent({ routeId: 'auth-login', body: { email: EMAIL, password: 'Adm1n!Pass' } }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      mfaSetupRequired: true,
      email: EMAIL,
      setupId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      secretCode: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/GoldBot%3Aadmin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=GoldBot',
      message:
        'Administrators sign in with two-factor authentication. Scan the QR code with an authenticator app, then enter the 6-digit code it shows.',
    });
    expect(res.cookies).toEqual([]);
    for (const secret of [ID_TOKEN, 'access-admin-1', 'refresh-admin-1']) expect(res.rawBody).not.toContain(secret);
    expect(cognito.inputsOf('AssociateSoftwareToken')[0]).toEqual({
      AccessToken: 'access-admin-1',
    });
    const puts = dynamo.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts.filter((p) => String(p.Item?.SK).startsWith('SESSION#'))).toEqual([]);
    expect(puts).toEqual([
      expect.objectContaining({
        Item: expect.objectContaining({
          PK: `MFASETUP#${String(res.body.setupId)}`,
          SK: 'MFASETUP',
          userId: SUB,
          email: EMAIL,
          accessToken: 'access-admin-1',
          wrongTries: 0,
        }),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ]);
  });
});
