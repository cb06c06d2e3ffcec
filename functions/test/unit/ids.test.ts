import { describe, expect, it } from 'vitest';
import { newId } from '../../src/kit/ids.js';

const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const decodeTime = (id: string) => [...id.slice(0, 10)].reduce((t, c) => t * 32 + ALPHABET.indexOf(c), 0);

describe('newId', () => {
  it('is 26 Crockford base32 characters', () => {
    for (let i = 0; i < 200; i += 1) expect(newId()).toMatch(CROCKFORD);
  });

  it('encodes the millisecond time in the first 10 characters', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0, 123);
    expect(decodeTime(newId(now))).toBe(now);
    expect(newId(0).slice(0, 10)).toBe('0000000000');
  });

  it('sorts by time as plain strings', () => {
    const times = [
      0,
      1,
      31,
      32,
      1_000,
      Date.UTC(2020, 0, 1),
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 1) + 1,
      2 ** 48 - 1,
    ];
    const ids = times.map((t) => newId(t));
    expect([...ids].sort()).toEqual(ids);
  });

  it('defaults to the current time', () => {
    const before = Date.now();
    const time = decodeTime(newId());
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it('does not repeat within the same millisecond', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 5_000 }, () => newId(now)));
    expect(ids.size).toBe(5_000);
  });
});
