import { verifyOtpInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../wiring/cognito-deps.js';
import { verifyRegistration } from '../domain/auth/registration.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { accounts } from '../wiring/accounts.js';
import { otpHashKey } from '../wiring/otp-hash-key.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey };

export const handler = defineHandler(
  {
    route: 'auth-verify-otp',
    checks: awsChecks,
    body: verifyOtpInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
    // Counted with the confirmation, before Cognito confirms the account: one request.
    countLimits: 'in-use-case',
  },
  async ({ body, limits }) => {
    const outcome = await verifyRegistration(deps, body, limits);
    if (!('body' in outcome)) return ok(outcome);
    return withCookies(ok(outcome.body), [refreshCookie(outcome.refreshToken)]);
  },
);
