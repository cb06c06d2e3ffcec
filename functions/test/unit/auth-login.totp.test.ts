import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { config } from '../../src/config.js';
import { handler as login } from '../../src/handlers/auth-login.js';
import { awsChecks } from '../../src/wiring/aws-checks.js';
import { defineHandler } from '../../src/kit/define-handler.js';
import { ok } from '../../src/kit/http-response.js';
import { CALLERS, givenProfiles, httpEvent, invoke } from '../helpers/lambda.js';
import { dynamo, cognito, EMAIL, SUB, SESSION, sessionPuts } from '../helpers/admin-mfa-routes.js';

/**
 * The TOTP challenge answer of auth-login, and admin routes letting an administrator without TOTP
 * through where admin MFA is not required, in process, with the DynamoDB client mocked, Cognito
 * faked (helpers/cognito-fake.ts) and the unit-test configuration (ADMIN_MFA_REQUIRED unset, so
 * false; the required case is admin-mfa.required.test.ts); shared setup in
 * helpers/admin-mfa-routes.ts.
 */
describe('auth-login: the TOTP challenge', () => {
  const post = (body: unknown) => invoke(login, httpEvent({ routeId: 'auth-login', body }));

  it('answers the challenge in the body with no cookie and no session, and clears the failed sign-ins', async () => {
    expect(config.adminMfaRequired).toBe(false);
    cognito.on('AdminInitiateAuth').resolves({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: SESSION,
      ChallengeParameters: { USER_ID_FOR_SRP: SUB },
    });

    const res = await post({ email: EMAIL, password: 'Adm1n!Pass' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      mfaRequired: true,
      email: EMAIL,
      // Cognito's session with the username its answer must name (adapters/cognito-directory.ts).
      session: `${SUB}~${SESSION}`,
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(res.cookies).toEqual([]);
    expect(res.headers).not.toHaveProperty('set-cookie');
    expect(sessionPuts()).toHaveLength(0);
    expect(dynamo.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: `LOGINFAIL#${EMAIL}`,
      SK: 'LOGINFAIL',
    });
  });
});

describe('admin routes where admin MFA is not required (the default)', () => {
  it('let an administrator without TOTP through', async () => {
    givenProfiles(dynamo, CALLERS.admin);
    const run = vi.fn(async () => ok({}));
    const h = defineHandler({ route: 'contact-list', checks: awsChecks }, run);
    const res = await invoke(h, httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }));
    expect(res.statusCode).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
