import { useSWRConfig } from 'swr';
import {
  mt5SaveResponseSchema,
  mt5StateSchema,
  type Mt5AccountInput,
  type Mt5SaveResponse,
  type Mt5State,
} from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiQuery } from '@/hooks/use-api-query';
import { apiRequest } from '@/lib/api-client';

/**
 * PUT /api/account/mt5 with `{broker, server, accountNumber}` (never a password): 400 with a
 * sentence per field, 409 without a paid package; answers the new state and a sentence.
 */
export function saveMt5Account(input: Mt5AccountInput): Promise<Mt5SaveResponse> {
  return apiRequest('account-mt5-put', { body: input, schema: mt5SaveResponseSchema });
}

/** GET /api/account/mt5: the caller's MetaTrader 5 account and where the bot's connection stands. */
export function useMt5Account() {
  const { data, error, mutate, loading } = useApiQuery(useUserKey('account-mt5-get'), mt5StateSchema);
  return { state: data, loading, error, mutate };
}

/** Puts a save's answer in place of the card's state (no second read). */
export function useShowMt5State() {
  const { mutate } = useSWRConfig();
  const key = useUserKey('account-mt5-get');
  return (state: Mt5State) => (key ? mutate(key, state, { revalidate: false }) : Promise.resolve(undefined));
}
