export { isTronAddress } from '@goldbot/shared';

/**
 * TRON main-net addresses: Base58Check of the version byte 0x41 and a 20-byte account id, checked
 * to the checksum (shared/src/tron-address.ts, the same check the refund forms use). A typo in a
 * receiving wallet would send every customer's money to nobody, so the checksum is verified, not
 * just the shape.
 */
export const TRON_ADDRESS_MESSAGE =
  'This is not a valid TRON (TRC20) address. It starts with T, has 34 characters, and its checksum must match: copy it again from your wallet.';
