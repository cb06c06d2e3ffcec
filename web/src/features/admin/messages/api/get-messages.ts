import { useRef } from 'react';
import { contactListResponseSchema, type ContactMessage, type ContactSummary } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, usePagedList, type PagedList, type PageRequest } from '../../hooks/use-paged-list';
import { startOfLocalDay } from '../lib/message-text';

export { contactListResponseSchema };
export type ContactListResponse = ReturnType<typeof contactListResponseSchema.parse>;

export const CONTACT_LIST_ROUTE = 'contact-list';

export interface MessagePageRequest extends Pick<PageRequest, 'search' | 'cursor'> {
  /** Where the admin's 'Today' starts: their local midnight, as an ISO instant. */
  since: string;
}

/**
 * GET /api/contact/get?search=&since=&cursor=&limit=, newest first. The server searches
 * name, e-mail and message and answers the summary: every message (`total`) and those
 * since the admin's midnight (`today`), whatever the search.
 */
export function getMessages({ since, ...page }: MessagePageRequest): Promise<ContactListResponse> {
  return apiRequest(CONTACT_LIST_ROUTE, {
    query: { ...pageQuery(page), since },
    schema: contactListResponseSchema,
  });
}

export interface MessageList extends PagedList<ContactMessage, ContactSummary> {
  /** Re-reads every loaded page; rejects with the failure when a page could not be read. */
  reload: () => Promise<void>;
}

/** The messages matching the search, page by page, with Total and Today. */
export function useMessages(search: string): MessageList {
  // Part of the list's key: after midnight the next read counts the new day.
  const since = startOfLocalDay().toISOString();
  // The revalidation swallows errors (they land in `error` a render later); Refresh needs them now.
  const failure = useRef<unknown>(null);
  const list = usePagedList(CONTACT_LIST_ROUTE, { filter: since, search }, async ({ filter, search: term, cursor }) => {
    try {
      const response = await getMessages({ since: filter, search: term, cursor });
      return { items: response.data, nextCursor: response.nextCursor, summary: response.summary };
    } catch (error) {
      failure.current = error;
      throw error;
    }
  });
  return {
    ...list,
    reload: async () => {
      failure.current = null;
      await list.refresh();
      if (failure.current) throw failure.current;
    },
  };
}
