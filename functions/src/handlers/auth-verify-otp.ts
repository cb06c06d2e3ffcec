import { verifyOtpInputSchema } from '@goldbot/shared';
import { verifyRegistration } from '../domain/auth/registration.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { accountDirectoryCodeDeps as deps } from '../wiring/account-directory-code-deps.js';

export const handler = defineHandler(
  {
    route: 'auth-verify-otp',
    checks: awsChecks,
    body: verifyOtpInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
  },
  async ({ body }) => {
    const outcome = await verifyRegistration(deps, body);
    if (!('body' in outcome)) return ok(outcome);
    return withCookies(ok(outcome.body), [refreshCookie(outcome.refreshToken)]);
  },
);
