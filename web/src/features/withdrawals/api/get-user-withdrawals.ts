import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { userWithdrawalsResponseSchema } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiQuery } from '@/hooks/use-api-query';
import type { Infer } from '@/lib/schema-types';

export type UserWithdrawalsResponse = Infer<typeof userWithdrawalsResponseSchema>;
export type Withdrawal = UserWithdrawalsResponse['withdrawals'][number];

export const WITHDRAWALS_ERROR = 'Failed to fetch withdrawals';

/**
 * GET /api/withdrawal/user: the caller's withdrawals, newest first, with the live
 * balances: available (`referralEarnings`) and held by a pending request (`referralHeld`).
 */
export function useUserWithdrawals() {
  const { data, error, mutate, loading } = useApiQuery(useUserKey('withdrawal-user'), userWithdrawalsResponseSchema);
  return {
    data,
    /** True until the first answer (or failure). */
    loading,
    /** Only a failure without an earlier answer to show. */
    error: data ? undefined : (error as unknown),
    mutate,
  };
}

/**
 * Re-reads the caller's withdrawals and balances, e.g. after a refused request: a 409 means a
 * pending request exists that this page may not show yet, and an unreadable answer may hide a
 * request that was made after all.
 */
export function useRevalidateWithdrawals(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const key = useUserKey('withdrawal-user');
  return useCallback(() => (key ? mutate(key) : Promise.resolve()), [mutate, key]);
}
