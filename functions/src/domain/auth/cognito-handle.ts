/**
 * Cognito's refresh and challenge answers must carry the SECRET_HASH of the user's own Cognito
 * username (a UUID in this pool, which signs in by e-mail alias), which neither the refresh token
 * nor the challenge session reveals. The directory adapter therefore hands out both as
 * `<username>~<value>`: the rest of the API treats them as opaque strings (the refresh cookie, the
 * MFA session), and a tampered username only fails Cognito's own check. `~` occurs in neither a
 * username nor a token.
 */
const HANDLE_SEPARATOR = '~';

export const withUsername = (username: string, value: string) => `${username}${HANDLE_SEPARATOR}${value}`;

/** The username and the value of a handle; null for one without its username (from before it travelled with it). */
export function splitHandle(handle: string): { username: string; value: string } | null {
  const at = handle.indexOf(HANDLE_SEPARATOR);
  if (at <= 0 || at === handle.length - 1) return null;
  return { username: handle.slice(0, at), value: handle.slice(at + 1) };
}

/**
 * The Cognito username of the sign-in a TOTP challenge session belongs to, or null. The TOTP step
 * keys its back-off and its request limit on it, never on the e-mail the client sends: Cognito
 * answers a session only with the SECRET_HASH of its own username, so a code can only be tried
 * against the account the session names, whatever address comes with it.
 */
export const challengeUsername = (session: string): string | null => splitHandle(session)?.username ?? null;
