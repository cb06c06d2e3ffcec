import useSWR from 'swr';
import { PAYMENT_MESSAGES, REFERRAL, verifyReferralResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useUserScope } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const verifyReferralSchema = verifyReferralResponseSchema;
export type VerifyReferralResponse = Infer<typeof verifyReferralSchema>;

export const REFERRAL_CHECK_ERROR = 'Error verifying referral code';

/** How the modal keeps a typed code: trimmed and upper-cased. */
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

/** POST /api/payment/verify-referral with the upper-cased code. */
export function verifyReferral(referralCode: string, signal?: AbortSignal): Promise<VerifyReferralResponse> {
  return apiRequest('payment-verify-referral', {
    body: { referralCode: normalizeReferralCode(referralCode) },
    schema: verifyReferralSchema,
    signal,
  });
}

/** The referral code's states: unchecked, verifying, valid, invalid. */
export type ReferralVerification =
  | { status: 'unchecked' }
  | { status: 'verifying' }
  | { status: 'valid'; code: string; discount: number; referrer: string | null }
  | { status: 'invalid'; message: string };

function invalidFrom(error: unknown): ReferralVerification {
  // A 4xx is the server's verdict on the code; anything else says nothing about it.
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return {
      status: 'invalid',
      message: error.fieldErrors.referralCode ?? serverMessage(error) ?? PAYMENT_MESSAGES.referralInvalid,
    };
  }
  return { status: 'invalid', message: REFERRAL_CHECK_ERROR };
}

/**
 * Verifies `code` once typing has paused for 500 ms. A code that is still being typed, or was
 * changed since its check, is 'unchecked'; an empty code is 'unchecked' too (the field is optional).
 */
export function useReferralVerification(code: string, { enabled = true }: { enabled?: boolean } = {}) {
  const normalized = normalizeReferralCode(code);
  const [settled] = useDebouncedValue(normalized, REFERRAL.verifyDebounceMs);
  const scope = useUserScope();
  const key =
    enabled && scope !== null && normalized !== '' && settled === normalized
      ? (['payment-verify-referral', scope, normalized] as const)
      : null;
  const { data, error } = useSWR(key, ([, , referralCode]) => verifyReferral(referralCode), {
    // A verdict is asked for once per code; the server checks the code again on submit.
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });

  let verification: ReferralVerification;
  if (key === null) verification = { status: 'unchecked' };
  else if (data) {
    verification = data.success
      ? {
          status: 'valid',
          code: normalized,
          discount: data.discount,
          referrer: data.referralUser?.username ?? null,
        }
      : { status: 'invalid', message: data.message || PAYMENT_MESSAGES.referralInvalid };
  } else if (error) verification = invalidFrom(error);
  else verification = { status: 'verifying' };
  return verification;
}
