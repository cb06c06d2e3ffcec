import { describe, expect, it, vi } from 'vitest';
import {
  addContactMessage,
  deleteContactMessage,
  listContactMessages,
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

describe('listContactMessages', () => {
  it('answers newest first in the spec shape, page by page', async () => {
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
    const first = await listContactMessages(store, { limit: 2 });
    expect(first.data.map((m) => m.name)).toEqual(['N1', 'N2']);
    expect(first.nextCursor).not.toBeNull();
    const second = await listContactMessages(store, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second).toEqual({ data: [expect.objectContaining({ name: 'N0' })], nextCursor: null });
  });

  it('answers an empty list', async () => {
    expect(await listContactMessages(inMemoryContactStore(), { limit: 50 })).toEqual({ data: [], nextCursor: null });
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
