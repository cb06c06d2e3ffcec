import {
  authSessionResponseSchema,
  mfaChallengeResponseSchema,
  mfaSetupResponseSchema,
  type AuthSessionResponse,
  type LoginInput,
  type MfaChallengeResponse,
  type MfaSetupInput,
  type MfaSetupResponse,
  type MfaVerifyInput,
  type RegisterInput,
} from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';
import { messageAnswerSchema, type MessageAnswer } from '@/lib/message-answer';
import { serverSignOutSettled } from './session-api';

/**
 * The calls of the sign-in, registration and recovery pages. Sessions are validated with the
 * shared zod schema; the one-line answers by hand.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type RegisterAnswer = MessageAnswer & { email?: string };

/** POST /api/auth/Register → 201 `{ message, email }`; the account waits for its code. */
export function register(input: RegisterInput): Promise<RegisterAnswer> {
  return apiRequest('auth-register', {
    body: input,
    schema: {
      safeParse: (data) => ({
        success: true,
        data: {
          ...(isRecord(data) && typeof data.message === 'string' ? { message: data.message } : {}),
          ...(isRecord(data) && typeof data.email === 'string' ? { email: data.email } : {}),
        },
      }),
    },
  });
}

/**
 * verifyOtp answers a session when the password came along and is right, else only that the
 * account is verified (after a reload the password is gone).
 */
export type VerifyOtpAnswer =
  { kind: 'signed-in'; session: AuthSessionResponse } | { kind: 'verified'; message: string };

export const VERIFIED_PLEASE_SIGN_IN = 'Account verified, please sign in.';

const verifyOtpAnswerSchema: ResponseSchema<VerifyOtpAnswer> = {
  safeParse: (data) => {
    const session = authSessionResponseSchema.safeParse(data);
    if (session.success) return { success: true, data: { kind: 'signed-in', session: session.data } };
    if (isRecord(data) && data.verified === true) {
      const message = typeof data.message === 'string' && data.message ? data.message : VERIFIED_PLEASE_SIGN_IN;
      return { success: true, data: { kind: 'verified', message } };
    }
    return { success: false, error: session.error };
  },
};

export async function verifyRegistrationOtp(input: {
  email: string;
  otp: string;
  password?: string | undefined;
}): Promise<VerifyOtpAnswer> {
  const body = input.password === undefined ? { email: input.email, otp: input.otp } : input;
  // It may sign in, setting the refresh cookie: not before a sign-out's cookie clearing is done.
  await serverSignOutSettled();
  return apiRequest('auth-verify-otp', { body, schema: verifyOtpAnswerSchema });
}

/** POST /api/auth/resendOtp; a 429 carries Retry-After (cool-down or hourly cap). */
export function resendRegistrationOtp(email: string): Promise<MessageAnswer> {
  return apiRequest('auth-resend-otp', { body: { email }, schema: messageAnswerSchema });
}

/**
 * What `login` answers: a session, or for an administrator the two-factor step that must come
 * first (two-factor sign-in, see docs/security.md): a TOTP challenge (`verifyMfa`) or, the first time, the set-up of an
 * authenticator app (`finishMfaSetup`). Only a session comes with the refresh cookie.
 */
export type LoginAnswer =
  | { kind: 'session'; session: AuthSessionResponse }
  | { kind: 'mfa-required'; challenge: MfaChallengeResponse }
  | { kind: 'mfa-setup'; setup: MfaSetupResponse };
export type AdminSecondStep = Exclude<LoginAnswer, { kind: 'session' }>;

const loginAnswerSchema: ResponseSchema<LoginAnswer> = {
  safeParse: (data) => {
    // The flags decide: a body that claims a second step is never read as a session.
    if (isRecord(data) && data.mfaRequired === true) {
      const challenge = mfaChallengeResponseSchema.safeParse(data);
      return challenge.success
        ? { success: true, data: { kind: 'mfa-required', challenge: challenge.data } }
        : { success: false, error: challenge.error };
    }
    if (isRecord(data) && data.mfaSetupRequired === true) {
      const setup = mfaSetupResponseSchema.safeParse(data);
      return setup.success
        ? { success: true, data: { kind: 'mfa-setup', setup: setup.data } }
        : { success: false, error: setup.error };
    }
    const session = authSessionResponseSchema.safeParse(data);
    return session.success
      ? { success: true, data: { kind: 'session', session: session.data } }
      : { success: false, error: session.error };
  },
};

/**
 * POST /api/auth/login. 401 one generic message; 403 with `needsVerification` (a fresh code was
 * mailed) or for a deactivated account; 429 back-off with Retry-After. The session's refresh token
 * arrives as the HttpOnly cookie, never in the body; a two-factor step comes without one.
 */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  // The answer of a sign-out still on its way would clear the cookie this sign-in sets.
  await serverSignOutSettled();
  return apiRequest('auth-login', { body: input, schema: loginAnswerSchema });
}

/**
 * POST /api/auth/mfa/verify: step two of an administrator's sign-in, with Cognito's challenge
 * session (it lives 3 minutes) and a code from the authenticator app. 200 a session exactly like
 * login (the refresh cookie is set); 400 `errors.code` for a wrong (or, once the challenge has
 * lapsed, any) code; 429 back-off with Retry-After, counted with the password attempts.
 */
export async function verifyMfa(input: MfaVerifyInput): Promise<AuthSessionResponse> {
  await serverSignOutSettled();
  return apiRequest('auth-mfa-verify', { body: input, schema: authSessionResponseSchema });
}

/**
 * POST /api/auth/mfa/setup: turns TOTP on with a first code from the app just set up. 200 with a
 * message (no session: the administrator signs in again, now with a code); 400 `errors.code`
 * wrong code; 401 the set-up has expired or had too many wrong codes (sign in again); 429.
 */
export function finishMfaSetup(input: MfaSetupInput): Promise<MessageAnswer> {
  return apiRequest('auth-mfa-setup', { body: input, schema: messageAnswerSchema });
}

export function requestPasswordReset(email: string): Promise<MessageAnswer> {
  return apiRequest('auth-request-password-reset', { body: { email }, schema: messageAnswerSchema });
}

export function verifyResetOtp(input: { email: string; otp: string }): Promise<MessageAnswer> {
  return apiRequest('auth-verify-reset-otp', { body: input, schema: messageAnswerSchema });
}

export function resetPassword(input: { email: string; otp: string; newPassword: string }): Promise<MessageAnswer> {
  return apiRequest('auth-reset-password', { body: input, schema: messageAnswerSchema });
}
