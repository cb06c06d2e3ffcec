import { contactMarkAllReadResponseSchema, contactMarkReadResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export const CONTACT_MARK_READ_ROUTE = 'contact-mark-read';
export const CONTACT_MARK_ALL_READ_ROUTE = 'contact-mark-all-read';

/**
 * Requests one Mark All Read may make: each marks every unread message it has time for (thousands),
 * so more than one is needed only for a very large backlog, and this bounds a server that never
 * says it is done.
 */
export const MARK_ALL_READ_MAX_REQUESTS = 10;

/** POST /api/contact/mark-read/{id}: the opened message is read, for every administrator. 404 when deleted meanwhile. */
export async function markMessageRead(id: string): Promise<void> {
  await apiRequest(CONTACT_MARK_READ_ROUTE, { params: { id }, schema: contactMarkReadResponseSchema });
}

/**
 * POST /api/contact/mark-all-read, asked again while the server says it stopped before the end.
 * Answers how many messages were marked in all.
 */
export async function markAllMessagesRead(): Promise<number> {
  let marked = 0;
  for (let request = 0; request < MARK_ALL_READ_MAX_REQUESTS; request += 1) {
    const run = await apiRequest(CONTACT_MARK_ALL_READ_ROUTE, { schema: contactMarkAllReadResponseSchema });
    marked += run.marked;
    if (run.complete) break;
  }
  return marked;
}
