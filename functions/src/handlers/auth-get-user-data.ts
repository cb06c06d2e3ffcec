import { userIdPathSchema } from '@goldbot/shared';
import { getUserData } from '../domain/auth/account-profile.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';

export const handler = defineHandler(
  { route: 'auth-get-user-data', params: userIdPathSchema },
  async ({ caller, params, sessionProfile }) =>
    ok(await getUserData(accounts, { ...caller, knownProfile: sessionProfile }, params.userId)),
);
