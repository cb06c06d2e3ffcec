import type { ContactMessage, PageQuery } from '@goldbot/shared';
import type { ContactMessageStore } from '../../src/domain/contact/contact-messages.js';

/**
 * The contact store contract without DynamoDB: newest first by createdAt then id, opaque cursor
 * = the id of the last item returned.
 */
export function inMemoryContactStore(
  initial: ContactMessage[] = [],
): ContactMessageStore & { items: Map<string, ContactMessage> } {
  const items = new Map(initial.map((m) => [m._id, m]));
  const order = (a: ContactMessage, b: ContactMessage) =>
    `${b.createdAt}#${b._id}`.localeCompare(`${a.createdAt}#${a._id}`);
  return {
    items,
    async put(message) {
      if (items.has(message._id)) throw new Error(`duplicate id ${message._id}`);
      items.set(message._id, { ...message });
    },
    async listNewestFirst({ limit, cursor }: PageQuery) {
      const sorted = [...items.values()].sort(order);
      const start = cursor ? sorted.findIndex((m) => m._id === cursor) + 1 : 0;
      const page = sorted.slice(start, start + limit);
      const more = start + limit < sorted.length;
      return { items: page, nextCursor: more ? (page.at(-1)?._id ?? null) : null };
    },
    async delete(id) {
      return items.delete(id);
    },
  };
}
