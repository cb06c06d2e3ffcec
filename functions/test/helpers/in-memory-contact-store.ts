import type { ContactMessage } from '@goldbot/shared';
import type { ContactMessageStore } from '../../src/domain/contact/contact-messages.js';
import { contactSearchText } from '../../src/data/contact-message-entity.js';

/**
 * The contact store contract without DynamoDB: newest first by createdAt then id, opaque cursor
 * = the id of the last item returned, a search that fills its page, the `total` counter moved by
 * put and delete (never below 0; `uncounted` seeds messages stored before the counter existed).
 */
export function inMemoryContactStore(
  initial: ContactMessage[] = [],
  options: { uncounted?: ContactMessage[] } = {},
): ContactMessageStore & { items: Map<string, ContactMessage>; counter: () => number; sinceAsked: string[] } {
  const items = new Map(initial.map((m) => [m._id, m]));
  const counted = new Set(items.keys());
  for (const m of options.uncounted ?? []) items.set(m._id, m);
  let total = counted.size;
  const sinceAsked: string[] = [];
  const order = (a: ContactMessage, b: ContactMessage) =>
    `${b.createdAt}#${b._id}`.localeCompare(`${a.createdAt}#${a._id}`);
  return {
    items,
    counter: () => total,
    sinceAsked,
    async put(message) {
      if (items.has(message._id)) throw new Error(`duplicate id ${message._id}`);
      items.set(message._id, { ...message });
      counted.add(message._id);
      total += 1;
    },
    async listNewestFirst({ limit, cursor, contains }) {
      const sorted = [...items.values()]
        .sort(order)
        .filter((m) => contains === undefined || contactSearchText(m).includes(contains));
      const start = cursor ? sorted.findIndex((m) => m._id === cursor) + 1 : 0;
      const page = sorted.slice(start, start + limit);
      const more = start + limit < sorted.length;
      return { items: page, nextCursor: more ? (page.at(-1)?._id ?? null) : null };
    },
    async summary(sinceIso) {
      sinceAsked.push(sinceIso);
      return { total, today: [...items.values()].filter((m) => m.createdAt >= sinceIso).length };
    },
    async delete(id) {
      if (!items.delete(id)) return false;
      if (counted.delete(id) && total > 0) total -= 1;
      return true;
    },
  };
}
