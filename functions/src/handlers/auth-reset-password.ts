import { resetPasswordInputSchema } from '@goldbot/shared';
import { resetPassword } from '../domain/auth/password-reset.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountDirectoryCodeDeps as deps } from '../wiring/account-directory-code-deps.js';

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
