import type {
  ContactCounts,
  ContactListQuery,
  ContactListResponse,
  ContactMessage,
  ContactMessageInput,
  ContactReadFilter,
} from '@goldbot/shared';
import { CONTACT_MESSAGES } from '@goldbot/shared';
import { NotFoundError } from '../errors.js';

/** Contact messages: the rules, independent of storage (the store is injected). */
export interface ContactMessageStore {
  /** The message (unread) with `total`, `unread` and its half hour's count +1, in one transaction. */
  put(message: ContactMessage): Promise<void>;
  /**
   * One page of the tab `filter`, newest first. With `contains` (lower case), only messages whose
   * name, e-mail or message contain it; the store reads on until the page is full or the list ends.
   */
  listNewestFirst(page: {
    limit: number;
    cursor?: string;
    contains?: string;
    filter: ContactReadFilter;
  }): Promise<{ items: ContactMessage[]; nextCursor: string | null }>;
  /** The `total` and `unread` counters and the number of messages received at or after `sinceIso`. */
  counts(sinceIso: string): Promise<ContactCounts>;
  /** The delete (and the counters that counted it, -1). False when no message has this id. */
  delete(id: string): Promise<boolean>;
  /** Marks one message read (and `unread` -1) unless it already is; 'missing' when no message has this id. */
  markRead(id: string, readAt: string): Promise<'marked' | 'already-read' | 'missing'>;
  /**
   * Marks every unread message read, a batch at a time, until none is left or `stop()` says the
   * time is up before a batch. Answers how many it marked, and whether it got to the end.
   */
  markAllRead(readAt: string, stop: () => boolean): Promise<{ marked: number; complete: boolean }>;
}

export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  (now: number): string;
}

/**
 * How far back "today" may start. The admin's local midnight is at most a day (25 hours on a
 * daylight-saving day, plus clock skew) before now; an earlier `since` is read as this far back, so
 * the count stays bounded by about a day of messages whatever a client sends.
 */
export const TODAY_MAX_LOOKBACK_MS = 26 * 3600 * 1000;

export async function addContactMessage(
  store: ContactMessageStore,
  input: ContactMessageInput,
  deps: { clock: Clock; newId: IdGenerator },
): Promise<ContactMessage> {
  const now = deps.clock.now();
  const message: ContactMessage = {
    _id: deps.newId(now.getTime()),
    name: input.name,
    email: input.email.toLowerCase(),
    message: input.message,
    createdAt: now.toISOString(),
    read: false,
  };
  await store.put(message);
  return message;
}

/** The instant "today" starts: the admin's `since` kept within [now - 26 h, now], or UTC midnight. */
export function todayStart(since: string | undefined, now: Date): string {
  if (since === undefined) return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const at = Math.min(Math.max(Date.parse(since), now.getTime() - TODAY_MAX_LOOKBACK_MS), now.getTime());
  return new Date(at).toISOString();
}

/**
 * The admin Messages screen: a page of the tab newest first (searched server-side on name, e-mail
 * and message, case-insensitive, matches on the first page) with the cards, which depend on
 * neither the tab nor the search: `totalCount` and `unreadCount` from the contact counters,
 * `todayCount` from the half-hour counters since the admin's midnight.
 */
export async function listContactMessages(
  store: ContactMessageStore,
  query: ContactListQuery,
  now: Date,
): Promise<ContactListResponse> {
  const search = (query.search ?? '').trim().toLowerCase();
  const [page, counts] = await Promise.all([
    store.listNewestFirst({
      limit: query.limit,
      cursor: query.cursor,
      contains: search === '' ? undefined : search,
      filter: query.status,
    }),
    store.counts(todayStart(query.since, now)),
  ]);
  return { data: page.items, nextCursor: page.nextCursor, ...counts };
}

export async function deleteContactMessage(store: ContactMessageStore, id: string): Promise<void> {
  const deleted = await store.delete(id);
  if (!deleted) throw new NotFoundError(CONTACT_MESSAGES.messageGone);
}

/** Opening a message marks it read; a message already read stays as it is. */
export async function markContactMessageRead(store: ContactMessageStore, id: string, clock: Clock): Promise<void> {
  const outcome = await store.markRead(id, clock.now().toISOString());
  if (outcome === 'missing') throw new NotFoundError(CONTACT_MESSAGES.messageGone);
}

/**
 * Mark All Read: every unread message, not only those on screen. `stop` ends the run between
 * batches when the request's time is nearly up; the answer then says it is not complete.
 */
export async function markAllContactMessagesRead(
  store: ContactMessageStore,
  deps: { clock: Clock; stop: () => boolean },
): Promise<{ marked: number; complete: boolean }> {
  return store.markAllRead(deps.clock.now().toISOString(), deps.stop);
}
