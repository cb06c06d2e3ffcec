import { sha256 } from '@noble/hashes/sha2.js';
import basex from 'base-x';

/**
 * TRON addresses as the network writes them: Base58Check of 21 bytes, the version byte 0x41 and a
 * 20-byte account id, followed by the first 4 bytes of the double SHA-256 of those 21 bytes. Checking
 * the checksum, not just the shape, catches a mistyped or truncated address before money is sent to
 * it. Shared so that a form and the server refuse the same addresses.
 */
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Built once; marked free of side effects so a bundle that never checks an address leaves base-x out. */
const base58 = /* @__PURE__ */ basex(BASE58_ALPHABET);

/** T followed by 33 Base58 characters (no 0, O, I or l): the shape of every TRON main-net address. */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_VERSION_BYTE = 0x41;
const PAYLOAD_BYTES = 21;
const CHECKSUM_BYTES = 4;

/** Whether `address` is a TRON address: the shape, the version byte and the Base58Check checksum. */
export function isTronAddress(address: string): boolean {
  if (!TRON_ADDRESS_PATTERN.test(address)) return false;
  const bytes = base58.decodeUnsafe(address);
  if (!bytes || bytes.length !== PAYLOAD_BYTES + CHECKSUM_BYTES) return false;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (payload[0] !== TRON_VERSION_BYTE) return false;
  const checksum = sha256(sha256(payload));
  for (let i = 0; i < CHECKSUM_BYTES; i += 1) {
    if (checksum[i] !== bytes[PAYLOAD_BYTES + i]) return false;
  }
  return true;
}
