import { AUTH } from '@goldbot/shared';

/**
 * The refresh token travels only as an HttpOnly cookie (docs/security.md, "Sessions and revocation"): script on the page
 * can never read it, so an injected script cannot carry a 7-day credential away. Path=/api/auth
 * limits it to the auth routes; SameSite=Strict keeps other sites from sending it; Secure is
 * honoured by browsers on https and on http://localhost alike.
 */
const ATTRIBUTES = 'Path=/api/auth; HttpOnly; Secure; SameSite=Strict';

export const refreshCookie = (refreshToken: string) =>
  `${AUTH.refreshCookie}=${refreshToken}; ${ATTRIBUTES}; Max-Age=${AUTH.refreshTokenDays * 24 * 3600}`;

export const clearedRefreshCookie = () => `${AUTH.refreshCookie}=; ${ATTRIBUTES}; Max-Age=0`;

/** The cookie wins; a body value serves clients without cookies (scripts, tests). */
export const refreshTokenFrom = (cookies: Readonly<Record<string, string>>, body?: { refreshToken?: string }) =>
  cookies[AUTH.refreshCookie] || body?.refreshToken || undefined;
