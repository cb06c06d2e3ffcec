import useSWRInfinite from 'swr/infinite';
import { PAYMENT, type Payment, type RouteId } from '@goldbot/shared';

/** Rows per request; "Load more" asks for the next page with the server's cursor (DESIGN.md §11). */
export const PAYMENTS_PAGE_SIZE = 20;

/** The stat cards' counts: the server's payment aggregates, never counted from a page. */
export interface PaymentSummary {
  total: number;
  pending: number;
  completed: number;
}

/** One page of either admin list, whatever its array is called in the answer. */
export interface PaymentPage {
  payments: Payment[];
  nextCursor: string | null;
  summary: PaymentSummary;
}

export interface PaymentPageQuery {
  /** Username, e-mail or TXID; the server searches (admin §5). Empty sends no `search`. */
  search: string;
  cursor?: string | null;
  limit?: number;
}

/** The query string of an admin list: empty values are left out. */
export const paymentListQuery = ({ search, cursor, limit = PAYMENTS_PAGE_SIZE }: PaymentPageQuery) => ({
  search: search.trim() === '' ? undefined : search.trim(),
  cursor: cursor ?? undefined,
  limit,
});

export interface PaymentList {
  /** Every loaded row, pages in order. */
  payments: Payment[];
  /** From the first page; undefined until it arrives. */
  summary: PaymentSummary | undefined;
  /** True only while the first page of this search has never arrived: the one time a Loader shows. */
  isLoading: boolean;
  /** The last failed load (first load, a background refresh or "Load more"). */
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  /** Re-reads every loaded page (after an approval or rejection). */
  refresh: () => Promise<unknown>;
}

type PageKey = readonly [RouteId, string, string | null];

/**
 * A paged admin payment list with SWR: re-read every 30 s in the background (admin §4, §9) with
 * every loaded page (a decided payment leaves the pending pages), the previous search's rows kept
 * on screen while a new search loads.
 */
export function usePaymentList(
  routeId: RouteId,
  search: string,
  fetchPage: (query: PaymentPageQuery) => Promise<PaymentPage>,
): PaymentList {
  const getKey = (index: number, previous: PaymentPage | null): PageKey | null => {
    if (index > 0 && (!previous || !previous.nextCursor)) return null;
    return [routeId, search.trim(), index === 0 ? null : (previous?.nextCursor ?? null)];
  };
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(
    getKey,
    ([, term, cursor]: PageKey) => fetchPage({ search: term, cursor }),
    {
      refreshInterval: PAYMENT.adminPollIntervalMs,
      revalidateAll: true,
      keepPreviousData: true,
    },
  );
  const pages = data ?? [];
  const last = pages.at(-1);
  return {
    payments: pages.flatMap((page) => page.payments),
    summary: pages[0]?.summary,
    isLoading: isLoading && !data,
    error,
    hasMore: Boolean(last?.nextCursor),
    isLoadingMore: isValidating && size > pages.length,
    loadMore: () => void setSize(size + 1),
    refresh: () => mutate(),
  };
}
