import { mfaSetupInputSchema } from '@goldbot/shared';
import { finishMfaSetup } from '../domain/auth/mfa-sign-in.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountDirectoryDeps as deps } from '../wiring/account-directory-deps.js';

export const handler = defineHandler(
  {
    route: 'auth-mfa-setup',
    checks: awsChecks,
    body: mfaSetupInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
  },
  async ({ body }) => ok(await finishMfaSetup(deps, body)),
);
