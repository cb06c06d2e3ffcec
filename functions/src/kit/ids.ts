import { randomBytes } from 'node:crypto';

/**
 * ULID-style ids: 48-bit millisecond time + 80 random bits in Crockford base32. Time-ordered, so
 * ids double as stable tie-breakers in sort keys, and unguessable enough for public references.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newId(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i += 1) {
    time = (ALPHABET[t % 32] ?? '0') + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i += 1) random += ALPHABET[(bytes[i] ?? 0) % 32];
  return time + random;
}
