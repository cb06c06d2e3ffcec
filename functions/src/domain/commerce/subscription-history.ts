import type { AdminSubscription, SubscriptionHistoryQuery, SubscriptionSummary } from '@goldbot/shared';
import { toAdminSubscriptionView, type SubscriptionRecord } from '../../data/subscription-entity.js';
import { utcDay } from './package-dates.js';

/**
 * The admin subscription history (admin spec "Admin subscription history", §3, §7; issue 10;
 * docs/data-model.md E10, E22, AP33, AP34, §9): one year partition of GSI1 (`SUBS#<yyyy>`), newest
 * first, narrowed to a month by its sort-key prefix; a case-insensitive substring search on
 * username, e-mail, package name or status (`searchText`) that reads on until the page is full or
 * the period ends, so a search never answers an empty page with a cursor. The summary cards come
 * from the STATS#SUBSCRIPTIONS month aggregates of the period and ignore the text search.
 */
export interface HistoryScope {
  year: number;
  /** Month index 0-11; absent for the whole year. */
  month?: number;
}

export interface HistoryPage {
  items: SubscriptionRecord[];
  nextCursor: string | null;
}

export interface SubscriptionHistoryStore {
  /** One page, newest first; with `contains` (lower-cased), only matching rows, reading on until the page is full. */
  listHistory(scope: HistoryScope, page: { limit: number; cursor?: string; contains?: string }): Promise<HistoryPage>;
  /** The sum of the STATS#SUBSCRIPTIONS items of these `yyyy-mm` months (one BatchGetItem). */
  summaryOf(months: readonly string[]): Promise<SubscriptionSummary>;
}

export interface SubscriptionHistoryAnswer {
  success: true;
  subscriptions: AdminSubscription[];
  nextCursor: string | null;
  summary: SubscriptionSummary;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm` of a month index 0-11. */
export const yearMonthOf = (year: number, month: number) => `${year}-${pad2(month + 1)}`;

/** The months the summary adds up: the chosen one, or the 12 of the year. */
export const summaryMonths = (scope: HistoryScope): string[] =>
  scope.month !== undefined
    ? [yearMonthOf(scope.year, scope.month)]
    : Array.from({ length: 12 }, (_, m) => yearMonthOf(scope.year, m));

/** The year defaults to the current UTC year (the screen's default). */
export const historyScope = (query: Pick<SubscriptionHistoryQuery, 'year' | 'month'>, now: Date): HistoryScope => ({
  year: query.year ?? now.getUTCFullYear(),
  ...(query.month !== undefined ? { month: query.month } : {}),
});

export const normalizeSearch = (search: string | undefined) => (search ?? '').trim().toLowerCase();

export async function subscriptionHistory(
  store: SubscriptionHistoryStore,
  query: SubscriptionHistoryQuery,
  now: Date,
): Promise<SubscriptionHistoryAnswer> {
  const scope = historyScope(query, now);
  const search = normalizeSearch(query.search);
  const [page, summary] = await Promise.all([
    store.listHistory(scope, {
      limit: query.limit,
      cursor: query.cursor,
      ...(search === '' ? {} : { contains: search }),
    }),
    store.summaryOf(summaryMonths(scope)),
  ]);
  const today = utcDay(now);
  return {
    success: true,
    subscriptions: page.items.map((sub) => toAdminSubscriptionView(sub, today)),
    nextCursor: page.nextCursor,
    summary,
  };
}
