import useSWR from 'swr';
import { walletsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { walletsResponseSchema };
export type WalletsResponse = ReturnType<typeof walletsResponseSchema.parse>;

export const WALLETS_ROUTE = 'payment-wallets';

/** GET /api/payment/wallets. */
export function getWallets(): Promise<WalletsResponse> {
  return apiRequest(WALLETS_ROUTE, { schema: walletsResponseSchema });
}

/** The payment wallets; re-read after every save (activating one deactivates others). */
export function useWallets() {
  return useSWR(WALLETS_ROUTE, getWallets);
}
