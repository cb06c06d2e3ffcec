import * as z from '@goldbot/shared/zod';

/**
 * The event payment-submit-usdt sends to the job-chain-recheck function (an asynchronous invoke,
 * check) to check one payment now; the schedule's own events carry no paymentId and sweep.
 */
export const CHAIN_CHECK_EVENT_SOURCE = 'goldbot.payment-submitted';

export const chainCheckEventSchema = z.object({
  source: z.literal(CHAIN_CHECK_EVENT_SOURCE),
  paymentId: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type ChainCheckEvent = z.infer<typeof chainCheckEventSchema>;
