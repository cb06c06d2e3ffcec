import useSWR from 'swr';
import type { AdminUser } from '@goldbot/shared';
import { getUsers } from '../../users/api/get-users';

/** How many customers the assign form offers for a search. */
export const CUSTOMER_CHOICES = 5;

export interface CustomerSearch {
  /** The first customers (not administrators) whose username or e-mail matches. */
  customers: AdminUser[];
  loading: boolean;
  error: unknown;
}

/**
 * The customers an unmatched transfer can be given to, found with the users list's own server
 * search (GET /api/admin/users?search=). Nothing is asked while the term is empty.
 */
export function useCustomerSearch(term: string): CustomerSearch {
  const trimmed = term.trim();
  const key = trimmed === '' ? null : (['admin-users', 'transfer-assignee', trimmed] as const);
  const { data, error, isLoading } = useSWR(key, ([, , search]) => getUsers({ search, cursor: null }), {
    keepPreviousData: true,
  });
  return {
    customers: key === null ? [] : (data?.users ?? []).filter((user) => !user.isAdmin).slice(0, CUSTOMER_CHOICES),
    loading: isLoading,
    error,
  };
}
