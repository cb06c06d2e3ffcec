import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../../src/domain/auth/password-hash.js';

/**
 * The pending registration's password hash (docs/security.md, "Account enumeration"): sign-in checks a password
 * against it before Cognito has confirmed the account.
 */
describe('hashPassword and passwordMatches', () => {
  it('stores scrypt with a fresh salt, never the password', async () => {
    const first = await hashPassword('Str0ng!Pass');
    const second = await hashPassword('Str0ng!Pass');
    expect(first).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toContain('Str0ng!Pass');
    expect(second).not.toBe(first);
  });

  it('matches the same password only', async () => {
    const stored = await hashPassword('Str0ng!Pass');
    await expect(passwordMatches('Str0ng!Pass', stored)).resolves.toBe(true);
    for (const other of ['str0ng!Pass', 'Str0ng!Pass ', '', 'Str0ng!Pas']) {
      await expect(passwordMatches(other, stored), other).resolves.toBe(false);
    }
  });

  it('handles any text, including non-ASCII passwords', async () => {
    const stored = await hashPassword('Pässwörd ✓ 密码');
    await expect(passwordMatches('Pässwörd ✓ 密码', stored)).resolves.toBe(true);
    await expect(passwordMatches('Passwörd ✓ 密码', stored)).resolves.toBe(false);
  });

  it.each([
    ['an empty value', ''],
    ['another scheme', 'bcrypt$abc$def'],
    ['a missing key', 'scrypt$c2FsdA'],
    ['a truncated key', 'scrypt$c2FsdHNhbHRzYWx0c2FsdA$c2hvcnQ'],
  ])('refuses %s instead of throwing', async (_label, stored) => {
    await expect(passwordMatches('Str0ng!Pass', stored)).resolves.toBe(false);
  });
});
