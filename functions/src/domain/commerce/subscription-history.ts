import {
  ALL_PACKAGE_NAMES,
  SUBSCRIPTION_STATUSES,
  type AdminSubscription,
  type ListSearchScope,
  type SubscriptionHistoryQuery,
  type SubscriptionSummary,
} from '@goldbot/shared';
import { toAdminSubscriptionView, type SubscriptionRecord } from '../records/subscription-record.js';
import { utcDay } from './package-dates.js';

/**
 * The admin subscription history (docs/data-model.md, "Subscription", the subscription aggregates,
 * "Subscriptions" and "Search, stated honestly"): one year partition of GSI1 (`SUBS#<yyyy>`), newest
 * first, narrowed to a month by its sort-key prefix; a case-insensitive search: the start of a
 * username or e-mail from the prefix indexes, anything else (package, status, a part inside a
 * value) among the newest rows of the period, a bounded window per page. The summary cards come
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
  /** With a search: how it answered (start of a username or e-mail, or inside the newest rows). */
  search?: ListSearchScope;
}

export interface SubscriptionHistoryStore {
  /**
   * One page, newest first; with `contains` (lower-cased), the rows of the users whose username or
   * e-mail starts with it, or else the matching rows among the newest of the period (docs/data-model.md, "Search, stated honestly").
   */
  listHistory(scope: HistoryScope, page: { limit: number; cursor?: string; contains?: string }): Promise<HistoryPage>;
  /** The sum of the STATS#SUBSCRIPTIONS items of these `yyyy-mm` months (one BatchGetItem). */
  summaryOf(months: readonly string[]): Promise<SubscriptionSummary>;
}

export interface SubscriptionHistoryAnswer {
  success: true;
  subscriptions: AdminSubscription[];
  nextCursor: string | null;
  summary: SubscriptionSummary;
  search?: ListSearchScope;
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

/**
 * A term that starts a package name or a status ('pro', 'pending', 'free') searches every row's
 * package and status, not the users whose name happens to start with it.
 */
export const namesPackageOrStatus = (term: string) =>
  [...ALL_PACKAGE_NAMES, ...SUBSCRIPTION_STATUSES].some((word) => word.toLowerCase().startsWith(term));

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
    ...(page.search ? { search: page.search } : {}),
  };
}
