import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { schema } from './schema.js';

/**
 * The back-office's failed mails: mails an effect promised (a payment's pending or verified mail, a
 * withdrawal's or refund's decision, an activation) that SES still refused after every automatic
 * retry (docs/operations.md, "Mail that failed"). An admin sees who should have received what and
 * sends it again; a mail sent again leaves the list.
 */
export const FAILED_MAIL_MESSAGES = {
  resent: 'The mail was sent again and left the list.',
  alreadySent: 'This mail was already sent. Reload the list.',
  notFound: 'This mail is not in the list of failed mails. Reload the list.',
  inProgress: 'This mail is being sent again right now. Reload the list in a minute.',
  stillRetrying: 'This mail is still being retried automatically; it is listed here if its retries fail.',
  sendFailed:
    'The mail could not be sent again: the mail service refused it. It stays in the list; try again in a few minutes.',
} as const;

export const failedMailSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    /** The recipient. */
    to: z.string(),
    /** The mail's template type (paymentVerified, withdrawalApproved, ...). */
    kind: z.string(),
    /** The payment, withdrawal, refund or subscription the mail is about. */
    entityId: z.string(),
    /** When the first send failed. */
    createdAt: z.string(),
    /** When the last attempt failed and the mail joined the list. */
    failedAt: z.string(),
    attempts: z.number(),
    /** What the mail service answered last (the error's name and first line, addresses masked). */
    lastError: z.string(),
  }),
);
export type FailedMail = z.infer<typeof failedMailSchema>;

export const failedMailsQuerySchema = pageQuerySchema;
export const failedMailsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    mails: z.array(failedMailSchema),
    /** How many mails are listed in all (the dashboard's count). */
    total: z.number(),
    nextCursor: z.nullable(z.string()),
  }),
);
export type FailedMailsResponse = z.infer<typeof failedMailsResponseSchema>;

export const failedMailResendResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), mail: failedMailSchema }),
);
export type FailedMailResendResponse = z.infer<typeof failedMailResendResponseSchema>;
