import { registerInputSchema } from '@goldbot/shared';
import { register } from '../domain/auth/registration.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { accountCodeMailDeps as deps } from '../wiring/account-code-mail-deps.js';

export const handler = defineHandler(
  {
    route: 'auth-register',
    checks: awsChecks,
    body: registerInputSchema,
    limits: [{ name: 'registerPerIp', by: 'ip' }],
  },
  async ({ body }) => created(await register(deps, body)),
);
