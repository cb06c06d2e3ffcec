import {
  changePasswordInputSchema,
  idPathSchema,
  isPasswordChange,
  updateProfileInputSchema,
  updateUserBodySchema,
} from '@goldbot/shared';
import { defineHandler, parseInput } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { authService } from '../services/auth-service.js';

/** `{username, email}` updates the profile; `{currentPassword, password}` changes the password. */
export const handler = defineHandler(
  { route: 'auth-update-user', params: idPathSchema, body: updateUserBodySchema },
  async ({ caller, params, body, log }) => {
    if (isPasswordChange(body)) {
      const result = await authService.changePassword(caller, params.id, parseInput(changePasswordInputSchema, body));
      log.info('password changed', { userId: caller.userId });
      return ok(result);
    }
    return ok(await authService.updateProfile(caller, params.id, parseInput(updateProfileInputSchema, body)));
  },
);
