import { loginInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  { route: 'auth-login', body: loginInputSchema, limits: [{ name: 'loginPerAccount', by: (body) => body.email }] },
  async ({ body }) => {
    const session = await authService.login(body);
    return withCookies(ok(session.body), [refreshCookie(session.refreshToken)]);
  },
);
