import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A pending registration's password, hashed with scrypt, kept on the unverified profile for its
 * 24 hours only (removed when the code is confirmed). Cognito answers "not confirmed" for any
 * password of an unconfirmed user, so without this, sign-in would tell anyone that an address has
 * a pending registration and mail its owner a code (docs/security.md, "Account enumeration").
 */
const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, PARAMS.keyLength, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
