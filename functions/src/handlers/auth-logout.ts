import { logoutInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie, refreshTokenFrom } from '../kit/refresh-cookie.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  { route: 'auth-logout', body: logoutInputSchema },
  async ({ caller, body, cookies }) =>
    withCookies(ok(await authService.logout(caller, refreshTokenFrom(cookies, body))), [clearedRefreshCookie()]),
);
