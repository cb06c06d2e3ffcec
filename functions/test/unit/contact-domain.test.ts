import { describe, expect, it, vi } from 'vitest';
import {
  addContactMessage,
  deleteContactMessage,
  listContactMessages,
  todayStart,
} from '../../src/domain/contact/contact-messages.js';
import { NotFoundError } from '../../src/domain/errors.js';
import { newId } from '../../src/kit/ids.js';
import { inMemoryContactStore } from '../helpers/in-memory-contact-store.js';

const fixedClock = (iso: string) => ({ now: () => new Date(iso) });

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
    });
    expect(ids).toHaveBeenCalledWith(Date.UTC(2026, 0, 1, 12));
    expect(store.items.get(saved._id)).toEqual(saved);
  });

  it('keeps name and message as given (the schema already trimmed them)', async () => {
    const store = inMemoryContactStore();
    const saved = await addContactMessage(
      store,
      { name: 'Ünïcode Näme', email: 'a@b.io', message: 'Line 1\nLine 2' },
      { clock: fixedClock('2026-02-03T04:05:06.789Z'), newId },
    );
    expect(saved.name).toBe('Ünïcode Näme');
    expect(saved.message).toBe('Line 1\nLine 2');
    expect(saved._id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('propagates a storage failure', async () => {
    const store = inMemoryContactStore();
    store.put = async () => {
      throw new Error('table unavailable');
    };
    await expect(
      addContactMessage(
        store,
        { name: 'A', email: 'a@b.io', message: 'm' },
        { clock: fixedClock('2026-01-01T00:00:00Z'), newId },
      ),
    ).rejects.toThrow('table unavailable');
  });
});

const NOW = new Date('2026-01-03T15:00:00.000Z');
const page = (limit: number, extra: { cursor?: string; search?: string; since?: string } = {}) => ({
  limit,
  ...extra,
});

describe('listContactMessages', () => {
  it('answers newest first in the spec shape, page by page, with the summary', async () => {
    const store = inMemoryContactStore();
    for (const [i, iso] of [
      '2026-01-01T10:00:00.000Z',
      '2026-01-03T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
    ].entries()) {
      await addContactMessage(
        store,
        { name: `N${i}`, email: `n${i}@example.com`, message: 'm' },
        { clock: fixedClock(iso), newId },
      );
    }
    const first = await listContactMessages(store, page(2), NOW);
    expect(first.data.map((m) => m.name)).toEqual(['N1', 'N2']);
    expect(first.nextCursor).not.toBeNull();
    // Three stored, one of them since UTC midnight of 3 January.
    expect(first.summary).toEqual({ total: 3, today: 1 });
    const second = await listContactMessages(store, page(2, { cursor: first.nextCursor ?? undefined }), NOW);
    expect(second).toEqual({
      data: [expect.objectContaining({ name: 'N0' })],
      nextCursor: null,
      summary: { total: 3, today: 1 },
    });
  });

  it('answers an empty list with a zero summary', async () => {
    expect(await listContactMessages(inMemoryContactStore(), page(50), NOW)).toEqual({
      data: [],
      nextCursor: null,
      summary: { total: 0, today: 0 },
    });
  });

  it('searches name, e-mail and message case-insensitively and leaves the summary alone', async () => {
    const store = inMemoryContactStore();
    const add = (name: string, email: string, message: string, iso: string) =>
      addContactMessage(store, { name, email, message }, { clock: fixedClock(iso), newId });
    await add('Ada Lovelace', 'ada@example.com', 'About the engine', '2026-01-01T10:00:00.000Z');
    await add('Grace', 'grace@NAVY.mil', 'Compilers', '2026-01-02T10:00:00.000Z');
    await add('Linus', 'linus@example.com', 'A question on the ENGINE room', '2026-01-03T10:00:00.000Z');
    const byMessage = await listContactMessages(store, page(10, { search: '  Engine ' }), NOW);
    expect(byMessage.data.map((m) => m.name)).toEqual(['Linus', 'Ada Lovelace']);
    expect(byMessage.summary).toEqual({ total: 3, today: 1 });
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
    const saved = await addContactMessage(
      store,
      { name: 'A', email: 'a@b.io', message: 'm' },
      { clock: fixedClock('2026-01-01T00:00:00Z'), newId },
    );
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
    };
    const store = inMemoryContactStore([], { uncounted: [legacy] });
    const saved = await addContactMessage(
      store,
      { name: 'A', email: 'a@b.io', message: 'm' },
      { clock: fixedClock('2026-01-01T00:00:00Z'), newId },
    );
    expect(store.counter()).toBe(1);
    await deleteContactMessage(store, 'OLD');
    expect(store.counter()).toBe(1);
    await deleteContactMessage(store, saved._id);
    expect(store.counter()).toBe(0);
  });

  it('throws NotFoundError when deleting twice', async () => {
    const store = inMemoryContactStore();
    const saved = await addContactMessage(
      store,
      { name: 'A', email: 'a@b.io', message: 'm' },
      { clock: fixedClock('2026-01-01T00:00:00Z'), newId },
    );
    await deleteContactMessage(store, saved._id);
    await expect(deleteContactMessage(store, saved._id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
