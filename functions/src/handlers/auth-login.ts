import { loginInputSchema } from '@goldbot/shared';
import { login } from '../domain/auth/sign-in.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { accountCodeMailDeps as deps } from '../wiring/account-code-mail-deps.js';

/** A session, or for an administrator the two-factor step that must come first. */
export const handler = defineHandler(
  {
    route: 'auth-login',
    checks: awsChecks,
    body: loginInputSchema,
    limits: [{ name: 'loginPerAccount', by: (body) => body.email }],
  },
  async ({ body }) => {
    const outcome = await login(deps, body);
    if ('kind' in outcome) return ok(outcome.body);
    return withCookies(ok(outcome.body), [refreshCookie(outcome.refreshToken)]);
  },
);
