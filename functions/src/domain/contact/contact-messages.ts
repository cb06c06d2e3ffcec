import type {
  ContactListQuery,
  ContactListResponse,
  ContactMessage,
  ContactMessageInput,
  ContactSummary,
} from '@goldbot/shared';
import { NotFoundError } from '../errors.js';

/** Contact messages: the rules, independent of storage (the store is injected). */
export interface ContactMessageStore {
  /** The message and `total` +1, in one transaction. */
  put(message: ContactMessage): Promise<void>;
  /**
   * One page, newest first. With `contains` (lower case), only messages whose name, e-mail
   * or message contain it; the store reads on until the page is full or the list ends.
   */
  listNewestFirst(page: {
    limit: number;
    cursor?: string;
    contains?: string;
  }): Promise<{ items: ContactMessage[]; nextCursor: string | null }>;
  /** The `total` counter and the number of messages received at or after `sinceIso`. */
  summary(sinceIso: string): Promise<ContactSummary>;
  /** The delete (and `total` -1 for a counted message). False when no message has this id. */
  delete(id: string): Promise<boolean>;
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
 * The admin Messages screen: a page newest first (searched server-side on name, e-mail and message,
 * case-insensitive, matches on the first page) with the summary cards, which do not depend on the
 * search: `total` from the contact counter, `today` counted on the list index since the admin's midnight.
 */
export async function listContactMessages(
  store: ContactMessageStore,
  query: ContactListQuery,
  now: Date,
): Promise<ContactListResponse> {
  const search = (query.search ?? '').trim().toLowerCase();
  const [page, summary] = await Promise.all([
    store.listNewestFirst({
      limit: query.limit,
      cursor: query.cursor,
      contains: search === '' ? undefined : search,
    }),
    store.summary(todayStart(query.since, now)),
  ]);
  return { data: page.items, nextCursor: page.nextCursor, summary };
}

export async function deleteContactMessage(store: ContactMessageStore, id: string): Promise<void> {
  const deleted = await store.delete(id);
  if (!deleted) throw new NotFoundError('This message no longer exists. It may have been deleted already.');
}
