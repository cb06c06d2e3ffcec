import { mfaVerifyInputSchema } from '@goldbot/shared';
import { challengeUsername } from '../domain/auth/cognito-handle.js';
import { verifyMfa } from '../domain/auth/mfa-sign-in.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { accountDirectoryDeps as deps } from '../wiring/account-directory-deps.js';

export const handler = defineHandler(
  {
    route: 'auth-mfa-verify',
    checks: awsChecks,
    body: mfaVerifyInputSchema,
    limits: [
      { name: 'codeVerifyPerIp', by: 'ip' },
      // The account whose sign-in the session belongs to, never the e-mail the client sends (a
      // session without its username never reaches Cognito and is counted by that address).
      { name: 'loginPerAccount', by: (body) => challengeUsername(body.session) ?? body.email },
    ],
  },
  async ({ body }) => {
    const session = await verifyMfa(deps, body);
    return withCookies(ok(session.body), [refreshCookie(session.refreshToken)]);
  },
);
