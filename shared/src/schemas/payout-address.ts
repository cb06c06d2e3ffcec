import { TRON_ADDRESS_PATTERN, isTronAddress } from '../tron-address.js';
import * as z from '../zod.js';
import { requiredText } from './text.js';

/**
 * A TRON address to pay out to (a withdrawal's or a refund's): T followed by 33 base58 characters
 * (no 0, O, I or l), 34 in all, whose Base58Check checksum matches (isTronAddress), so a mistyped
 * character is caught before a payout goes to nobody. Length first, then the pattern and the
 * checksum; `invalid` for any of them.
 */
export const payoutAddressOf = /* @__NO_SIDE_EFFECTS__ */ (messages: { required: string; invalid: string }) =>
  requiredText(
    messages.required,
    z.length(34, { error: messages.invalid, abort: true }),
    z.regex(TRON_ADDRESS_PATTERN, { error: messages.invalid, abort: true }),
    z.refine(isTronAddress, { error: messages.invalid }),
  );
