import bs58check from 'bs58check';

export const TRON_ADDRESS_MESSAGE =
  'This is not a valid TRON (TRC20) address. It starts with T, has 34 characters, and its checksum must match: copy it again from your wallet.';

/** TRON main-net addresses: version byte 0x41 and a 20-byte account id, Base58Check-encoded. */
const TRON_VERSION_BYTE = 0x41;

/**
 * Whether `address` is a TRON address: Base58Check (the last 4 bytes are the double-SHA-256
 * checksum of the rest) of 21 bytes starting with 0x41. A typo in a receiving wallet would send
 * every customer's money to nobody, so the checksum is verified, not just the shape.
 */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const payload = bs58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_VERSION_BYTE;
  } catch {
    return false;
  }
}
