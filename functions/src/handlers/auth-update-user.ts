import {
  changePasswordInputSchema,
  idPathSchema,
  isPasswordChange,
  updateProfileInputSchema,
  updateUserBodySchema,
} from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { changePassword, updateProfile } from '../domain/auth/account-profile.js';
import { defineHandler, parseInput } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';
import { otpHashKey } from '../services/otp-hash-key.js';
import { sendTemplateMail } from '../services/template-mail.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey, sendMail: sendTemplateMail };

/** `{username, email}` updates the profile; `{currentPassword, password}` changes the password. */
export const handler = defineHandler(
  {
    route: 'auth-update-user',
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
