import { mfaVerifyInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  {
    route: 'auth-mfa-verify',
    body: mfaVerifyInputSchema,
    limits: [
      { name: 'codeVerifyPerIp', by: 'ip' },
      { name: 'loginPerAccount', by: (body) => body.email },
    ],
  },
  async ({ body }) => {
    const session = await authService.verifyMfa(body);
    return withCookies(ok(session.body), [refreshCookie(session.refreshToken)]);
  },
);
