import { CONTACT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import * as z from '../zod.js';
import { EMAIL_PATTERN } from './auth.js';
import { schema } from './schema.js';
import { requiredText } from './text.js';

/** Messages are the spec's (the Contact page); the length limits are ours. */
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
const atMost = (max: number, tooLong: string) => z.maxLength(max, { error: tooLong, abort: true });

export const contactMessageInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    name: requiredText(CONTACT_MESSAGES.nameRequired, atMost(CONTACT.nameMaxLength, CONTACT_MESSAGES.nameTooLong)),
    email: requiredText(
      CONTACT_MESSAGES.emailRequired,
      atMost(CONTACT.emailMaxLength, CONTACT_MESSAGES.emailTooLong),
      z.regex(EMAIL_PATTERN, { error: CONTACT_MESSAGES.emailInvalid }),
    ),
    message: requiredText(
      CONTACT_MESSAGES.messageRequired,
      atMost(CONTACT.messageMaxLength, CONTACT_MESSAGES.messageTooLong),
    ),
  }),
);
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = /* @__PURE__ */ schema(() =>
  z.extend(contactMessageInputSchema, {
    _id: z.string(),
    createdAt: z.string(),
  }),
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactAddResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message: z.string(),
    data: contactMessageSchema,
  }),
);
export type ContactAddResponse = z.infer<typeof contactAddResponseSchema>;

/** Cursor pagination shared by every admin list. */
export const pageQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    limit: z._default(
      z.coerce
        .number({ error: 'limit must be a number' })
        .check(
          z.int({ error: 'limit must be a whole number' }),
          z.gte(1, { error: 'limit must be at least 1' }),
          z.lte(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` }),
        ),
      DEFAULT_PAGE_SIZE,
    ),
    cursor: z.optional(z.string().check(z.maxLength(2048, { error: 'cursor is too long' }))),
  }),
);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * The admin Messages screen: `search` is a case-insensitive
 * substring of the name, e-mail or message, answered on the first page (docs/data-model.md, "Search, stated honestly");
 * `since` is the instant the admin's "today" starts (their local midnight, ISO-8601), UTC midnight
 * when absent.
 */
export const contactListQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    search: z.optional(z.string().check(z.trim(), z.maxLength(128, { error: 'search is too long' }))),
    since: z.optional(z.iso.datetime({ offset: true, error: 'since must be an ISO-8601 date and time' })),
  }),
);
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** `total`: every stored message (contact counter); `today`: received since `since`. Neither depends on `search`. */
export const contactSummarySchema = /* @__PURE__ */ schema(() => z.object({ total: z.number(), today: z.number() }));
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactListResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    data: z.array(contactMessageSchema),
    nextCursor: z.nullable(z.string()),
    summary: contactSummarySchema,
  }),
);
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const idPathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z
      .string()
      .check(z.trim(), z.minLength(1, { error: 'id is required' }), z.maxLength(64, { error: 'id is too long' })),
  }),
);
