import { describe, expect, it } from 'vitest';
import type * as z from '../src/zod.js';
import {
  AUTH,
  AUTH_MESSAGES,
  REGISTER_PASSWORD_PATTERN,
  authSessionResponseSchema,
  changePasswordInputSchema,
  confirmEmailChangeInputSchema,
  emailOnlyInputSchema,
  forgotInputSchema,
  isPasswordChange,
  loginInputSchema,
  refreshInputSchema,
  refreshResponseSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  resetPasswordProblems,
  sessionUserSchema,
  updateProfileInputSchema,
  updateProfileResponseSchema,
  updateUserBodySchema,
  userIdPathSchema,
  usernameSchema,
  verifyOtpInputSchema,
  verifyResetOtpInputSchema,
} from '../src/index.js';

/** The first message per field, the way the handler kit reports them. */
function fieldErrors(result: z.util.SafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.') || '(root)'] ??= issue.message;
  return out;
}
const errorsOf = (schema: z.ZodMiniType, input: unknown) => fieldErrors(schema.safeParse(input));

const REGISTER = { username: 'jane_doe', email: 'jane.doe@example.com', password: 'Str0ng!Pass' };

/** The user fields every session answer and profile update carries. */
const SESSION_USER = {
  userId: 'u-1',
  username: 'jane_doe',
  email: 'jane@example.com',
  phone: null,
  isAdmin: false,
  referralCode: 'K7M2QX9P',
  referralCount: 0,
  referralEarnings: 0,
};

describe('register', () => {
  it('accepts a valid registration, trimming the username and lower-casing the e-mail', () => {
    expect(registerInputSchema.parse({ ...REGISTER, username: ' jane_doe ', email: ' Jane.Doe@Example.COM ' })).toEqual(
      REGISTER,
    );
  });

  it("uses the spec's message for each missing field", () => {
    expect(errorsOf(registerInputSchema, {})).toEqual({
      username: AUTH_MESSAGES.usernameRequired,
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(errorsOf(registerInputSchema, { username: '  ', email: '   ', password: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it.each([
    ['with a space', 'John Smith'],
    ['of two letters', 'Jo'],
    ['of one letter', 'J'],
    ['in Cyrillic', 'Анна Ковальова'],
    ['in Chinese', '李小龍'],
    ['in Arabic', 'محمد علي'],
    ['with accents', 'Zoë Ångström'],
    ['with punctuation', "O'Brien-Smith (Jr.) & Co"],
    ['with an emoji', 'Gold 🥇 Trader'],
    ['of 50 characters', 'a'.repeat(50)],
    ['of 50 characters outside the BMP', '😀'.repeat(50)],
  ])('accepts a username %s', (_label, username) => {
    expect(registerInputSchema.parse({ ...REGISTER, username }).username).toBe(username);
  });

  it('trims a username and stores it composed (NFC), so one name has one spelling', () => {
    expect(usernameSchema.parse('  John Smith\t')).toBe('John Smith');
    expect(usernameSchema.parse('Jose\u0301')).toBe('Jos\u00e9');
    // 50 letters each with a combining accent: 100 code units typed, 50 characters stored.
    expect(usernameSchema.parse('e\u0301'.repeat(50))).toBe('\u00e9'.repeat(50));
  });

  it.each([
    ['of 51 characters', 'a'.repeat(51), AUTH_MESSAGES.usernameTooLong],
    ['of 51 characters outside the BMP', '😀'.repeat(51), AUTH_MESSAGES.usernameTooLong],
    ['with angle brackets', 'jane<script>', AUTH_MESSAGES.usernameInvalid],
    ['with a closing angle bracket', 'a > b', AUTH_MESSAGES.usernameInvalid],
    ['with a line break', 'John\nSmith', AUTH_MESSAGES.usernameInvalid],
    ['with a tab inside', 'John\tSmith', AUTH_MESSAGES.usernameInvalid],
    ['with a NUL', 'John\u0000', AUTH_MESSAGES.usernameInvalid],
    ['with a C1 control', 'John\u0085Smith', AUTH_MESSAGES.usernameInvalid],
    ['with a line separator', 'John\u2028Smith', AUTH_MESSAGES.usernameInvalid],
    ['with a right-to-left override', 'admin\u202Egnp.exe', AUTH_MESSAGES.usernameInvalid],
    ['with an unpaired surrogate', 'John\uD800', AUTH_MESSAGES.usernameInvalid],
    ['that is blank', ' \u3000 ', AUTH_MESSAGES.usernameRequired],
  ])('refuses a username %s', (_label, username, message) => {
    expect(errorsOf(registerInputSchema, { ...REGISTER, username })).toEqual({ username: message });
  });

  it.each(['jane', 'jane@', 'jane@example', 'jane doe@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses the e-mail %j with "Email is invalid"',
    (email) => {
      expect(errorsOf(registerInputSchema, { ...REGISTER, email })).toEqual({ email: 'Email is invalid' });
    },
  );

  it.each([
    ['too short', 'Sh0rt!a'],
    ['no upper case', 'str0ng!pass'],
    ['no lower case', 'STR0NG!PASS'],
    ['no digit', 'Strong!Pass'],
    ['no special character', 'Str0ngPass1'],
    ['a character outside the allowed set', 'Str0ng!Pass#'],
  ])('refuses a password with %s, with the rule in one sentence', (_label, password) => {
    expect(errorsOf(registerInputSchema, { ...REGISTER, password })).toEqual({
      password:
        'Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character',
    });
  });

  it('accepts every special character of the rule', () => {
    for (const special of '@$!%*?&') expect(REGISTER_PASSWORD_PATTERN.test(`Abcdef1${special}`), special).toBe(true);
  });
});

describe('verifyOtp and resendOtp', () => {
  it('accepts an e-mail, a 4-digit code and the in-memory password', () => {
    expect(verifyOtpInputSchema.parse({ email: 'A@B.co', otp: ' 0482 ', password: 'Str0ng!Pass' })).toEqual({
      email: 'a@b.co',
      otp: '0482',
      password: 'Str0ng!Pass',
    });
    expect(verifyOtpInputSchema.parse({ email: 'a@b.co', otp: '0482' })).toEqual({ email: 'a@b.co', otp: '0482' });
  });

  it.each(['', '123', '12345', 'abcd', '12 4', undefined])('refuses the code %j with the spec message', (otp) => {
    expect(AUTH.otpLength).toBe(4);
    expect(errorsOf(verifyOtpInputSchema, { email: 'a@b.co', otp })).toEqual({
      otp: 'Please enter a valid 4-digit OTP',
    });
  });

  it('needs an e-mail to resend to', () => {
    expect(errorsOf(emailOnlyInputSchema, {})).toEqual({ email: 'Email is required' });
    expect(emailOnlyInputSchema.parse({ email: 'Jane@Example.com' })).toEqual({ email: 'jane@example.com' });
  });
});

describe('login and refresh', () => {
  it('requires both fields, and does not apply the registration rules to the password', () => {
    expect(errorsOf(loginInputSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(loginInputSchema.parse({ email: 'jane@example.com', password: 'x' })).toEqual({
      email: 'jane@example.com',
      password: 'x',
    });
  });

  it('says so when a password is too long, rather than that it is missing', () => {
    expect(errorsOf(loginInputSchema, { email: 'jane@example.com', password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });

  it('takes the refresh token from the cookie, so the body may leave it out', () => {
    expect(refreshInputSchema.parse({})).toEqual({});
    expect(refreshInputSchema.parse({ refreshToken: 'r' })).toEqual({ refreshToken: 'r' });
    // A client that sends the field must send a token.
    expect(errorsOf(refreshInputSchema, { refreshToken: '' })).toEqual({ refreshToken: 'A refresh token is required' });
    expect(refreshInputSchema.safeParse({ refreshToken: 'r'.repeat(8193) }).success).toBe(false);
    expect(refreshResponseSchema.parse({ token: 't', expiresIn: 3600 })).toEqual({ token: 't', expiresIn: 3600 });
  });
});

describe('forgot password', () => {
  it('uses "Please enter a valid email address"', () => {
    expect(errorsOf(forgotInputSchema, { email: 'nope' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf(forgotInputSchema, {})).toEqual({ email: 'Email is required' });
  });

  it('uses "Please enter the 4-digit OTP." on the reset code page', () => {
    expect(errorsOf(verifyResetOtpInputSchema, { email: 'a@b.co', otp: '12' })).toEqual({
      otp: 'Please enter the 4-digit OTP.',
    });
  });
});

describe('reset password', () => {
  it('lists every unmet rule, in the spec order', () => {
    expect(resetPasswordProblems('')).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least 1 number',
      'Password must contain at least 1 lowercase letter',
      'Password must contain at least 1 uppercase letter',
      'Password must contain at least 1 special character',
    ]);
    expect(resetPasswordProblems('abcdefgh1')).toEqual([
      'Password must contain at least 1 uppercase letter',
      'Password must contain at least 1 special character',
    ]);
    expect(resetPasswordProblems('N3w!Passw0rd')).toEqual([]);
  });

  it('accepts the special characters the reset page lists', () => {
    for (const special of '!@#$%^&*(),.?":{}|<>') expect(resetPasswordProblems(`Abcdefg1${special}`)).toEqual([]);
  });

  it('reports the problems joined with commas', () => {
    expect(errorsOf(resetPasswordInputSchema, { email: 'a@b.co', otp: '1234', newPassword: 'abcdefgh1' })).toEqual({
      newPassword:
        'Password must contain at least 1 uppercase letter, Password must contain at least 1 special character',
    });
  });

  it('accepts a complete reset', () => {
    expect(resetPasswordInputSchema.parse({ email: 'A@b.co', otp: '1234', newPassword: 'N3w!Passw0rd' })).toEqual({
      email: 'a@b.co',
      otp: '1234',
      newPassword: 'N3w!Passw0rd',
    });
  });
});

describe('updateUser', () => {
  it('tells a password change from a profile update by the new password field', () => {
    expect(isPasswordChange({ currentPassword: 'x', password: 'y' })).toBe(true);
    expect(isPasswordChange({ password: 'y' })).toBe(true);
    expect(isPasswordChange({ username: 'jane', email: 'a@b.co' })).toBe(false);
    // A profile change carries the current password to change the e-mail: still a profile change.
    expect(isPasswordChange({ username: 'jane', email: 'new@b.co', currentPassword: 'x' })).toBe(false);
    expect(isPasswordChange(null)).toBe(false);
    expect(isPasswordChange('password')).toBe(false);
  });

  it('lets a profile change carry the current password, for a new e-mail', () => {
    expect(
      updateProfileInputSchema.parse({ username: 'jane', email: 'New@B.co', currentPassword: ' secret ' }),
    ).toEqual({ username: 'jane', email: 'new@b.co', currentPassword: ' secret ' });
    expect(
      errorsOf(updateProfileInputSchema, { username: 'jane', email: 'a@b.co', currentPassword: 'x'.repeat(129) }),
    ).toEqual({ currentPassword: 'Password must be at most 128 characters' });
  });

  it('confirms a new e-mail with the 4-digit code sent to it', () => {
    expect(confirmEmailChangeInputSchema.parse({ email: ' New@B.co ', otp: ' 0482 ' })).toEqual({
      email: 'new@b.co',
      otp: '0482',
    });
    expect(errorsOf(confirmEmailChangeInputSchema, { email: 'nope', otp: '12' })).toEqual({
      email: 'Email is invalid',
      otp: 'Please enter a valid 4-digit OTP',
    });
  });

  it('answers a pending e-mail with the unchanged user', () => {
    const user = SESSION_USER;
    const answer = { message: 'We sent a code', user, pendingEmail: 'new@b.co' };
    expect(updateProfileResponseSchema.parse(answer)).toEqual(answer);
    expect(updateProfileResponseSchema.parse({ message: 'ok', user })).toEqual({ message: 'ok', user });
  });

  it('answers "All fields are required" for a blank profile field', () => {
    expect(errorsOf(updateProfileInputSchema, { username: '', email: ' ' })).toEqual({
      username: 'All fields are required',
      email: 'All fields are required',
    });
    expect(errorsOf(updateProfileInputSchema, {})).toEqual({
      username: 'All fields are required',
      email: 'All fields are required',
    });
    expect(errorsOf(updateProfileInputSchema, { username: 'a<b', email: 'bad' })).toEqual({
      username: AUTH_MESSAGES.usernameInvalid,
      email: 'Email is invalid',
    });
    expect(updateProfileInputSchema.parse({ username: ' jane.d ', email: 'Jane@B.co' })).toEqual({
      username: 'jane.d',
      email: 'jane@b.co',
    });
    // Any name the spec accepts: with a space, two letters, another script.
    for (const username of ['John Smith', 'Jo', 'Анна']) {
      expect(updateProfileInputSchema.parse({ username, email: 'jane@b.co' }).username).toBe(username);
    }
  });

  it("uses the admin settings page's password messages", () => {
    expect(errorsOf(changePasswordInputSchema, {})).toEqual({
      currentPassword: 'Current password is required',
      password: 'New password is required',
    });
    expect(errorsOf(changePasswordInputSchema, { currentPassword: 'x', password: 'short' })).toEqual({
      password:
        'Password must be at least 8 characters long and include uppercase letter, lowercase letter, number, and special character',
    });
    expect(errorsOf(changePasswordInputSchema, { currentPassword: 'x'.repeat(129), password: 'N3w!Passw0rd' })).toEqual(
      {
        currentPassword: 'Password must be at most 128 characters',
      },
    );
    expect(AUTH.adminPasswordMinLength).toBe(8);
  });

  it('refuses a body that is not an object', () => {
    expect(errorsOf(updateUserBodySchema, [])).toEqual({ '(root)': 'The request body must be a JSON object.' });
    expect(errorsOf(updateUserBodySchema, 'x')).toEqual({ '(root)': 'The request body must be a JSON object.' });
  });

  it('needs a user id in the path', () => {
    expect(userIdPathSchema.safeParse({ userId: '  ' }).success).toBe(false);
    expect(userIdPathSchema.parse({ userId: ' abc ' })).toEqual({ userId: 'abc' });
  });
});

describe('session responses', () => {
  const user = SESSION_USER;

  it("carry the spec's user fields plus token and lifetime, and never the refresh token", () => {
    expect(sessionUserSchema.parse(user)).toEqual(user);
    const session = { ...user, token: 'id', expiresIn: 3600 };
    expect(authSessionResponseSchema.parse(session)).toEqual(session);
    // The refresh token travels only as the HttpOnly cookie: a body that has one loses it.
    expect(authSessionResponseSchema.parse({ ...session, refreshToken: 'r' })).toEqual(session);
    expect(authSessionResponseSchema.safeParse(user).success).toBe(false);
    expect(AUTH.refreshCookie).toBe('goldbot_rt');
  });
});
