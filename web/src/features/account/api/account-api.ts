import {
  updateProfileResponseSchema,
  type ConfirmEmailChangeInput,
  type UpdateProfileInput,
  type UpdateProfileResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { messageAnswerSchema, type MessageAnswer } from '@/lib/message-answer';

/** The calls of a signed-in person's own account settings: profile, e-mail, password, sessions. */

/**
 * PUT /api/auth/updateUser/{id} with `{ username, email, currentPassword? }`. An unchanged e-mail
 * is saved at once; a new one needs the current password, and the answer then carries
 * `pendingEmail` and the user still with the old address: the change waits for the code mailed
 * to the new one (confirmEmailChange). 400 field errors, 409 address taken, 429 with Retry-After.
 */
export function updateProfile(userId: string, input: UpdateProfileInput): Promise<UpdateProfileResponse> {
  return apiRequest('auth-update-user', { params: { id: userId }, body: input, schema: updateProfileResponseSchema });
}

/**
 * POST /api/auth/confirm-email-change with the code mailed to the new address. On success the
 * server has ended every session of the user; 400 `errors.otp`, 429 with Retry-After when locked.
 */
export function confirmEmailChange(input: ConfirmEmailChangeInput): Promise<MessageAnswer> {
  return apiRequest('auth-confirm-email-change', { body: input, schema: messageAnswerSchema });
}

/**
 * PUT /api/auth/updateUser/{id} with `{ currentPassword, password }`. A refused current password
 * must not read as an ended session, so a 401 here does not sign out.
 */
export function changePassword(
  userId: string,
  input: { currentPassword: string; password: string },
): Promise<MessageAnswer> {
  return apiRequest('auth-update-user', {
    params: { id: userId },
    body: input,
    schema: messageAnswerSchema,
    unauthorizedEndsSession: false,
  });
}

/**
 * POST /api/auth/logout-all: the server ends every session of the caller, this one included, and
 * clears this browser's refresh cookie. A 401 is the caller's to show (it does not end the
 * session here: the page says why).
 */
export function signOutEverywhere(): Promise<MessageAnswer> {
  return apiRequest('auth-logout-all', { body: {}, schema: messageAnswerSchema, unauthorizedEndsSession: false });
}
