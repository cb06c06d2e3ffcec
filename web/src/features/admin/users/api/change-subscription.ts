import { useSWRConfig } from 'swr';
import {
  supportSubscriptionResponseSchema,
  type SupportSubscriptionInput,
  type SupportSubscriptionResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { USER_SUBSCRIPTIONS_ROUTE } from './get-user-subscriptions';

/**
 * POST /api/admin/user/{id}/subscription: support grants a paid package for a number of days,
 * extends the current one or ends it now, with a reason. Answers the sentence and the user's
 * subscriptions as they are now; 400 with field errors, 404 for an unknown user, 409 when the
 * package cannot take the action (or changed meanwhile), all as ApiError.
 */
export function changeSubscription(
  userId: string,
  input: SupportSubscriptionInput,
): Promise<SupportSubscriptionResponse> {
  return apiRequest('admin-user-subscription-change', {
    params: { id: userId },
    body: input,
    schema: supportSubscriptionResponseSchema,
  });
}

/** Puts the answer's subscriptions in place of the detail view's list (no second read). */
export function useShowSubscriptions() {
  const { mutate } = useSWRConfig();
  return (userId: string, subscriptions: SupportSubscriptionResponse['subscriptions']) =>
    mutate([USER_SUBSCRIPTIONS_ROUTE, userId], subscriptions, { revalidate: false });
}
