import {
  contactListResponseSchema,
  type ContactCounts,
  type ContactMessage,
  type ContactReadFilter,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import {
  pageQuery,
  useReloadablePagedList,
  type PageRequest,
  type ReloadablePagedList,
} from '../../hooks/use-paged-list';
import { startOfLocalDay } from '../lib/message-text';

export { contactListResponseSchema };
export type ContactListResponse = ReturnType<typeof contactListResponseSchema.parse>;

export const CONTACT_LIST_ROUTE = 'contact-list';

export interface MessagePageRequest extends Pick<PageRequest, 'search' | 'cursor'> {
  /** The tab: every message, the unread ones or the read ones. */
  status: ContactReadFilter;
  /** Where the admin's 'Today' starts: their local midnight, as an ISO instant. */
  since: string;
}

/**
 * GET /api/contact/get?status=&search=&since=&cursor=&limit=, newest first. The server selects
 * the tab's messages, searches name, e-mail and message, and answers the cards over every message
 * whatever the tab and the search: `totalCount`, `unreadCount` and `todayCount` (since the
 * admin's midnight).
 */
export function getMessages({ status, since, ...page }: MessagePageRequest): Promise<ContactListResponse> {
  return apiRequest(CONTACT_LIST_ROUTE, {
    query: { ...pageQuery(page), status, since },
    schema: contactListResponseSchema,
  });
}

export type MessageList = ReloadablePagedList<ContactMessage, ContactCounts>;

/** The list's key besides the search: the tab, and the midnight Today counts from. */
const listFilter = (status: ContactReadFilter, since: string) => `${status} ${since}`;
const filterParts = (filter: string) => {
  const [status = 'all', since = ''] = filter.split(' ');
  return { status: status as ContactReadFilter, since };
};

/** The tab's messages matching the search, page by page, with the Total, Unread and Today cards. */
export function useMessages(search: string, status: ContactReadFilter): MessageList {
  // Part of the list's key: after midnight the next read counts the new day.
  const since = startOfLocalDay().toISOString();
  return useReloadablePagedList(
    CONTACT_LIST_ROUTE,
    { filter: listFilter(status, since), search },
    async ({ filter, search: term, cursor }) => {
      const response = await getMessages({ ...filterParts(filter), search: term, cursor });
      const { data, nextCursor, totalCount, unreadCount, todayCount } = response;
      return { items: data, nextCursor, summary: { totalCount, unreadCount, todayCount } };
    },
  );
}
