import { logoutAll } from '../domain/auth/sign-in.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie } from '../kit/refresh-cookie.js';
import { accountDirectoryDeps as deps } from '../wiring/account-directory-deps.js';

/** Ends every session of the caller (no body is read) and clears this browser's refresh cookie. */
export const handler = defineHandler({ route: 'auth-logout-all', checks: awsChecks }, async ({ caller }) =>
  withCookies(ok(await logoutAll(deps, caller)), [clearedRefreshCookie()]),
);
