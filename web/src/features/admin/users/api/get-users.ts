import { adminUsersResponseSchema, type AdminUser } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, usePagedList, type PagedList, type PageRequest } from '../../hooks/use-paged-list';

export { adminUsersResponseSchema };
export type AdminUsersResponse = ReturnType<typeof adminUsersResponseSchema.parse>;
/** The users list has no counts of its own (the dashboard shows them). */
export type UserList = PagedList<AdminUser, null>;

export const USERS_ROUTE = 'admin-users';

/**
 * GET /api/admin/users?search=&cursor=&limit=; the server searches username, e-mail
 * and phone, case-insensitively: the users whose username or e-mail starts with the term, or else
 * the newest users with it anywhere in them.
 */
export function getUsers(request: Pick<PageRequest, 'search' | 'cursor'>): Promise<AdminUsersResponse> {
  return apiRequest(USERS_ROUTE, { query: pageQuery(request), schema: adminUsersResponseSchema });
}

/** The users matching the search, page by page. */
export function useUsers(search: string): UserList {
  return usePagedList(USERS_ROUTE, { filter: '', search }, async (request) => {
    const response = await getUsers(request);
    return { items: response.users, nextCursor: response.nextCursor, summary: null, search: response.search };
  });
}
