import { loginInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { authService } from '../services/auth-service.js';

/** A session, or for an administrator the two-factor step that must come first (M5). */
export const handler = defineHandler(
  { route: 'auth-login', body: loginInputSchema, limits: [{ name: 'loginPerAccount', by: (body) => body.email }] },
  async ({ body }) => {
    const outcome = await authService.login(body);
    if ('kind' in outcome) return ok(outcome.body);
    return withCookies(ok(outcome.body), [refreshCookie(outcome.refreshToken)]);
  },
);
