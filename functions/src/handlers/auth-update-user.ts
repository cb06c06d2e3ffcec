import {
  changePasswordInputSchema,
  idPathSchema,
  isPasswordChange,
  updateProfileInputSchema,
  updateUserBodySchema,
} from '@goldbot/shared';
import { changePassword, updateProfile } from '../domain/auth/account-profile.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler, parseInput } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountCodeMailDeps as deps } from '../wiring/account-code-mail-deps.js';

/** `{username, email}` updates the profile; `{currentPassword, password}` changes the password. */
export const handler = defineHandler(
  {
    route: 'auth-update-user',
    checks: awsChecks,
    params: idPathSchema,
    body: updateUserBodySchema,
  },
  async ({ caller: tokenCaller, params, body, log, sessionProfile }) => {
    const caller = { ...tokenCaller, knownProfile: sessionProfile };
    if (isPasswordChange(body)) {
      const result = await changePassword(deps, caller, params.id, parseInput(changePasswordInputSchema, body));
      log.info('password changed', { userId: caller.userId });
      return ok(result);
    }
    return ok(await updateProfile(deps, caller, params.id, parseInput(updateProfileInputSchema, body)));
  },
);
