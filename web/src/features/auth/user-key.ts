import type { RouteId } from '@goldbot/shared';
import { useSession } from './session';

/**
 * SWR keys of the caller's own data: `[routeId, who]`. Naming the account in the key means one
 * account never sees another's cached answer after a sign-out and a sign-in in the same tab.
 * Null (no request) while nobody is signed in.
 */
export type UserScopedKey<R extends RouteId = RouteId> = readonly [R, string];

/** Who the signed-in caller is, for cache keys; null while signed out or still loading. */
export function useUserScope(): string | null {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user) return null;
  return user._id ?? user.email;
}

export function useUserKey<R extends RouteId>(routeId: R, enabled = true): UserScopedKey<R> | null {
  const scope = useUserScope();
  return enabled && scope !== null ? ([routeId, scope] as const) : null;
}
