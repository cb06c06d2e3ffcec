/**
 * The auth feature's public surface: who is signed in (the session), the per-account cache key
 * other features fetch under, and where a sign-in sends the person next. The pages themselves
 * (login, registration, recovery) are reached through the router only.
 */
export { SessionProvider, useSession, type SessionContextValue, type SessionStatus, type SessionUser } from './session';
export { useUserKey, useUserScope, type UserScopedKey } from './user-key';
export { readAuthNavigationState, type AuthNavigationState } from './lib/redirects';
// A fresh sign-in for a step that needs a recent second factor (the admin's wallet activation).
export { login, verifyMfa } from './api/auth-api';
