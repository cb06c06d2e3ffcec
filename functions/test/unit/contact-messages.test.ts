import { describe, expect, it, vi } from 'vitest';
import type { ContactReadFilter } from '@goldbot/shared';
import {
  addContactMessage,
  deleteContactMessage,
  listContactMessages,
  markAllContactMessagesRead,
  markContactMessageRead,
  todayStart,
} from '../../src/domain/contact/contact-messages.js';
import { NotFoundError } from '../../src/domain/errors.js';
import { newId } from '../../src/kit/ids.js';
import { inMemoryContactStore } from '../helpers/in-memory-contact-store.js';

const fixedClock = (iso: string) => ({ now: () => new Date(iso) });
const MINIMAL = { name: 'A', email: 'a@b.io', message: 'm' };
/** Adds `input` (a minimal message unless given) to `store` as sent at `iso`. */
const addAt = (store: ReturnType<typeof inMemoryContactStore>, iso: string, input = MINIMAL) =>
  addContactMessage(store, input, { clock: fixedClock(iso), newId });

describe('addContactMessage', () => {
  it('stores the message with an id, a creation time and a lower-cased email', async () => {
    const store = inMemoryContactStore();
    const ids = vi.fn((now: number) => `ID-${now}`);
    const saved = await addContactMessage(
      store,
      { name: 'Jane Doe', email: 'Jane.DOE@Example.COM', message: 'Hello' },
      { clock: fixedClock('2026-01-01T12:00:00.000Z'), newId: ids },
    );
    expect(saved).toEqual({
      _id: `ID-${Date.UTC(2026, 0, 1, 12)}`,
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      message: 'Hello',
      createdAt: '2026-01-01T12:00:00.000Z',
      read: false,
    });
    expect(ids).toHaveBeenCalledWith(Date.UTC(2026, 0, 1, 12));
    expect(store.items.get(saved._id)).toEqual(saved);
  });

  it('keeps name and message as given (the schema already trimmed them)', async () => {
    const store = inMemoryContactStore();
    const saved = await addAt(store, '2026-02-03T04:05:06.789Z', {
      name: 'Ünïcode Näme',
      email: 'a@b.io',
      message: 'Line 1\nLine 2',
    });
    expect(saved.name).toBe('Ünïcode Näme');
    expect(saved.message).toBe('Line 1\nLine 2');
    expect(saved._id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('propagates a storage failure', async () => {
    const store = inMemoryContactStore();
    store.put = async () => {
      throw new Error('table unavailable');
    };
    await expect(addAt(store, '2026-01-01T00:00:00Z')).rejects.toThrow('table unavailable');
  });
});

const NOW = new Date('2026-01-03T15:00:00.000Z');
const page = (
  limit: number,
  extra: { cursor?: string; search?: string; since?: string; status?: ContactReadFilter } = {},
) => ({
  status: 'all' as const,
  limit,
  ...extra,
});

describe('listContactMessages', () => {
  it('answers newest first in the spec shape, page by page, with the counts', async () => {
    const store = inMemoryContactStore();
    for (const [i, iso] of [
      '2026-01-01T10:00:00.000Z',
      '2026-01-03T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
    ].entries()) {
      await addAt(store, iso, { name: `N${i}`, email: `n${i}@example.com`, message: 'm' });
    }
    const first = await listContactMessages(store, page(2), NOW);
    expect(first.data.map((m) => m.name)).toEqual(['N1', 'N2']);
    expect(first.nextCursor).not.toBeNull();
    // Three stored, one of them since UTC midnight of 3 January.
    expect(first).toMatchObject({ totalCount: 3, unreadCount: 3, todayCount: 1 });
    const second = await listContactMessages(store, page(2, { cursor: first.nextCursor ?? undefined }), NOW);
    expect(second).toEqual({
      data: [expect.objectContaining({ name: 'N0', read: false })],
      nextCursor: null,
      totalCount: 3,
      unreadCount: 3,
      todayCount: 1,
    });
  });

  it('answers an empty list with zero counts', async () => {
    expect(await listContactMessages(inMemoryContactStore(), page(50), NOW)).toEqual({
      data: [],
      nextCursor: null,
      totalCount: 0,
      unreadCount: 0,
      todayCount: 0,
    });
  });

  it('searches name, e-mail and message case-insensitively and leaves the counts alone', async () => {
    const store = inMemoryContactStore();
    const add = (name: string, email: string, message: string, iso: string) =>
      addAt(store, iso, { name, email, message });
    await add('Ada Lovelace', 'ada@example.com', 'About the engine', '2026-01-01T10:00:00.000Z');
    await add('Grace', 'grace@NAVY.mil', 'Compilers', '2026-01-02T10:00:00.000Z');
    await add('Linus', 'linus@example.com', 'A question on the ENGINE room', '2026-01-03T10:00:00.000Z');
    const byMessage = await listContactMessages(store, page(10, { search: '  Engine ' }), NOW);
    expect(byMessage.data.map((m) => m.name)).toEqual(['Linus', 'Ada Lovelace']);
    expect(byMessage).toMatchObject({ totalCount: 3, unreadCount: 3, todayCount: 1 });
    const byEmail = await listContactMessages(store, page(10, { search: 'navy' }), NOW);
    expect(byEmail.data.map((m) => m.name)).toEqual(['Grace']);
    const byName = await listContactMessages(store, page(10, { search: 'LOVE' }), NOW);
    expect(byName.data.map((m) => m.name)).toEqual(['Ada Lovelace']);
    const blank = await listContactMessages(store, page(10, { search: '   ' }), NOW);
    expect(blank.data).toHaveLength(3);
  });

  it("counts today from the admin's local midnight when given", async () => {
    const store = inMemoryContactStore();
    await listContactMessages(store, page(10, { since: '2026-01-03T00:00:00.000+02:00' }), NOW);
    await listContactMessages(store, page(10), NOW);
    expect(store.sinceAsked).toEqual(['2026-01-02T22:00:00.000Z', '2026-01-03T00:00:00.000Z']);
  });
});

describe('todayStart', () => {
  it('defaults to UTC midnight of now', () => {
    expect(todayStart(undefined, new Date('2026-05-31T23:59:59.999Z'))).toBe('2026-05-31T00:00:00.000Z');
    expect(todayStart(undefined, new Date('2026-06-01T00:00:00.000Z'))).toBe('2026-06-01T00:00:00.000Z');
  });

  it('normalises a local midnight to UTC with milliseconds (the list keys compare as text)', () => {
    expect(todayStart('2026-01-03T00:00:00-05:00', NOW)).toBe('2026-01-03T05:00:00.000Z');
    expect(todayStart('2026-01-03T00:00:00Z', NOW)).toBe('2026-01-03T00:00:00.000Z');
  });

  it('keeps the count bounded: at most 26 hours back, never in the future', () => {
    expect(todayStart('1970-01-01T00:00:00Z', NOW)).toBe('2026-01-02T13:00:00.000Z');
    expect(todayStart('2030-01-01T00:00:00Z', NOW)).toBe(NOW.toISOString());
  });
});

describe('deleteContactMessage', () => {
  it('removes an existing message', async () => {
    const store = inMemoryContactStore();
    const saved = await addAt(store, '2026-01-01T00:00:00Z');
    await expect(deleteContactMessage(store, saved._id)).resolves.toBeUndefined();
    expect(store.items.size).toBe(0);
  });

  it('throws a 404 NotFoundError for an unknown id, with a helpful message', async () => {
    const error = await deleteContactMessage(inMemoryContactStore(), 'missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).statusCode).toBe(404);
    expect((error as NotFoundError).message).toMatch(/no longer exists/);
  });

  it('moves the total counter: +1 per message, -1 per counted delete, never below 0', async () => {
    const legacy = {
      _id: 'OLD',
      name: 'Old',
      email: 'old@example.com',
      message: 'm',
      createdAt: '2025-01-01T00:00:00.000Z',
      read: true,
    };
    const store = inMemoryContactStore([], { uncounted: [legacy] });
    const saved = await addAt(store, '2026-01-01T00:00:00Z');
    expect(store.counter()).toBe(1);
    await deleteContactMessage(store, 'OLD');
    expect(store.counter()).toBe(1);
    await deleteContactMessage(store, saved._id);
    expect(store.counter()).toBe(0);
  });

  it('throws NotFoundError when deleting twice', async () => {
    const store = inMemoryContactStore();
    const saved = await addAt(store, '2026-01-01T00:00:00Z');
    await deleteContactMessage(store, saved._id);
    await expect(deleteContactMessage(store, saved._id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('the read state', () => {
  /** `count` messages a minute apart, the newest last, on 3 January. */
  async function storeWith(count: number, options: { batch?: number } = {}) {
    const store = inMemoryContactStore([], options);
    for (let i = 0; i < count; i += 1) {
      const iso = new Date(Date.parse('2026-01-03T10:00:00.000Z') + i * 60_000).toISOString();
      await addAt(store, iso, { name: `N${i}`, email: `n${i}@example.com`, message: 'm' });
    }
    return store;
  }
  const clock = fixedClock('2026-01-03T14:00:00.000Z');

  it('counts Unread and Today over every message, not the page asked for', async () => {
    const store = await storeWith(25);
    const first = await listContactMessages(store, page(20), NOW);
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ totalCount: 25, unreadCount: 25, todayCount: 25 });
  });

  it('opening a message marks it read once, and Unread counts one less', async () => {
    const store = await storeWith(3);
    const [newest] = (await listContactMessages(store, page(1), NOW)).data;
    const id = newest?._id ?? '';
    await markContactMessageRead(store, id, clock);
    expect(store.readAt.get(id)).toBe('2026-01-03T14:00:00.000Z');
    await markContactMessageRead(store, id, fixedClock('2026-01-03T15:00:00.000Z'));
    expect(store.readAt.get(id)).toBe('2026-01-03T14:00:00.000Z');
    const after = await listContactMessages(store, page(10), NOW);
    expect(after).toMatchObject({ totalCount: 3, unreadCount: 2, todayCount: 3 });
    expect(after.data.map((m) => m.read)).toEqual([true, false, false]);
  });

  it('answers 404 for marking a message that does not exist', async () => {
    const error = await markContactMessageRead(inMemoryContactStore(), 'missing', clock).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('This message no longer exists. It may have been deleted already.');
  });

  it('lists the Unread and Read tabs by the read state of every message, page by page', async () => {
    const store = await storeWith(5);
    const all = (await listContactMessages(store, page(10), NOW)).data;
    for (const message of [all[1], all[3]]) await markContactMessageRead(store, message?._id ?? '', clock);
    const unread = await listContactMessages(store, page(2, { status: 'unread' }), NOW);
    expect(unread.data.map((m) => m.name)).toEqual(['N4', 'N2']);
    const rest = await listContactMessages(
      store,
      page(2, { status: 'unread', cursor: unread.nextCursor ?? undefined }),
      NOW,
    );
    expect(rest.data.map((m) => m.name)).toEqual(['N0']);
    const read = await listContactMessages(store, page(10, { status: 'read' }), NOW);
    expect(read.data.map((m) => m.name)).toEqual(['N3', 'N1']);
    expect(read).toMatchObject({ totalCount: 5, unreadCount: 3 });
  });

  it('Mark All Read marks every unread message, beyond the first page, and says how many', async () => {
    const store = await storeWith(45, { batch: 10 });
    await markContactMessageRead(store, (await listContactMessages(store, page(1), NOW)).data[0]?._id ?? '', clock);
    const run = await markAllContactMessagesRead(store, { clock, stop: () => false });
    expect(run).toEqual({ marked: 44, complete: true });
    const after = await listContactMessages(store, page(50), NOW);
    expect(after.unreadCount).toBe(0);
    expect(after.data.every((m) => m.read)).toBe(true);
    expect(await markAllContactMessagesRead(store, { clock, stop: () => false })).toEqual({
      marked: 0,
      complete: true,
    });
  });

  it('Mark All Read stops between batches when time is up, and the next run marks the rest', async () => {
    const store = await storeWith(25, { batch: 10 });
    let batches = 0;
    const first = await markAllContactMessagesRead(store, { clock, stop: () => batches++ >= 2 });
    expect(first).toEqual({ marked: 20, complete: false });
    expect(store.unreadCounter()).toBe(5);
    expect(await markAllContactMessagesRead(store, { clock, stop: () => false })).toEqual({
      marked: 5,
      complete: true,
    });
  });

  it('a deleted unread message leaves Unread; a deleted read one does not move it', async () => {
    const store = await storeWith(3);
    const [a, b] = (await listContactMessages(store, page(10), NOW)).data;
    await markContactMessageRead(store, a?._id ?? '', clock);
    await deleteContactMessage(store, a?._id ?? '');
    expect(store.unreadCounter()).toBe(2);
    await deleteContactMessage(store, b?._id ?? '');
    expect(store.unreadCounter()).toBe(1);
    expect(store.counter()).toBe(1);
  });
});
