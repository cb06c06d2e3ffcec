import { subscriptionHistoryResponseSchema, type AdminSubscription, type SubscriptionSummary } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import {
  cursorQuery,
  type PageRequest,
  type ReloadablePagedList,
  useReloadablePagedList,
} from '../../hooks/use-paged-list';

export { subscriptionHistoryResponseSchema };
export type SubscriptionHistoryResponse = ReturnType<typeof subscriptionHistoryResponseSchema.parse>;

export const SUBSCRIPTION_HISTORY_ROUTE = 'payment-subscription-history';

export interface HistoryPeriod {
  /** The year of the subscriptions (one of the last 5, the current one by default). */
  year: number;
  /** The month's index 0-11 (January = 0), or 'all'. */
  month: number | 'all';
}

export interface HistoryFilter extends HistoryPeriod {
  /** Username, e-mail, package or status, searched by the server; empty for every row. */
  search: string;
}

/**
 * The screen's current filter as a query: year always, month and search only when chosen. The
 * list's requests use it, and so can anything else that acts on "the rows shown" (an export).
 */
export function historyQuery({ year, month, search }: HistoryFilter) {
  const term = search.trim();
  return { year, month: month === 'all' ? undefined : month, search: term === '' ? undefined : term };
}

/** GET /api/payment/subscription-history?year=&month=&search=&cursor=&limit=. */
export function getSubscriptionHistory({
  cursor,
  ...filter
}: HistoryFilter & Pick<PageRequest, 'cursor'>): Promise<SubscriptionHistoryResponse> {
  return apiRequest(SUBSCRIPTION_HISTORY_ROUTE, {
    query: { ...historyQuery(filter), ...cursorQuery(cursor) },
    schema: subscriptionHistoryResponseSchema,
  });
}

export type SubscriptionHistoryList = ReloadablePagedList<AdminSubscription, SubscriptionSummary>;

/** The period as the list's filter key: another period never shows the previous one's rows. */
const periodKey = ({ year, month }: HistoryPeriod) => `${year}:${month}`;
function parsePeriodKey(key: string): HistoryPeriod {
  const [year = '', month = ''] = key.split(':');
  return { year: Number(year), month: month === 'all' ? 'all' : Number(month) };
}

/** The subscriptions of a period, page by page, with the period's summary counts. */
export function useSubscriptionHistory({ search, ...period }: HistoryFilter): SubscriptionHistoryList {
  return useReloadablePagedList(
    SUBSCRIPTION_HISTORY_ROUTE,
    { filter: periodKey(period), search },
    async ({ filter, search: term, cursor }) => {
      const response = await getSubscriptionHistory({ ...parsePeriodKey(filter), search: term, cursor });
      return {
        items: response.subscriptions,
        nextCursor: response.nextCursor,
        summary: response.summary,
        search: response.search,
      };
    },
  );
}
