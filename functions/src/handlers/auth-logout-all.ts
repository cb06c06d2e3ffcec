import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { logoutAll } from '../domain/auth/sign-in.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie } from '../kit/refresh-cookie.js';
import { accounts } from '../services/accounts.js';

const deps = { ...accounts, directory: cognitoDirectory };

/** Ends every session of the caller (no body is read) and clears this browser's refresh cookie. */
export const handler = defineHandler({ route: 'auth-logout-all' }, async ({ caller }) =>
  withCookies(ok(await logoutAll(deps, caller)), [clearedRefreshCookie()]),
);
