import {
  changePasswordInputSchema,
  idPathSchema,
  isPasswordChange,
  updateProfileInputSchema,
  updateUserBodySchema,
  type UpdateProfileInput,
} from '@goldbot/shared';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { codeStateFrom, codeStateKeys } from '../data/auth-store.js';
import { changePassword, updateProfile } from '../domain/auth/auth-service.js';
import { defineHandler, parseInput } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/auth-service.js';
import { otpHashKey } from '../services/otp-hash-key.js';
import { sendTemplateMail } from '../services/template-mail.js';

const deps = { ...accounts, directory: cognitoDirectory, otpHashKey, sendMail: sendTemplateMail };

/** What an e-mail change reads besides the session's profile: the new address's state and marker. */
const emailChangeRead = (input: UpdateProfileInput) => ({
  templateType: 'emailChangeOtp',
  emailOwner: true,
  username: input.username,
});

/** A profile form's input, or null for a password change or a body that does not validate. */
function profileInput(body: Record<string, unknown>): UpdateProfileInput | null {
  if (isPasswordChange(body)) return null;
  const parsed = updateProfileInputSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** `{username, email}` updates the profile; `{currentPassword, password}` changes the password. */
export const handler = defineHandler(
  {
    route: 'auth-update-user',
    params: idPathSchema,
    body: updateUserBodySchema,
    // A profile form reads the new address's code state and markers with the session's profile.
    prefetch: (body) => {
      const input = profileInput(body);
      return input ? codeStateKeys(input.email, 'email-change', emailChangeRead(input)) : [];
    },
  },
  async ({ caller: tokenCaller, params, body, log, sessionProfile, prefetched }) => {
    const caller = { ...tokenCaller, knownProfile: sessionProfile };
    if (isPasswordChange(body)) {
      const result = await changePassword(deps, caller, params.id, parseInput(changePasswordInputSchema, body));
      log.info('password changed', { userId: caller.userId });
      return ok(result);
    }
    const input = parseInput(updateProfileInputSchema, body);
    const state = codeStateFrom(prefetched, input.email, 'email-change', Date.now(), emailChangeRead(input));
    return ok(await updateProfile(deps, caller, params.id, input, state));
  },
);
