import { refreshInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { refresh } from '../domain/auth/sign-in.js';
import { UnauthorizedError } from '../domain/errors.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { clearedRefreshCookie, refreshTokenFrom } from '../kit/refresh-cookie.js';
import { accounts } from '../services/accounts.js';

const deps = { ...accounts, directory: cognitoDirectory };

export const handler = defineHandler({ route: 'auth-refresh', body: refreshInputSchema }, async ({ body, cookies }) => {
  try {
    return ok(await refresh(deps, refreshTokenFrom(cookies, body)));
  } catch (error) {
    // An ended session also loses its cookie, so the browser stops offering it.
    if (error instanceof UnauthorizedError) error.cookies = [clearedRefreshCookie()];
    throw error;
  }
});
