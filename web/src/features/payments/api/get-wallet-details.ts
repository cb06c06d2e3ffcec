import useSWR from 'swr';
import { PAYMENT_MESSAGES, walletDetailsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { isApiError, isRetryable, serverMessage } from '@/lib/api-errors';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const walletDetailsSchema = walletDetailsResponseSchema;
export type WalletDetails = Infer<typeof walletDetailsSchema>;

export const WALLET_LOAD_ERROR = 'Could not load the payment details. Please try again.';

/** GET /api/payment/wallet-details: the active USDT wallet; 503 when there is none. */
export function getWalletDetails(): Promise<WalletDetails> {
  return apiRequest('payment-wallet-details', { schema: walletDetailsSchema });
}

export type WalletDetailsState =
  | { state: 'loading' }
  | { state: 'ready'; wallet: WalletDetails }
  /**
   * 503: no payment wallet is configured. There is deliberately no built-in fallback address
   *: a wrong address would send the customer's money to nobody.
   */
  | { state: 'unavailable'; message: string }
  | { state: 'error'; message: string; retry: () => void };

export function useWalletDetails({ enabled = true }: { enabled?: boolean } = {}): WalletDetailsState {
  const key = useUserKey('payment-wallet-details', enabled);
  const { data, error, mutate } = useSWR(key, getWalletDetails, {
    // The address must not change under the customer's eyes while they pay.
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: isRetryable,
    errorRetryCount: 2,
  });
  if (data) return { state: 'ready', wallet: data };
  if (isApiError(error, 503)) {
    return { state: 'unavailable', message: serverMessage(error) ?? PAYMENT_MESSAGES.walletUnavailable };
  }
  if (error) {
    return { state: 'error', message: serverMessage(error) ?? WALLET_LOAD_ERROR, retry: () => void mutate() };
  }
  return { state: 'loading' };
}
