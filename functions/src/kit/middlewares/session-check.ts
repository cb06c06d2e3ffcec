import type { UserProfile } from '../../domain/records/user-profile.js';
import type { Caller } from '../identity.js';
import { requestStateOf, type HttpMiddleware } from './request-state.js';

/** Checks the caller's session and answers the profile it read (null: none yet, where allowed). */
export type SessionGuard = (
  caller: Caller,
  options: { allowMissingProfile?: boolean; requireMfa?: boolean },
) => Promise<UserProfile | null>;

/**
 * Runs the session guard (kit/session-guard.ts, one profile read) for a signed-in caller and keeps
 * the profile it read for the use case, so it is not read twice. Anonymous callers of public
 * routes pass untouched.
 */
export function sessionCheck(
  guard: SessionGuard,
  options: { allowMissingProfile: boolean; requireMfa: () => boolean },
): HttpMiddleware {
  return {
    before: async (request) => {
      const state = requestStateOf(request.context);
      if (!state.caller) return;
      state.sessionProfile = await guard(state.caller, {
        allowMissingProfile: options.allowMissingProfile,
        requireMfa: options.requireMfa(),
      });
    },
  };
}
