import { useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { ListSearchScope, RouteId } from '@goldbot/shared';

/** Rows per request; "Load more" asks for the next page with the server's cursor. */
export const ADMIN_PAGE_SIZE = 20;

/** One page of an admin list, whatever its array is called in the answer. */
export interface ListPage<TItem, TSummary> {
  items: TItem[];
  nextCursor: string | null;
  /** The screen's counts (stat cards, tab badges): the server's aggregates, never counted from a page. */
  summary: TSummary;
  /** With a search, how the server answered it (the screen says when it looked at the newest rows only). */
  search?: ListSearchScope;
}

export interface PageRequest<TFilter extends string = string> {
  /**
   * What selects the rows besides the search (a tab's status); '' when the list has no such
   * choice. Unlike a new search, a new filter does not keep the previous filter's rows on screen.
   */
  filter: TFilter;
  /** Username, e-mail and so on: the server searches. Empty sends no `search`. */
  search: string;
  cursor: string | null;
}

/** The query of a page of a list without a search: where the page starts, and its size. */
export const cursorQuery = (cursor: string | null) => ({ cursor: cursor ?? undefined, limit: ADMIN_PAGE_SIZE });

/** The query string of an admin list page: empty values are left out. */
export const pageQuery = ({ search, cursor }: Pick<PageRequest, 'search' | 'cursor'>, limit = ADMIN_PAGE_SIZE) => ({
  search: search.trim() === '' ? undefined : search.trim(),
  cursor: cursor ?? undefined,
  limit,
});

export interface PagedList<TItem, TSummary> {
  /** Every loaded row of the current filter, pages in order. */
  items: TItem[];
  /** From the latest first page (the previous filter's while a new one loads); undefined until one arrives. */
  summary: TSummary | undefined;
  /** True only while the first page of this filter has never arrived: the one time a Loader shows. */
  isLoading: boolean;
  /** How the latest page's search was answered; undefined without a search. */
  searchScope: ListSearchScope | undefined;
  /** The last failed load (first load, a background refresh or "Load more"). */
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  /** Re-reads every loaded page (after an approval or rejection). */
  refresh: () => Promise<unknown>;
}

type PageKey<TFilter extends string> = readonly [RouteId, TFilter, string, string | null];

/** A page with the filter it was read for, so rows of another tab are never shown as this one's. */
interface TaggedPage<TItem, TSummary> {
  filter: string;
  page: ListPage<TItem, TSummary>;
}

export interface PagedListOptions {
  /** Re-reads every loaded page this often, in the background (the payment lists). */
  refreshInterval?: number;
}

/**
 * A paged admin list with SWR: every loaded page is re-read together (a decided row leaves a
 * pending page), the previous search's rows stay on screen while a new search loads, and "Load
 * more" follows the server's `nextCursor`.
 */
export function usePagedList<TItem, TSummary, TFilter extends string = ''>(
  routeId: RouteId,
  { filter, search }: { filter: TFilter; search: string },
  fetchPage: (request: PageRequest<TFilter>) => Promise<ListPage<TItem, TSummary>>,
  { refreshInterval }: PagedListOptions = {},
): PagedList<TItem, TSummary> {
  const term = search.trim();
  const getKey = (index: number, previous: TaggedPage<TItem, TSummary> | null): PageKey<TFilter> | null => {
    if (index > 0 && !previous?.page.nextCursor) return null;
    return [routeId, filter, term, index === 0 ? null : (previous?.page.nextCursor ?? null)];
  };
  const { data, error, isValidating, size, setSize, mutate } = useSWRInfinite(
    getKey,
    async ([, pageFilter, pageSearch, cursor]: PageKey<TFilter>): Promise<TaggedPage<TItem, TSummary>> => ({
      filter: pageFilter,
      page: await fetchPage({ filter: pageFilter, search: pageSearch, cursor }),
    }),
    { refreshInterval, revalidateAll: true, keepPreviousData: true },
  );
  const tagged = data ?? [];
  // keepPreviousData hands back the last key's pages while a new key loads: fine for a search
  // (the rows change in place), not for another filter (another tab's rows under this tab).
  const current = tagged[0]?.filter === filter;
  const pages = current ? tagged.map(({ page }) => page) : [];
  const last = pages.at(-1);
  return {
    items: pages.flatMap((page) => page.items),
    summary: tagged[0]?.page.summary,
    searchScope: term === '' ? undefined : last?.search,
    isLoading: !current && !error,
    error,
    hasMore: Boolean(last?.nextCursor),
    isLoadingMore: current && isValidating && size > pages.length,
    loadMore: () => void setSize(size + 1),
    refresh: () => mutate(),
  };
}

export interface ReloadablePagedList<TItem, TSummary> extends PagedList<TItem, TSummary> {
  /** Re-reads every loaded page; true when that worked (a Refresh button says so). */
  reload: () => Promise<boolean>;
}

/**
 * `usePagedList` with a `reload` that answers whether the read worked: SWR's revalidation keeps a
 * failed read's error to itself (it lands in `error` a render later), and a Refresh button must
 * know now.
 */
export function useReloadablePagedList<TItem, TSummary, TFilter extends string = ''>(
  routeId: RouteId,
  key: { filter: TFilter; search: string },
  fetchPage: (request: PageRequest<TFilter>) => Promise<ListPage<TItem, TSummary>>,
  options?: PagedListOptions,
): ReloadablePagedList<TItem, TSummary> {
  const failed = useRef(false);
  const list = usePagedList(
    routeId,
    key,
    async (request) => {
      try {
        return await fetchPage(request);
      } catch (error) {
        failed.current = true;
        throw error;
      }
    },
    options,
  );
  return {
    ...list,
    reload: async () => {
      failed.current = false;
      await list.refresh().catch(() => {
        failed.current = true;
      });
      return !failed.current;
    },
  };
}
