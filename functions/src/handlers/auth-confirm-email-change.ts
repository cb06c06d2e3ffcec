import { confirmEmailChangeInputSchema } from '@goldbot/shared';
import { confirmEmailChange } from '../domain/auth/account-profile.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok, withCookies } from '../kit/http-response.js';
import { clearedRefreshCookie } from '../kit/refresh-cookie.js';
import { accountCodeMailDeps as deps } from '../wiring/account-code-mail-deps.js';

/** Every session ends with the change, this browser's too: its refresh cookie goes as well. */
export const handler = defineHandler(
  {
    route: 'auth-confirm-email-change',
    checks: awsChecks,
    body: confirmEmailChangeInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
  },
  async ({ caller, body, log, sessionProfile }) => {
    const result = await confirmEmailChange(deps, { ...caller, knownProfile: sessionProfile }, body);
    log.info('e-mail changed', { userId: caller.userId });
    return withCookies(ok(result), [clearedRefreshCookie()]);
  },
);
