import useSWR from 'swr';
import { paymentStatsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { paymentStatsResponseSchema };
export type PaymentStatsResponse = ReturnType<typeof paymentStatsResponseSchema.parse>;

export const PAYMENT_STATS_ROUTE = 'admin-payment-stats';

export interface PaymentStatsFilter {
  /** A year, or 'all'. */
  year: number | 'all';
  /** The month's index 0-11 (January = 0), or 'all'. */
  month: number | 'all';
}

/** The query: year and month are sent only when not 'all'. */
export const paymentStatsQuery = ({ year, month }: PaymentStatsFilter) => ({
  year: year === 'all' ? undefined : year,
  month: month === 'all' ? undefined : month,
});

/** GET /api/admin/payment-stats?year=&month=: the revenue aggregates, months and packages. */
export function getPaymentStats(filter: PaymentStatsFilter): Promise<PaymentStatsResponse> {
  return apiRequest(PAYMENT_STATS_ROUTE, { query: paymentStatsQuery(filter), schema: paymentStatsResponseSchema });
}

type PaymentStatsKey = readonly [typeof PAYMENT_STATS_ROUTE, number | 'all', number | 'all'];

/**
 * The revenue figures of the chosen year and month, read again whenever they change.
 * The previous figures stay on screen while new ones load, and after a failed reload.
 */
export function usePaymentStats(filter: PaymentStatsFilter, { onSuccess }: { onSuccess?: () => void } = {}) {
  const key: PaymentStatsKey = [PAYMENT_STATS_ROUTE, filter.year, filter.month];
  return useSWR(key, ([, year, month]: PaymentStatsKey) => getPaymentStats({ year, month }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    keepPreviousData: true,
    onSuccess,
  });
}
