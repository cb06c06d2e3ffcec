import { mfaSetupInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { finishMfaSetup } from '../domain/auth/mfa-sign-in.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';

const deps = { ...accounts, directory: cognitoDirectory };

export const handler = defineHandler(
  { route: 'auth-mfa-setup', body: mfaSetupInputSchema, limits: [{ name: 'codeVerifyPerIp', by: 'ip' }] },
  async ({ body }) => ok(await finishMfaSetup(deps, body)),
);
