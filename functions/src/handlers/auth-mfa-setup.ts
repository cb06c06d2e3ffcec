import { mfaSetupInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../wiring/cognito-deps.js';
import { finishMfaSetup } from '../domain/auth/auth-service.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../wiring/account-deps.js';

const deps = { ...accounts, directory: cognitoDirectory };

export const handler = defineHandler(
  { route: 'auth-mfa-setup', body: mfaSetupInputSchema, limits: [{ name: 'codeVerifyPerIp', by: 'ip' }] },
  async ({ body }) => ok(await finishMfaSetup(deps, body)),
);
