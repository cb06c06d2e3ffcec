import * as z from 'zod';
import { CONTACT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { EMAIL_PATTERN } from './auth.js';

/** Messages are the spec's (customer §5 Contact); the length limits are ours. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT.nameMaxLength} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  emailTooLong: `Email must be at most ${CONTACT.emailMaxLength} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CONTACT.messageMaxLength} characters`,
  formInvalid: 'Please fill all required fields correctly',
  sendFailed: 'Failed to send message. Please try again later.',
  sendSucceeded: 'Message sent successfully! We will contact you soon.',
} as const;

/** Length checks abort, so no later check (the e-mail pattern) ever sees an over-long value. */
const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true });

export const contactMessageInputSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_MESSAGES.nameTooLong, CONTACT.nameMaxLength),
  email: requiredText(CONTACT_MESSAGES.emailRequired, CONTACT_MESSAGES.emailTooLong, CONTACT.emailMaxLength).regex(
    EMAIL_PATTERN,
    { error: CONTACT_MESSAGES.emailInvalid },
  ),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_MESSAGES.messageTooLong, CONTACT.messageMaxLength),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  _id: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactAddResponseSchema = z.object({
  message: z.string(),
  data: contactMessageSchema,
});
export type ContactAddResponse = z.infer<typeof contactAddResponseSchema>;

/** Cursor pagination shared by every admin list. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(2048, { error: 'cursor is too long' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * The admin Messages screen (admin spec "Admin contact messages"): `search` is a case-insensitive
 * substring of the name, e-mail or message, answered on the first page (data-model AP-C4, §9);
 * `since` is the instant the admin's "today" starts (their local midnight, ISO-8601), UTC midnight
 * when absent.
 */
export const contactListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(128, { error: 'search is too long' }).optional(),
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO-8601 date and time' }).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** `total`: every stored message (E24 counter); `today`: received since `since`. Neither depends on `search`. */
export const contactSummarySchema = z.object({ total: z.number(), today: z.number() });
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactListResponseSchema = z.object({
  data: z.array(contactMessageSchema),
  nextCursor: z.string().nullable(),
  summary: contactSummarySchema,
});
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const idPathSchema = z.object({
  id: z.string().trim().min(1, { error: 'id is required' }).max(64, { error: 'id is too long' }),
});
