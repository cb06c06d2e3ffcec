import { refreshInputSchema } from '@goldbot/shared';
import { refresh } from '../domain/auth/sign-in.js';
import { UnauthorizedError } from '../domain/errors.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { clearedRefreshCookie, refreshTokenFrom } from '../kit/refresh-cookie.js';
import { accountDirectoryDeps as deps } from '../wiring/account-directory-deps.js';

export const handler = defineHandler(
  { route: 'auth-refresh', checks: awsChecks, body: refreshInputSchema },
  async ({ body, cookies }) => {
    try {
      return ok(await refresh(deps, refreshTokenFrom(cookies, body)));
    } catch (error) {
      // An ended session also loses its cookie, so the browser stops offering it.
      if (error instanceof UnauthorizedError) error.cookies = [clearedRefreshCookie()];
      throw error;
    }
  },
);
