import { describe, expect, it } from 'vitest';
import type * as z from '../src/zod.js';
import {
  CONTACT,
  CONTACT_MESSAGES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  apiErrorSchema,
  contactAddResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactMarkAllReadResponseSchema,
  contactMarkReadResponseSchema,
  contactMessageInputSchema,
  healthResponseSchema,
  idPathSchema,
  pageQuerySchema,
} from '../src/index.js';

const valid = { name: 'Jane Doe', email: 'jane@example.com', message: 'Hello there' };

/** The first message per field, the way the handler kit reports them. */
function fieldErrors(result: z.util.SafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.') || '(root)'] ??= issue.message;
  return out;
}

const check = (input: unknown) => fieldErrors(contactMessageInputSchema.safeParse(input));

describe('contact message input', () => {
  it('accepts a complete message', () => {
    expect(contactMessageInputSchema.parse(valid)).toEqual(valid);
  });

  it("uses the spec's message for each missing field", () => {
    expect(check({})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('treats empty and whitespace-only fields as missing', () => {
    expect(check({ name: '', email: '  ', message: '\n\t ' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('treats non-string values as missing', () => {
    expect(check({ name: 42, email: null, message: ['x'] })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('trims every field', () => {
    expect(
      contactMessageInputSchema.parse({ name: '  Jane  ', email: ' jane@example.com\n', message: '\tHi ' }),
    ).toEqual({
      name: 'Jane',
      email: 'jane@example.com',
      message: 'Hi',
    });
  });

  it('drops unknown fields', () => {
    expect(contactMessageInputSchema.parse({ ...valid, isAdmin: true })).not.toHaveProperty('isAdmin');
  });

  it.each(['jane@example.com', 'Jane.Doe+news@mail.example.co.uk', 'x@y.io'])('accepts the address %s', (email) => {
    expect(check({ ...valid, email })).toEqual({});
  });

  it.each([
    'jane',
    'jane@example',
    '@example.com',
    'jane@',
    'jane doe@example.com',
    'jane@@example.com',
    'jane@exa mple.com',
  ])('rejects the address %s with the spec message', (email) => {
    expect(check({ ...valid, email })).toEqual({ email: 'Please enter a valid email' });
  });

  describe('length limits', () => {
    it('name: 100 characters pass, 101 fail', () => {
      expect(CONTACT.nameMaxLength).toBe(100);
      expect(check({ ...valid, name: 'n'.repeat(100) })).toEqual({});
      expect(check({ ...valid, name: 'n'.repeat(101) })).toEqual({ name: 'Name must be at most 100 characters' });
    });

    it('email: 254 characters pass, 255 fail', () => {
      expect(CONTACT.emailMaxLength).toBe(254);
      const at = (length: number) => `${'e'.repeat(length - '@example.com'.length)}@example.com`;
      expect(at(254)).toHaveLength(254);
      expect(check({ ...valid, email: at(254) })).toEqual({});
      expect(check({ ...valid, email: at(255) })).toEqual({ email: 'Email must be at most 254 characters' });
    });

    it('message: 5000 characters pass, 5001 fail', () => {
      expect(CONTACT.messageMaxLength).toBe(5000);
      expect(check({ ...valid, message: 'm'.repeat(5000) })).toEqual({});
      expect(check({ ...valid, message: 'm'.repeat(5001) })).toEqual({
        message: 'Message must be at most 5000 characters',
      });
    });

    it('counts length after trimming', () => {
      expect(check({ ...valid, name: `   ${'n'.repeat(100)}   ` })).toEqual({});
    });
  });

  it("keeps the spec's form-level texts verbatim", () => {
    expect(CONTACT_MESSAGES.formInvalid).toBe('Please fill all required fields correctly');
    expect(CONTACT_MESSAGES.sendFailed).toBe('Failed to send message. Please try again later.');
    expect(CONTACT_MESSAGES.sendSucceeded).toBe('Message sent successfully! We will contact you soon.');
  });
});

describe('page query', () => {
  it('defaults the limit and leaves the cursor out', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: DEFAULT_PAGE_SIZE });
  });

  it('coerces a query-string limit', () => {
    expect(pageQuerySchema.parse({ limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' });
  });

  it.each([
    ['0', 'limit must be at least 1'],
    [String(MAX_PAGE_SIZE + 1), `limit must be at most ${MAX_PAGE_SIZE}`],
    ['abc', 'limit must be a number'],
    ['1.5', 'limit must be a whole number'],
  ])('rejects limit=%s', (limit, message) => {
    expect(fieldErrors(pageQuerySchema.safeParse({ limit }))).toEqual({ limit: message });
  });

  it('rejects an oversized cursor', () => {
    expect(fieldErrors(pageQuerySchema.safeParse({ cursor: 'c'.repeat(2049) }))).toEqual({
      cursor: 'cursor is too long',
    });
  });
});

describe('id path', () => {
  it('trims the id', () => {
    expect(idPathSchema.parse({ id: ' abc ' })).toEqual({ id: 'abc' });
  });

  it('rejects missing, blank and oversized ids', () => {
    expect(fieldErrors(idPathSchema.safeParse({}))).toHaveProperty('id');
    expect(fieldErrors(idPathSchema.safeParse({ id: '  ' }))).toEqual({ id: 'id is required' });
    expect(fieldErrors(idPathSchema.safeParse({ id: 'x'.repeat(65) }))).toEqual({ id: 'id is too long' });
  });
});

describe('response schemas', () => {
  const stored = { ...valid, _id: '01KDX3N8W6Q5ZJ4R2T7B9C0E1F', createdAt: '2026-01-01T12:00:00.000Z', read: false };

  it('describe the contact answers, each message with its read state', () => {
    expect(contactAddResponseSchema.safeParse({ message: 'ok', data: stored }).success).toBe(true);
    expect(contactAddResponseSchema.safeParse({ message: 'ok', data: valid }).success).toBe(false);
    const { read: _read, ...withoutReadState } = stored;
    expect(contactAddResponseSchema.safeParse({ message: 'ok', data: withoutReadState }).success).toBe(false);
    const counts = { totalCount: 3, unreadCount: 2, todayCount: 1 };
    expect(contactListResponseSchema.safeParse({ data: [stored], nextCursor: null, ...counts }).success).toBe(true);
    expect(contactListResponseSchema.safeParse({ data: [stored], ...counts }).success).toBe(false);
    // The cards are always answered, Unread and Today included.
    for (const name of ['totalCount', 'unreadCount', 'todayCount'] as const) {
      const { [name]: _left, ...rest } = counts;
      expect(contactListResponseSchema.safeParse({ data: [stored], nextCursor: null, ...rest }).success, name).toBe(
        false,
      );
    }
  });

  it('describe the read answers and the Mark All Read sentence', () => {
    expect(contactMarkReadResponseSchema.safeParse({ message: CONTACT_MESSAGES.markedRead }).success).toBe(true);
    expect(contactMarkAllReadResponseSchema.safeParse({ message: 'x', marked: 2, complete: true }).success).toBe(true);
    expect(contactMarkAllReadResponseSchema.safeParse({ message: 'x', marked: 2 }).success).toBe(false);
    expect(CONTACT_MESSAGES.markedAllRead(0)).toBe('0 messages marked as read');
    expect(CONTACT_MESSAGES.markedAllRead(1)).toBe('1 message marked as read');
    expect(CONTACT_MESSAGES.markedAllRead(25)).toBe('25 messages marked as read');
  });

  it('describe the list query: the tab, search and the start of today', () => {
    expect(contactListQuerySchema.parse({ limit: '5', search: '  Ada ', since: '2026-03-04T00:00:00+01:00' })).toEqual({
      limit: 5,
      status: 'all',
      search: 'Ada',
      since: '2026-03-04T00:00:00+01:00',
    });
    expect(contactListQuerySchema.parse({})).toEqual({ limit: 50, status: 'all' });
    for (const status of ['all', 'unread', 'read'] as const) {
      expect(contactListQuerySchema.parse({ status }).status).toBe(status);
    }
    expect(fieldErrors(contactListQuerySchema.safeParse({ status: 'archived' }))).toEqual({
      status: 'status must be all, unread or read',
    });
    expect(fieldErrors(contactListQuerySchema.safeParse({ since: '2026-03-04' }))).toEqual({
      since: 'since must be an ISO-8601 date and time',
    });
    expect(fieldErrors(contactListQuerySchema.safeParse({ search: 'x'.repeat(129) }))).toEqual({
      search: 'search is too long',
    });
  });

  it('describe the error body with both message and msg', () => {
    expect(apiErrorSchema.safeParse({ message: 'x', msg: 'x' }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ message: 'x', msg: 'x', errors: { name: 'Name is required' } }).success).toBe(
      true,
    );
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
  });

  it('describe the health answer', () => {
    expect(healthResponseSchema.safeParse({ status: 'ok', time: new Date().toISOString() }).success).toBe(true);
    expect(healthResponseSchema.safeParse({ status: 'down', time: '' }).success).toBe(false);
  });
});
