import { forgotInputSchema } from '@goldbot/shared';
import { requestPasswordReset } from '../domain/auth/password-reset.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountCodeSenderDeps as deps } from '../wiring/account-code-sender-deps.js';

export const handler = defineHandler(
  // Counted with the code's write (before any mail); an address that gets no code is counted after.
  { route: 'auth-request-password-reset', checks: awsChecks, body: forgotInputSchema, countLimits: 'in-use-case' },
  async ({ body, limits }) => ok(await requestPasswordReset(deps, body.email, limits)),
);
