import * as crypto from 'node:crypto';
import { AUTH } from '@goldbot/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CODE_MESSAGES,
  checkCode,
  codeExpiry,
  generateCode,
  hashCode,
  hashesEqual,
  resendWaitSeconds,
  type StoredCode,
} from '../../src/domain/auth/one-time-codes.js';

/** Spies on the CSPRNG and the constant-time compare while keeping their real behaviour. */
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt), timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const KEY = 'unit-test-otp-hash-key-0123456789abcdef';
const EMAIL = 'jane.doe@example.com';
const NOW = Date.parse('2026-03-04T05:06:07.000Z');

beforeEach(() => {
  vi.mocked(crypto.randomInt).mockClear();
});

describe('generateCode', () => {
  it('draws 4 digits from the CSPRNG (crypto.randomInt over 0..9999)', () => {
    const code = generateCode();
    expect(code).toMatch(/^\d{4}$/);
    expect(AUTH.otpLength).toBe(4);
    expect(crypto.randomInt).toHaveBeenCalledTimes(1);
    expect(crypto.randomInt).toHaveBeenCalledWith(0, 10_000);
  });

  it('keeps leading zeros', () => {
    vi.mocked(crypto.randomInt).mockReturnValueOnce(7 as never);
    expect(generateCode()).toBe('0007');
    vi.mocked(crypto.randomInt).mockReturnValueOnce(0 as never);
    expect(generateCode()).toBe('0000');
  });

  it('spreads over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    expect(new Set(codes).size).toBeGreaterThan(1500);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });
});

describe('hashCode', () => {
  it('is an HMAC-SHA-256 over purpose, e-mail and code: hex, without the code in it', () => {
    const hash = hashCode(KEY, 'registration', EMAIL, '4821');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(crypto.createHmac('sha256', KEY).update(`registration\n${EMAIL}\n4821`).digest('hex'));
    expect(hash).not.toContain('4821');
  });

  it('binds the code to its purpose, e-mail and the server key', () => {
    const base = hashCode(KEY, 'registration', EMAIL, '4821');
    expect(hashCode(KEY, 'reset', EMAIL, '4821')).not.toBe(base);
    expect(hashCode(KEY, 'registration', 'john@example.com', '4821')).not.toBe(base);
    expect(hashCode(`${KEY}-rotated`, 'registration', EMAIL, '4821')).not.toBe(base);
    expect(hashCode(KEY, 'registration', EMAIL, '4822')).not.toBe(base);
    // The e-mail is normalised, so the casing a person types does not matter.
    expect(hashCode(KEY, 'registration', 'Jane.Doe@Example.com', '4821')).toBe(base);
  });
});

describe('hashesEqual', () => {
  it('compares in constant time (crypto.timingSafeEqual) and tells equal from different', () => {
    const a = hashCode(KEY, 'reset', EMAIL, '1234');
    const b = hashCode(KEY, 'reset', EMAIL, '1235');
    vi.mocked(crypto.timingSafeEqual).mockClear();
    expect(hashesEqual(a, a)).toBe(true);
    expect(hashesEqual(a, b)).toBe(false);
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(2);
  });

  it('answers false for different lengths without throwing', () => {
    expect(hashesEqual('abcd', 'abcdef')).toBe(false);
    expect(hashesEqual('', hashCode(KEY, 'reset', EMAIL, '1234'))).toBe(false);
  });
});

describe('checkCode', () => {
  const right = hashCode(KEY, 'registration', EMAIL, '4821');
  const stored = (overrides: Partial<StoredCode> = {}): StoredCode => ({
    codeHash: right,
    wrongTries: 0,
    expiresAt: codeExpiry(NOW),
    lastSentAt: NOW,
    ...overrides,
  });

  it('accepts the right code', () => {
    expect(checkCode(stored(), right, NOW)).toBe('valid');
  });

  it('refuses a wrong code', () => {
    expect(checkCode(stored(), hashCode(KEY, 'registration', EMAIL, '4822'), NOW)).toBe('wrong');
  });

  it("never accepts another purpose's code", () => {
    expect(checkCode(stored(), hashCode(KEY, 'reset', EMAIL, '4821'), NOW)).toBe('wrong');
  });

  it('has no code to check when none was issued', () => {
    expect(checkCode(undefined, right, NOW)).toBe('missing');
  });

  it('expires exactly 10 minutes after issue', () => {
    expect(codeExpiry(NOW)).toBe(Math.floor(NOW / 1000) + AUTH.otpTtlMinutes * 60);
    expect(checkCode(stored(), right, NOW + 10 * 60_000 - 1000)).toBe('valid');
    expect(checkCode(stored(), right, NOW + 10 * 60_000)).toBe('expired');
  });

  it('is dead after 5 wrong tries, even for the right code', () => {
    expect(checkCode(stored({ wrongTries: 4 }), right, NOW)).toBe('valid');
    expect(checkCode(stored({ wrongTries: AUTH.otpMaxWrongTries }), right, NOW)).toBe('exhausted');
  });

  it('has a message for every outcome but success', () => {
    for (const outcome of ['wrong', 'expired', 'exhausted', 'missing'] as const) {
      expect(CODE_MESSAGES[outcome]).toMatch(/\.$/);
    }
  });
});

describe('resendWaitSeconds', () => {
  it('is 0 without a previous code and counts down the 30 s cool-down after one', () => {
    expect(resendWaitSeconds(undefined, NOW)).toBe(0);
    expect(resendWaitSeconds({ lastSentAt: NOW }, NOW)).toBe(AUTH.otpResendCooldownSeconds);
    expect(resendWaitSeconds({ lastSentAt: NOW }, NOW + 10_000)).toBe(20);
    expect(resendWaitSeconds({ lastSentAt: NOW }, NOW + 29_500)).toBe(1);
    expect(resendWaitSeconds({ lastSentAt: NOW }, NOW + 30_000)).toBe(0);
  });
});
