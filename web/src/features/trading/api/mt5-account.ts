import useSWR, { useSWRConfig } from 'swr';
import {
  mt5SaveResponseSchema,
  mt5StateSchema,
  type Mt5AccountInput,
  type Mt5SaveResponse,
  type Mt5State,
} from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { apiRequest } from '@/lib/api-client';

/** GET /api/account/mt5: the caller's MetaTrader 5 account and where the bot's connection stands. */
export function getMt5Account(): Promise<Mt5State> {
  return apiRequest('account-mt5-get', { schema: mt5StateSchema });
}

/**
 * PUT /api/account/mt5 with `{broker, server, accountNumber}` (never a password): 400 with a
 * sentence per field, 409 without a paid package; answers the new state and a sentence.
 */
export function saveMt5Account(input: Mt5AccountInput): Promise<Mt5SaveResponse> {
  return apiRequest('account-mt5-put', { body: input, schema: mt5SaveResponseSchema });
}

export function useMt5Account() {
  const key = useUserKey('account-mt5-get');
  const { data, error, mutate } = useSWR(key, getMt5Account);
  return { state: data, loading: key !== null && !data && !error, error, mutate };
}

/** Puts a save's answer in place of the card's state (no second read). */
export function useShowMt5State() {
  const { mutate } = useSWRConfig();
  const key = useUserKey('account-mt5-get');
  return (state: Mt5State) => (key ? mutate(key, state, { revalidate: false }) : Promise.resolve(undefined));
}
