import type { ContactMessage } from '@goldbot/shared';
import type { ContactMessageStore } from '../../src/domain/contact/contact-messages.js';
import { contactSearchText } from '../../src/data/contact-message-entity.js';

/**
 * The contact store contract without DynamoDB: newest first by createdAt then id, opaque cursor
 * = the id of the last item returned, a search that fills its page, the tabs by read state, the
 * `total` and `unread` counters moved by put, delete and the marks (never below 0; `uncounted`
 * seeds messages stored before the counters existed), and Mark All Read in batches of `batch`.
 */
export function inMemoryContactStore(
  initial: ContactMessage[] = [],
  options: { uncounted?: ContactMessage[]; batch?: number } = {},
): ContactMessageStore & {
  items: Map<string, ContactMessage>;
  counter: () => number;
  unreadCounter: () => number;
  sinceAsked: string[];
  readAt: Map<string, string>;
} {
  const items = new Map(initial.map((m) => [m._id, { ...m }]));
  const counted = new Set(items.keys());
  for (const m of options.uncounted ?? []) items.set(m._id, { ...m });
  let total = counted.size;
  let unread = initial.filter((m) => !m.read).length;
  const sinceAsked: string[] = [];
  const readAt = new Map<string, string>();
  const order = (a: ContactMessage, b: ContactMessage) =>
    `${b.createdAt}#${b._id}`.localeCompare(`${a.createdAt}#${a._id}`);
  const markOne = (message: ContactMessage, at: string) => {
    message.read = true;
    readAt.set(message._id, at);
    if (counted.has(message._id) && unread > 0) unread -= 1;
  };
  return {
    items,
    counter: () => total,
    unreadCounter: () => unread,
    sinceAsked,
    readAt,
    async put(message) {
      if (items.has(message._id)) throw new Error(`duplicate id ${message._id}`);
      items.set(message._id, { ...message });
      counted.add(message._id);
      total += 1;
      if (!message.read) unread += 1;
    },
    async listNewestFirst({ limit, cursor, contains, filter }) {
      const sorted = [...items.values()]
        .sort(order)
        .filter((m) => filter === 'all' || m.read === (filter === 'read'))
        .filter((m) => contains === undefined || contactSearchText(m).includes(contains));
      const start = cursor ? sorted.findIndex((m) => m._id === cursor) + 1 : 0;
      const page = sorted.slice(start, start + limit).map((m) => ({ ...m }));
      const more = start + limit < sorted.length;
      return { items: page, nextCursor: more ? (page.at(-1)?._id ?? null) : null };
    },
    async counts(sinceIso) {
      sinceAsked.push(sinceIso);
      return {
        totalCount: total,
        unreadCount: unread,
        todayCount: [...items.values()].filter((m) => m.createdAt >= sinceIso).length,
      };
    },
    async delete(id) {
      const message = items.get(id);
      if (!message) return false;
      items.delete(id);
      if (counted.delete(id)) {
        if (total > 0) total -= 1;
        if (!message.read && unread > 0) unread -= 1;
      }
      return true;
    },
    async markRead(id, at) {
      const message = items.get(id);
      if (!message) return 'missing';
      if (message.read) return 'already-read';
      markOne(message, at);
      return 'marked';
    },
    async markAllRead(at, stop) {
      let marked = 0;
      for (;;) {
        const batch = [...items.values()].filter((m) => !m.read).slice(0, options.batch ?? 99);
        if (batch.length === 0) return { marked, complete: true };
        if (stop()) return { marked, complete: false };
        for (const message of batch) markOne(message, at);
        marked += batch.length;
      }
    },
  };
}
