import { AUTH } from '../constants.js';
import * as z from '../zod.js';
import { schema } from './schema.js';
import { requiredText } from './text.js';

/**
 * Auth contracts (the customer and admin auth pages and routes). Messages are the spec's where it gives one; the
 * server validates with the same schemas as the pages, so both say the same thing.
 */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 50 characters',
  usernameInvalid: 'Username cannot contain line breaks, control characters or angle brackets (< >)',
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
 * `[^\s@]+\.[^\s@]+` backtracked quadratically, docs/security.md "The review's findings"). Callers also check the
 * length first and abort, so the pattern never sees more than MAX_EMAIL_LENGTH characters.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;
/** Registration: letters, digits and @$!%*?& only, with one of each class (the Register page's rule). */
export const REGISTER_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,128}$/;
/** Reset: the special characters the reset page lists. */
export const RESET_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export const emailSchema = /* @__NO_SIDE_EFFECTS__ */ (invalid: string = AUTH_MESSAGES.emailInvalid) =>
  z.pipe(
    requiredText(
      AUTH_MESSAGES.emailRequired,
      z.maxLength(MAX_EMAIL_LENGTH, { error: invalid, abort: true }),
      z.regex(EMAIL_PATTERN, { error: invalid }),
    ),
    z.transform((v: string) => v.toLowerCase()),
  );

/** The longest username, in characters (code points, so a letter outside the BMP counts once). */
export const USERNAME_MAX_LENGTH = 50;

/**
 * What a username may not hold: control characters (line breaks, tabs, NUL...), line and paragraph
 * separators, the invisible text-direction controls (which can make a name read as another),
 * unpaired surrogates (not text), and angle brackets. Everything else is a name: any script,
 * spaces, digits and punctuation ('John Smith', 'Jo', 'Анна', '李小龍', "O'Brien").
 */
export const USERNAME_PATTERN = /^[^\p{Cc}\uD800-\uDFFF\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069<>]+$/u;

/**
 * A username as the spec asks for one: given (trimmed, 'Username is required'), at most 50
 * characters, and plain text. It is stored in Unicode NFC, so a name typed with a composed or a
 * decomposed accent is the same name for the case-insensitive uniqueness rule.
 */
export const usernameSchema = /* @__PURE__ */ schema(() =>
  requiredText(
    AUTH_MESSAGES.usernameRequired,
    // Code units first: cheap, and it bounds the work of what follows on any input. Four per
    // character leaves room for a name typed with combining accents, which NFC then composes.
    z.maxLength(USERNAME_MAX_LENGTH * 4, { error: AUTH_MESSAGES.usernameTooLong, abort: true }),
    z.normalize('NFC'),
    z.refine((value: string) => Array.from(value).length <= USERNAME_MAX_LENGTH, {
      error: AUTH_MESSAGES.usernameTooLong,
      abort: true,
    }),
    z.regex(USERNAME_PATTERN, { error: AUTH_MESSAGES.usernameInvalid }),
  ),
);

export const registerPasswordSchema = /* @__PURE__ */ schema(() =>
  z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, { error: AUTH_MESSAGES.passwordRequired, abort: true }),
      z.maxLength(128, { error: AUTH_MESSAGES.registerPasswordRule, abort: true }),
      z.regex(REGISTER_PASSWORD_PATTERN, { error: AUTH_MESSAGES.registerPasswordRule }),
    ),
);

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

export const resetPasswordSchema = /* @__PURE__ */ schema(() =>
  z.string({ error: AUTH_MESSAGES.passwordRequired }).check(
    z.maxLength(128, { error: 'Password must be at most 128 characters', abort: true }),
    z.superRefine((value: string, ctx) => {
      const problems = resetPasswordProblems(value);
      if (problems.length > 0) ctx.addIssue({ code: 'custom', message: problems.join(', ') });
    }),
  ),
);

export const otpSchema = /* @__NO_SIDE_EFFECTS__ */ (message: string = AUTH_MESSAGES.otpInvalid) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.maxLength(AUTH.otpLength, { error: message, abort: true }),
      z.regex(new RegExp(`^\\d{${AUTH.otpLength}}$`), { error: message }),
    );

export const registerInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    username: usernameSchema,
    email: emailSchema(),
    password: registerPasswordSchema,
  }),
);
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The password travels with the code only to sign the new account in (docs/decisions.md, "Identity and sessions"). */
export const verifyOtpInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: emailSchema(),
    otp: otpSchema(),
    password: z.optional(z.string().check(z.maxLength(128))),
  }),
);
export type VerifyOtpInput = z.infer<typeof verifyOtpInputSchema>;

export const emailOnlyInputSchema = /* @__PURE__ */ schema(() => z.object({ email: emailSchema() }));
export const forgotInputSchema = /* @__PURE__ */ schema(() =>
  z.object({ email: emailSchema(AUTH_MESSAGES.forgotEmailInvalid) }),
);

export const loginInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: emailSchema(),
    password: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .check(
        z.minLength(1, { error: AUTH_MESSAGES.passwordRequired }),
        z.maxLength(128, { error: 'Password must be at most 128 characters' }),
      ),
  }),
);
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The browser sends no body: its refresh token is the HttpOnly cookie. Other clients may send it here. */
export const refreshInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    refreshToken: z.optional(
      z
        .string({ error: AUTH_MESSAGES.refreshTokenRequired })
        .check(z.minLength(1, { error: AUTH_MESSAGES.refreshTokenRequired }), z.maxLength(8192)),
    ),
  }),
);
export const logoutInputSchema = refreshInputSchema;

export const verifyResetOtpInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: emailSchema(AUTH_MESSAGES.forgotEmailInvalid),
    otp: otpSchema(AUTH_MESSAGES.resetOtpInvalid),
  }),
);

export const resetPasswordInputSchema = /* @__PURE__ */ schema(() =>
  z.extend(verifyResetOtpInputSchema, { newPassword: resetPasswordSchema }),
);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** A profile field: missing or blank is "All fields are required"; otherwise the field's own schema decides. */
const allFieldsText = /* @__PURE__ */ schema(() =>
  z
    .string({ error: AUTH_MESSAGES.allFieldsRequired })
    .check(z.trim(), z.minLength(1, { error: AUTH_MESSAGES.allFieldsRequired })),
);
export const updateProfileInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    username: z.pipe(allFieldsText, usernameSchema),
    email: z.pipe(allFieldsText, emailSchema()),
    /** Required when the e-mail changes (checked by the server, which knows the current address). */
    currentPassword: z.optional(
      z.string().check(z.maxLength(128, { error: 'Password must be at most 128 characters' })),
    ),
  }),
);
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** Step two of an e-mail change: the 4-digit code mailed to the new address. */
export const confirmEmailChangeInputSchema = /* @__PURE__ */ schema(() =>
  z.object({ email: emailSchema(), otp: otpSchema() }),
);
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeInputSchema>;
export const changePasswordInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .check(
        z.minLength(1, { error: AUTH_MESSAGES.currentPasswordRequired }),
        z.maxLength(128, { error: 'Password must be at most 128 characters' }),
      ),
    password: z.string({ error: AUTH_MESSAGES.newPasswordRequired }).check(
      z.minLength(1, { error: AUTH_MESSAGES.newPasswordRequired }),
      z.regex(REGISTER_PASSWORD_PATTERN, {
        error:
          'Password must be at least 8 characters long and include uppercase letter, lowercase letter, number, and special character',
      }),
    ),
  }),
);
/**
 * PUT updateUser carries one of two shapes; a new `password` decides which (a profile change may
 * carry `currentPassword` too, to change the e-mail).
 */
export const isPasswordChange = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'password' in body;
export const updateUserBodySchema = /* @__PURE__ */ schema(() =>
  z.record(z.string(), z.unknown(), {
    error: 'The request body must be a JSON object.',
  }),
);
export type UpdateUserInput = z.infer<typeof updateProfileInputSchema> | z.infer<typeof changePasswordInputSchema>;

/** The user as every auth response carries it. */
export const sessionUserSchema = /* @__PURE__ */ schema(() =>
  z.object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    isAdmin: z.boolean(),
    referralCode: z.string(),
    referralCount: z.number(),
    referralEarnings: z.number(),
  }),
);
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The refresh token is not in the body: it travels only as the HttpOnly cookie AUTH.refreshCookie. */
export const authSessionResponseSchema = /* @__PURE__ */ schema(() =>
  z.extend(sessionUserSchema, {
    token: z.string(),
    expiresIn: z.number(),
  }),
);
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

export const refreshResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ token: z.string(), expiresIn: z.number() }),
);

/** PUT updateUser (profile): `pendingEmail` is set when a code went to a new address. */
export const updateProfileResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message: z.string(),
    user: sessionUserSchema,
    pendingEmail: z.optional(z.string()),
  }),
);
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
export const userIdPathSchema = /* @__PURE__ */ schema(() =>
  z.object({ userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) }),
);

/** A code from an authenticator app (admin two-factor sign-in). */
export const totpCodeSchema = /* @__PURE__ */ schema(() =>
  z
    .string({ error: AUTH_MESSAGES.totpInvalid })
    .check(
      z.trim(),
      z.maxLength(AUTH.totpLength, { error: AUTH_MESSAGES.totpInvalid, abort: true }),
      z.regex(new RegExp(`^\\d{${AUTH.totpLength}}$`), { error: AUTH_MESSAGES.totpInvalid }),
    ),
);

/** Step two of an admin sign-in: Cognito's challenge session from the login answer, and the code. */
export const mfaVerifyInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: emailSchema(),
    session: z
      .string({ error: 'Please sign in again.' })
      .check(z.minLength(1, { error: 'Please sign in again.' }), z.maxLength(4096)),
    code: totpCodeSchema,
  }),
);
export type MfaVerifyInput = z.infer<typeof mfaVerifyInputSchema>;

/** Turning TOTP on: the set-up id from the login answer and a first code from the app. */
export const mfaSetupInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    setupId: z
      .string({ error: 'Please sign in again.' })
      .check(z.trim(), z.minLength(1, { error: 'Please sign in again.' }), z.maxLength(64)),
    code: totpCodeSchema,
  }),
);
export type MfaSetupInput = z.infer<typeof mfaSetupInputSchema>;

/**
 * What `login` answers instead of a session when an administrator must use a second factor:
 * a challenge (TOTP is on) or a set-up (not yet: scan `otpauthUri` or type `secretCode`).
 */
export const mfaChallengeResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    mfaRequired: z.literal(true),
    email: z.string(),
    session: z.string(),
    message: z.string(),
  }),
);
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;
export const mfaSetupResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    mfaSetupRequired: z.literal(true),
    email: z.string(),
    setupId: z.string(),
    secretCode: z.string(),
    otpauthUri: z.string(),
    message: z.string(),
  }),
);
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;
