import { mfaSetupInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  { route: 'auth-mfa-setup', body: mfaSetupInputSchema, limits: [{ name: 'codeVerifyPerIp', by: 'ip' }] },
  async ({ body }) => ok(await authService.finishMfaSetup(body)),
);
