import { confirmEmailChangeInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie } from '../kit/refresh-cookie.js';
import { authService } from '../services/auth-service.js';

/** Every session ends with the change, this browser's too: its refresh cookie goes as well. */
export const handler = defineHandler(
  {
    route: 'auth-confirm-email-change',
    body: confirmEmailChangeInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
  },
  async ({ caller, body, log }) => {
    const result = await authService.confirmEmailChange(caller, body);
    log.info('e-mail changed', { userId: caller.userId });
    return withCookies(ok(result), [clearedRefreshCookie()]);
  },
);
