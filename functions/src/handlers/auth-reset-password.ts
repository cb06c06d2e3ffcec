import { resetPasswordInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../wiring/cognito-deps.js';
import { resetPassword } from '../domain/auth/password-reset.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../wiring/accounts.js';
import { otpHashKey } from '../wiring/otp-hash-key.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey };

export const handler = defineHandler(
  {
    route: 'auth-reset-password',
    checks: awsChecks,
    body: resetPasswordInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
    // Counted with the code's consumption, before Cognito sets the password: one request.
    countLimits: 'in-use-case',
  },
  async ({ body, limits }) => ok(await resetPassword(deps, body, limits)),
);
