import * as z from '../zod.js';

/**
 * Text a person must fill in: missing, not a string or blank once trimmed, it fails with
 * `required` alone (the check aborts), so the `checks` after it (lengths, then patterns) only ever
 * see trimmed, non-empty text. The value is trimmed.
 */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (required: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required, abort: true }), ...checks);
