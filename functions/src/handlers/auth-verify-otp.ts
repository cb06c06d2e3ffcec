import { verifyOtpInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { refreshCookie } from '../kit/refresh-cookie.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  { route: 'auth-verify-otp', body: verifyOtpInputSchema, limits: [{ name: 'codeVerifyPerIp', by: 'ip' }] },
  async ({ body }) => {
    const outcome = await authService.verifyRegistration(body);
    if (!('body' in outcome)) return ok(outcome);
    return withCookies(ok(outcome.body), [refreshCookie(outcome.refreshToken)]);
  },
);
