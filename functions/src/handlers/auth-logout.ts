import { logoutInputSchema } from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { logout } from '../domain/auth/sign-in.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie, refreshTokenFrom } from '../kit/refresh-cookie.js';
import { accounts } from '../services/accounts.js';

const deps = { ...accounts, directory: cognitoDirectory };

export const handler = defineHandler(
  { route: 'auth-logout', body: logoutInputSchema },
  async ({ caller, body, cookies }) =>
    withCookies(ok(await logout(deps, caller, refreshTokenFrom(cookies, body))), [clearedRefreshCookie()]),
);
