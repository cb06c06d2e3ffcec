import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from '../src/zod.js';
import {
  AUTH_MESSAGES,
  CONTACT_MESSAGES,
  EMAIL_PATTERN,
  MAX_EMAIL_LENGTH,
  confirmEmailChangeInputSchema,
  contactMessageInputSchema,
  emailSchema,
  forgotInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  updateProfileInputSchema,
  verifyOtpInputSchema,
  verifyResetOtpInputSchema,
} from '../src/index.js';

/**
 * docs/security.md, "The review's findings": no input makes validation slow. The old e-mail pattern backtracked
 * quadratically ("a@" followed by 120 000 dots took seconds), and length checks did not stop the
 * checks after them. Every schema a public route parses must now answer any input at once.
 */
const BUDGET_MS = 100;
const KB120 = 120_000;

/** safeParse, timed. */
function timedParse(schema: z.ZodMiniType, input: unknown) {
  const started = performance.now();
  const result = schema.safeParse(input);
  return { result, ms: performance.now() - started };
}

/** The first message per field, the way the handler kit reports them. */
function fieldErrors(result: z.util.SafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.') || '(root)'] ??= issue.message;
  return out;
}

const PATHOLOGICAL_EMAILS = {
  'a@ and 120 000 dots and @': `a@${'.'.repeat(KB120)}@`,
  '60 000 "a." labels': `a@${'a.'.repeat(60_000)}`,
  '120 000 @': '@'.repeat(KB120),
  'a 120 KB local part': `${'a'.repeat(KB120)}@example.com`,
  '120 KB of dots after a valid start': `a@b.${'.'.repeat(KB120)}`,
};

describe('e-mail addresses', () => {
  it.each(['a.b+c@mail.example.co.uk', 'jane.doe@example.com', 'a@b.co', 'x_y-z@sub-domain.example.io'])(
    'accepts %s',
    (email) => {
      expect(emailSchema().safeParse(email).success).toBe(true);
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each(['a@b..com', 'a@.com', 'a@b.', 'a@b', '@b.co', 'a@@b.co', 'a b@c.co', 'a@b.c o', '.@.', 'a@b.co.'])(
    'refuses %j (an empty domain label or no address shape)',
    (email) => {
      expect(fieldErrors(emailSchema().safeParse(email))).toEqual({ '(root)': AUTH_MESSAGES.emailInvalid });
    },
  );

  it.each(Object.entries(PATHOLOGICAL_EMAILS))('refuses %s within 100 ms as invalid', (_label, email) => {
    const { result, ms } = timedParse(emailSchema(), email);
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(fieldErrors(result)).toEqual({ '(root)': AUTH_MESSAGES.emailInvalid });
    expect(result.error?.issues).toHaveLength(1);
  });

  it('stops at the length check: the pattern never sees more than 254 characters', () => {
    expect(MAX_EMAIL_LENGTH).toBe(254);
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(longest).toHaveLength(254);
    expect(emailSchema().safeParse(longest).success).toBe(true);
    expect(emailSchema().safeParse(`a${longest}`).success).toBe(false);
  });

  it('matches any string in linear time, even far past the length limit', () => {
    // The pattern itself, without the length check in front of it: 20 000 characters of the
    // characters that made the old pattern backtrack.
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', '.', '@', ' ', '-'), { minLength: 1, maxLength: 20_000, size: 'max' }),
        (chars) => {
          const text = chars.join('');
          const started = performance.now();
          EMAIL_PATTERN.test(text);
          return performance.now() - started < BUDGET_MS;
        },
      ),
      { numRuns: 50 },
    );
  });

  it('parses any string in under 100 ms', () => {
    const anyText = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.string({ unit: 'grapheme', maxLength: 2_000, size: 'max' }),
      fc
        .array(fc.constantFrom('a', 'b', '.', '@', ' ', '+', '-', '\t'), { maxLength: 30_000, size: 'max' })
        .map((chars) => chars.join('')),
      fc
        .tuple(fc.string({ maxLength: 20 }), fc.nat({ max: KB120 }), fc.constantFrom('.', 'a.', '@', '.@'))
        .map(([prefix, times, unit]) => `${prefix}@${unit.repeat(Math.ceil(times / unit.length))}`),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        for (const schema of [emailSchema(), forgotInputSchema.shape.email, contactMessageInputSchema.shape.email]) {
          const { ms } = timedParse(schema, text);
          if (ms >= BUDGET_MS) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('every public form refuses 120 KB fields within 100 ms, with its own message', () => {
  const big = 'A1a!'.repeat(KB120 / 4);
  const bigDigits = '1'.repeat(KB120);
  const badEmail = PATHOLOGICAL_EMAILS['a@ and 120 000 dots and @'];

  it.each<[string, z.ZodMiniType, unknown, Record<string, string>]>([
    [
      'register',
      registerInputSchema,
      { username: 'u'.repeat(KB120), email: badEmail, password: big },
      {
        username: AUTH_MESSAGES.usernameTooLong,
        email: AUTH_MESSAGES.emailInvalid,
        password: AUTH_MESSAGES.registerPasswordRule,
      },
    ],
    [
      'login',
      loginInputSchema,
      { email: PATHOLOGICAL_EMAILS['60 000 "a." labels'], password: big },
      { email: AUTH_MESSAGES.emailInvalid, password: 'Password must be at most 128 characters' },
    ],
    [
      'verifyOtp',
      verifyOtpInputSchema,
      { email: badEmail, otp: bigDigits },
      { email: AUTH_MESSAGES.emailInvalid, otp: AUTH_MESSAGES.otpInvalid },
    ],
    ['forgot password', forgotInputSchema, { email: badEmail }, { email: AUTH_MESSAGES.forgotEmailInvalid }],
    [
      'verify-reset-otp',
      verifyResetOtpInputSchema,
      { email: 'jane@example.com', otp: bigDigits },
      { otp: 'Please enter the 4-digit OTP.' },
    ],
    [
      'reset-password',
      resetPasswordInputSchema,
      { email: 'jane@example.com', otp: '1234', newPassword: big },
      { newPassword: 'Password must be at most 128 characters' },
    ],
    [
      'contact',
      contactMessageInputSchema,
      { name: 'n'.repeat(KB120), email: badEmail, message: 'm'.repeat(KB120) },
      {
        name: CONTACT_MESSAGES.nameTooLong,
        email: CONTACT_MESSAGES.emailTooLong,
        message: CONTACT_MESSAGES.messageTooLong,
      },
    ],
    [
      'confirm-email-change',
      confirmEmailChangeInputSchema,
      { email: badEmail, otp: bigDigits },
      { email: AUTH_MESSAGES.emailInvalid, otp: AUTH_MESSAGES.otpInvalid },
    ],
    [
      'profile',
      updateProfileInputSchema,
      { username: 'u'.repeat(KB120), email: badEmail, currentPassword: big },
      {
        username: AUTH_MESSAGES.usernameTooLong,
        email: AUTH_MESSAGES.emailInvalid,
        currentPassword: 'Password must be at most 128 characters',
      },
    ],
  ])('%s', (_label, schema, input, expected) => {
    const { result, ms } = timedParse(schema, input);
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(fieldErrors(result)).toEqual(expected);
    // One issue per field: the length check aborted, so no pattern ever ran on the 120 KB.
    expect(result.error?.issues).toHaveLength(Object.keys(expected).length);
  });

  it('still accepts a well-formed contact message at its limits', () => {
    const { result, ms } = timedParse(contactMessageInputSchema, {
      name: 'n'.repeat(100),
      email: 'a.b+c@mail.example.co.uk',
      message: 'm'.repeat(5000),
    });
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(result.success).toBe(true);
  });
});
