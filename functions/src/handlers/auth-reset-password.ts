import { resetPasswordInputSchema } from '@goldbot/shared';
import { resetPassword } from '../domain/auth/password-reset.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountDirectoryCodeDeps as deps } from '../wiring/account-directory-code-deps.js';

export const handler = defineHandler(
  {
    route: 'auth-reset-password',
    checks: awsChecks,
    body: resetPasswordInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
  },
  async ({ body }) => ok(await resetPassword(deps, body)),
);
