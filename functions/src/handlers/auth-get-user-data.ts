import { userIdPathSchema } from '@goldbot/shared';
import { getUserData } from '../domain/auth/account-profile.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountDeps } from '../wiring/accounts.js';

export const handler = defineHandler(
  { route: 'auth-get-user-data', checks: awsChecks, params: userIdPathSchema },
  async ({ caller, params, sessionProfile }) =>
    ok(await getUserData(accountDeps, { ...caller, knownProfile: sessionProfile }, params.userId)),
);
