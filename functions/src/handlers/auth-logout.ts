import { logoutInputSchema } from '@goldbot/shared';
import { logout } from '../domain/auth/sign-in.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie, refreshTokenFrom } from '../kit/refresh-cookie.js';
import { accountDirectoryDeps as deps } from '../wiring/account-directory-deps.js';

export const handler = defineHandler(
  { route: 'auth-logout', checks: awsChecks, body: logoutInputSchema },
  async ({ caller, body, cookies }) =>
    withCookies(ok(await logout(deps, caller, refreshTokenFrom(cookies, body))), [clearedRefreshCookie()]),
);
