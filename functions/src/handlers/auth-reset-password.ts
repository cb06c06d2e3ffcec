import { resetPasswordInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { resetPassword } from '../domain/auth/password-reset.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';
import { otpHashKey } from '../services/otp-hash-key.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey };

export const handler = defineHandler(
  {
    route: 'auth-reset-password',
    body: resetPasswordInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
    // Counted with the code's consumption, before Cognito sets the password: one request.
    countLimits: 'in-use-case',
  },
  async ({ body, limits }) => ok(await resetPassword(deps, body, limits)),
);
