import { registerInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../wiring/cognito-deps.js';
import { register } from '../domain/auth/registration.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { accounts } from '../wiring/accounts.js';
import { otpHashKey } from '../wiring/otp-hash-key.js';
import { sendTemplateMail } from '../wiring/template-mail.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey, sendMail: sendTemplateMail };

export const handler = defineHandler(
  {
    route: 'auth-register',
    checks: awsChecks,
    body: registerInputSchema,
    limits: [{ name: 'registerPerIp', by: 'ip' }],
    // Counted with the e-mail's claim, before Cognito is asked: one request.
    countLimits: 'in-use-case',
  },
  async ({ body, limits }) => created(await register(deps, body, limits)),
);
