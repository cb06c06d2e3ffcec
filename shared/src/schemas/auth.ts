import * as z from 'zod';
import { AUTH } from '../constants.js';

/**
 * Auth contracts (customer §5, §7; admin §5). Messages are the spec's where it gives one; the
 * server validates with the same schemas as the pages, so both say the same thing.
 */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username must be 3-30 characters: letters, numbers, dots, dashes or underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  forgotEmailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  registerPasswordRule:
    'Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character',
  passwordsDoNotMatch: 'Passwords do not match',
  otpInvalid: 'Please enter a valid 4-digit OTP',
  resetOtpInvalid: 'Please enter the 4-digit OTP.',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  allFieldsRequired: 'All fields are required',
  refreshTokenRequired: 'A refresh token is required',
  currentPasswordForEmail: 'Please enter your current password to change your email.',
  totpInvalid: 'Please enter the 6-digit code from your authenticator app.',
} as const;

/**
 * Address-shaped: local@label(.label)+, no spaces. Linear on any input: the dot that separates
 * domain labels is not a label character, so there is only one way to match (the old
 * `[^\s@]+\.[^\s@]+` backtracked quadratically, docs/security.md H1). Callers also check the
 * length first and abort, so the pattern never sees more than MAX_EMAIL_LENGTH characters.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;
/** Registration: letters, digits and @$!%*?& only, with one of each class (customer §5 Register). */
export const REGISTER_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,128}$/;
/** Reset: the special characters the reset page lists (customer §5 Reset password). */
export const RESET_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export const emailSchema = (invalid: string = AUTH_MESSAGES.emailInvalid) =>
  z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
    .max(MAX_EMAIL_LENGTH, { error: invalid, abort: true })
    .regex(EMAIL_PATTERN, { error: invalid })
    .transform((v) => v.toLowerCase());

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.usernameRequired, abort: true })
  .max(30, { error: AUTH_MESSAGES.usernameInvalid, abort: true })
  .regex(/^[A-Za-z0-9_.-]{3,30}$/, { error: AUTH_MESSAGES.usernameInvalid });

export const registerPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .max(128, { error: AUTH_MESSAGES.registerPasswordRule, abort: true })
  .regex(REGISTER_PASSWORD_PATTERN, { error: AUTH_MESSAGES.registerPasswordRule });

/** Each unmet reset rule, in the spec's order; the page joins them with commas. */
export function resetPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < AUTH.passwordMinLength) problems.push('Password must be at least 8 characters');
  if (!/\d/.test(password)) problems.push('Password must contain at least 1 number');
  if (!/[a-z]/.test(password)) problems.push('Password must contain at least 1 lowercase letter');
  if (!/[A-Z]/.test(password)) problems.push('Password must contain at least 1 uppercase letter');
  if (![...password].some((c) => RESET_SPECIAL_CHARACTERS.includes(c)))
    problems.push('Password must contain at least 1 special character');
  return problems;
}

export const resetPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .max(128, { error: 'Password must be at most 128 characters', abort: true })
  .superRefine((value, ctx) => {
    const problems = resetPasswordProblems(value);
    if (problems.length > 0) ctx.addIssue({ code: 'custom', message: problems.join(', ') });
  });

export const otpSchema = (message: string = AUTH_MESSAGES.otpInvalid) =>
  z
    .string({ error: message })
    .trim()
    .max(AUTH.otpLength, { error: message, abort: true })
    .regex(new RegExp(`^\\d{${AUTH.otpLength}}$`), { error: message });

export const registerInputSchema = z.object({
  username: usernameSchema,
  email: emailSchema(),
  password: registerPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The password travels with the code only to sign the new account in (DESIGN.md §6). */
export const verifyOtpInputSchema = z.object({
  email: emailSchema(),
  otp: otpSchema(),
  password: z.string().max(128).optional(),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpInputSchema>;

export const emailOnlyInputSchema = z.object({ email: emailSchema() });
export const forgotInputSchema = z.object({ email: emailSchema(AUTH_MESSAGES.forgotEmailInvalid) });

export const loginInputSchema = z.object({
  email: emailSchema(),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(128, { error: 'Password must be at most 128 characters' }),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The browser sends no body: its refresh token is the HttpOnly cookie. Other clients may send it here. */
export const refreshInputSchema = z.object({
  refreshToken: z
    .string({ error: AUTH_MESSAGES.refreshTokenRequired })
    .min(1, { error: AUTH_MESSAGES.refreshTokenRequired })
    .max(8192)
    .optional(),
});
export const logoutInputSchema = refreshInputSchema;

export const verifyResetOtpInputSchema = z.object({
  email: emailSchema(AUTH_MESSAGES.forgotEmailInvalid),
  otp: otpSchema(AUTH_MESSAGES.resetOtpInvalid),
});

export const resetPasswordInputSchema = verifyResetOtpInputSchema.extend({ newPassword: resetPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const updateProfileInputSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.allFieldsRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.allFieldsRequired })
    .pipe(usernameSchema),
  email: z
    .string({ error: AUTH_MESSAGES.allFieldsRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.allFieldsRequired })
    .pipe(emailSchema()),
  /** Required when the e-mail changes (checked by the server, which knows the current address). */
  currentPassword: z.string().max(128, { error: 'Password must be at most 128 characters' }).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** Step two of an e-mail change: the 4-digit code mailed to the new address. */
export const confirmEmailChangeInputSchema = z.object({ email: emailSchema(), otp: otpSchema() });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeInputSchema>;
export const changePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.currentPasswordRequired })
    .min(1, { error: AUTH_MESSAGES.currentPasswordRequired })
    .max(128, { error: 'Password must be at most 128 characters' }),
  password: z
    .string({ error: AUTH_MESSAGES.newPasswordRequired })
    .min(1, { error: AUTH_MESSAGES.newPasswordRequired })
    .regex(REGISTER_PASSWORD_PATTERN, {
      error:
        'Password must be at least 8 characters long and include uppercase letter, lowercase letter, number, and special character',
    }),
});
/**
 * PUT updateUser carries one of two shapes; a new `password` decides which (a profile change may
 * carry `currentPassword` too, to change the e-mail).
 */
export const isPasswordChange = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'password' in body;
export const updateUserBodySchema = z.record(z.string(), z.unknown(), {
  error: 'The request body must be a JSON object.',
});
export type UpdateUserInput = z.infer<typeof updateProfileInputSchema> | z.infer<typeof changePasswordInputSchema>;

/** The user as every auth response carries it (customer §3 User). */
export const sessionUserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isAdmin: z.boolean(),
  referralCode: z.string(),
  referralCount: z.number(),
  referralEarnings: z.number(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The refresh token is not in the body: it travels only as the HttpOnly cookie AUTH.refreshCookie. */
export const authSessionResponseSchema = sessionUserSchema.extend({
  token: z.string(),
  expiresIn: z.number(),
});
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

export const refreshResponseSchema = z.object({ token: z.string(), expiresIn: z.number() });

/** PUT updateUser (profile): `pendingEmail` is set when a code went to a new address. */
export const updateProfileResponseSchema = z.object({
  message: z.string(),
  user: sessionUserSchema,
  pendingEmail: z.string().optional(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
export const userIdPathSchema = z.object({ userId: z.string().trim().min(1).max(64) });

/** A code from an authenticator app (admin two-factor sign-in). */
export const totpCodeSchema = z
  .string({ error: AUTH_MESSAGES.totpInvalid })
  .trim()
  .max(AUTH.totpLength, { error: AUTH_MESSAGES.totpInvalid, abort: true })
  .regex(new RegExp(`^\\d{${AUTH.totpLength}}$`), { error: AUTH_MESSAGES.totpInvalid });

/** Step two of an admin sign-in: Cognito's challenge session from the login answer, and the code. */
export const mfaVerifyInputSchema = z.object({
  email: emailSchema(),
  session: z.string({ error: 'Please sign in again.' }).min(1, { error: 'Please sign in again.' }).max(4096),
  code: totpCodeSchema,
});
export type MfaVerifyInput = z.infer<typeof mfaVerifyInputSchema>;

/** Turning TOTP on: the set-up id from the login answer and a first code from the app. */
export const mfaSetupInputSchema = z.object({
  setupId: z.string({ error: 'Please sign in again.' }).trim().min(1, { error: 'Please sign in again.' }).max(64),
  code: totpCodeSchema,
});
export type MfaSetupInput = z.infer<typeof mfaSetupInputSchema>;

/**
 * What `login` answers instead of a session when an administrator must use a second factor:
 * a challenge (TOTP is on) or a set-up (not yet: scan `otpauthUri` or type `secretCode`).
 */
export const mfaChallengeResponseSchema = z.object({
  mfaRequired: z.literal(true),
  email: z.string(),
  session: z.string(),
  message: z.string(),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;
export const mfaSetupResponseSchema = z.object({
  mfaSetupRequired: z.literal(true),
  email: z.string(),
  setupId: z.string(),
  secretCode: z.string(),
  otpauthUri: z.string(),
  message: z.string(),
});
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;
