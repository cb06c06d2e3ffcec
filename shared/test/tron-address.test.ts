import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES, isTronAddress, trc20AddressSchema, withdrawalRequestInputSchema } from '../src/index.js';

/**
 * TRON addresses are checked by their Base58Check checksum wherever one is entered: the admin's
 * receiving wallet and the address a customer's referral payout goes to (the withdrawal window and
 * the server parse the same schema).
 */
const base58check = createBase58check(sha256);
/** USDT's own contract address on TRON main net: a real, well-known address. */
const REAL = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const address = (version: number, account = randomBytes(20)) => base58check.encode(Uint8Array.of(version, ...account));

describe('isTronAddress', () => {
  it('accepts real TRON addresses', () => {
    expect(isTronAddress(REAL)).toBe(true);
    for (let i = 0; i < 50; i += 1) expect(isTronAddress(address(0x41))).toBe(true);
  });

  it('refuses one changed character, a swapped pair, another version byte or length, and other shapes', () => {
    const changed = `${REAL.slice(0, 20)}${REAL[20] === 'a' ? 'b' : 'a'}${REAL.slice(21)}`;
    const swapped = `${REAL.slice(0, 10)}${REAL[11]}${REAL[10]}${REAL.slice(12)}`;
    expect(changed).toHaveLength(34);
    for (const candidate of [
      changed,
      swapped,
      // A Bitcoin-style version byte: Base58Check holds, but it is not a TRON account.
      address(0x00),
      // T-shaped, 34 characters, but a payload of 22 bytes.
      base58check.encode(Uint8Array.of(0x41, ...randomBytes(21))),
      'TQ3fY6uVYxAbC4dEf5GhJ6kLm7NpQ8rS9t',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      `${REAL} `,
      REAL.toLowerCase(),
      '',
    ]) {
      expect(isTronAddress(candidate), candidate).toBe(false);
    }
  });
});

describe('the withdrawal address', () => {
  it("answers the spec's sentence for a shape or a checksum that is wrong", () => {
    const checksumWrong = `${REAL.slice(0, 33)}${REAL.endsWith('t') ? 'u' : 't'}`;
    for (const candidate of [checksumWrong, 'T' + 'x'.repeat(33), 'TQ3fY6uVYxAbC4dEf5GhJ6kLm7NpQ8rS9t', 'T123']) {
      const parsed = trc20AddressSchema.safeParse(candidate);
      expect(parsed.success, candidate).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([WITHDRAWAL_MESSAGES.addressInvalid]);
    }
    expect(WITHDRAWAL_MESSAGES.addressInvalid.startsWith('Please enter a valid TRC20 address')).toBe(true);
    expect(trc20AddressSchema.safeParse('').error?.issues[0]?.message).toBe(WITHDRAWAL_MESSAGES.addressRequired);
  });

  it('accepts a real address, trimmed', () => {
    expect(withdrawalRequestInputSchema.parse({ trc20Address: ` ${REAL} `, amount: 20 })).toEqual({
      trc20Address: REAL,
      amount: 20,
    });
  });
});
