import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  generateReferralCode,
} from '../../src/domain/auth/referral-code.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

describe('referral codes', () => {
  it('are 8 upper-case letters and digits', () => {
    expect(REFERRAL_CODE_LENGTH).toBe(8);
    for (let i = 0; i < 500; i += 1) expect(generateReferralCode()).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('leave out the look-alikes 0/O and 1/I/L', () => {
    for (const c of ['0', 'O', '1', 'I', 'L']) expect(REFERRAL_CODE_ALPHABET).not.toContain(c);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(REFERRAL_CODE_ALPHABET.length);
    expect(REFERRAL_CODE_ALPHABET).toHaveLength(31);
    const joined = Array.from({ length: 500 }, generateReferralCode).join('');
    expect(joined).not.toMatch(/[01OIL]/);
  });

  it('use every character of the alphabet, drawn from the CSPRNG', () => {
    vi.mocked(crypto.randomInt).mockClear();
    const joined = Array.from({ length: 2000 }, generateReferralCode).join('');
    expect(new Set(joined)).toEqual(new Set(REFERRAL_CODE_ALPHABET));
    expect(crypto.randomInt).toHaveBeenCalledTimes(2000 * 8);
    expect(crypto.randomInt).toHaveBeenCalledWith(REFERRAL_CODE_ALPHABET.length);
  });

  it('are unique in practice (31^8 ≈ 8.5e11 codes; the referral-code marker catches the rare collision)', () => {
    const codes = Array.from({ length: 20_000 }, generateReferralCode);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
