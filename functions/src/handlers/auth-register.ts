import { registerInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { register } from '../domain/auth/registration.js';
import { defineHandler } from '../kit/http-handler.js';
import { created } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';
import { otpHashKey } from '../services/otp-hash-key.js';
import { sendTemplateMail } from '../services/template-mail.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey, sendMail: sendTemplateMail };

export const handler = defineHandler(
  {
    route: 'auth-register',
    body: registerInputSchema,
    limits: [{ name: 'registerPerIp', by: 'ip' }],
    // Counted with the e-mail's claim, before Cognito is asked: one request.
    countLimits: 'in-use-case',
  },
  async ({ body, limits }) => created(await register(deps, body, limits)),
);
