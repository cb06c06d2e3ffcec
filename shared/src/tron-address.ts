import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, type BytesCoder } from '@scure/base';

/**
 * TRON (TRC20) addresses, checked the same way wherever one is entered: a receiving wallet the
 * admin saves, and the address a customer asks a referral withdrawal to be paid to. The shape is
 * not enough: a typo in a wallet would send every customer's money to nobody, and in a
 * withdrawal address the customer's payout, so the Base58Check checksum is verified.
 */

/** T followed by 33 base58 characters (no 0, O, I or l): 34 in all. */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The admin wallet form's answer to a USDT wallet that is not a TRON address. */
export const TRON_ADDRESS_MESSAGE =
  'This is not a valid TRON (TRC20) address. It starts with T, has 34 characters, and its checksum must match: copy it again from your wallet.';

/** TRON main-net addresses: version byte 0x41 and a 20-byte account id. */
const TRON_VERSION_BYTE = 0x41;
const TRON_PAYLOAD_BYTES = 21;

/** Built on first use, so importing this module runs nothing (shared is free of side effects). */
let base58check: BytesCoder | undefined;

/**
 * Whether `address` is a TRON address: Base58Check (the last 4 bytes are the double-SHA-256
 * checksum of the rest) of 21 bytes starting with 0x41. The pattern is checked first, so no
 * decoding ever sees more than 34 characters.
 */
export function isTronAddress(address: string): boolean {
  if (!TRON_ADDRESS_PATTERN.test(address)) return false;
  try {
    base58check ??= createBase58check(sha256);
    const payload = base58check.decode(address);
    return payload.length === TRON_PAYLOAD_BYTES && payload[0] === TRON_VERSION_BYTE;
  } catch {
    return false;
  }
}
