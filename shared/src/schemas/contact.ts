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
  /** The Messages screen's answer to Mark All Read (the spec's 'N messages marked as read'). */
  markedAllRead: (count: number) => `${count} message${count === 1 ? '' : 's'} marked as read`,
  markedRead: 'Message marked as read',
  messageGone: 'This message no longer exists. It may have been deleted already.',
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

/**
 * A stored message. `read`: an administrator opened it or marked every message read; kept on the
 * server, one state for every administrator (docs/decisions.md, "Where the product differs from the spec").
 */
export const contactMessageSchema = /* @__PURE__ */ schema(() =>
  z.extend(contactMessageInputSchema, {
    _id: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
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

/** The Messages screen's tabs: every message, the unread ones, the read ones. */
export const CONTACT_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type ContactReadFilter = (typeof CONTACT_READ_FILTERS)[number];

/**
 * The admin Messages screen: `status` is the tab (all when absent); `search` is a case-insensitive
 * substring of the name, e-mail or message, answered on the first page (docs/data-model.md, "Search, stated honestly");
 * `since` is the instant the admin's "today" starts (their local midnight, ISO-8601), UTC midnight
 * when absent.
 */
export const contactListQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    status: z._default(z.enum(CONTACT_READ_FILTERS, { error: 'status must be all, unread or read' }), 'all'),
    search: z.optional(z.string().check(z.trim(), z.maxLength(128, { error: 'search is too long' }))),
    since: z.optional(z.iso.datetime({ offset: true, error: 'since must be an ISO-8601 date and time' })),
  }),
);
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/**
 * The Messages screen's cards, over every message whatever the tab, the search or the page:
 * `totalCount` stored, `unreadCount` not read yet, `todayCount` received since `since`. All three
 * come from aggregates kept with the messages (docs/data-model.md, "Aggregates").
 */
export const contactCountsSchema = /* @__PURE__ */ schema(() =>
  z.object({ totalCount: z.number(), unreadCount: z.number(), todayCount: z.number() }),
);
export type ContactCounts = z.infer<typeof contactCountsSchema>;

export const contactListResponseSchema = /* @__PURE__ */ schema(() =>
  z.extend(contactCountsSchema, {
    data: z.array(contactMessageSchema),
    nextCursor: z.nullable(z.string()),
  }),
);
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

/** POST /api/contact/mark-read/{id}: the message is read (it may have been already). */
export const contactMarkReadResponseSchema = /* @__PURE__ */ schema(() => z.object({ message: z.string() }));

/**
 * POST /api/contact/mark-all-read: `marked` messages were unread and are read now. `complete` is
 * false when the request ran out of time first (thousands of unread messages): the rest stay
 * unread, and the same request marks them.
 */
export const contactMarkAllReadResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), marked: z.number(), complete: z.boolean() }),
);
export type ContactMarkAllReadResponse = z.infer<typeof contactMarkAllReadResponseSchema>;

export const idPathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z
      .string()
      .check(z.trim(), z.minLength(1, { error: 'id is required' }), z.maxLength(64, { error: 'id is too long' })),
  }),
);
