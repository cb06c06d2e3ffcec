import type { SessionUser as ApiSessionUser } from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';

/**
 * The calls the session itself makes. They are part of the landing bundle, so their answers
 * are checked by hand rather than with the shared zod schemas (which the pages use).
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (what: string) => ({ success: false as const, error: new Error(`Unexpected ${what} response`) });

export const refreshAnswerSchema: ResponseSchema<{ token: string; expiresIn: number }> = {
  safeParse: (data) =>
    isRecord(data) && typeof data.token === 'string' && data.token !== '' && typeof data.expiresIn === 'number'
      ? { success: true, data: { token: data.token, expiresIn: data.expiresIn } }
      : invalid('refresh'),
};

/** The user fields as /me, login and verifyOtp send them. */
export const sessionUserAnswerSchema: ResponseSchema<ApiSessionUser> = {
  safeParse: (data) => {
    if (!isRecord(data)) return invalid('user');
    const { userId, username, email, phone, isAdmin, referralCode, referralCount, referralEarnings } = data;
    if (typeof userId !== 'string' || typeof username !== 'string' || typeof email !== 'string') return invalid('user');
    return {
      success: true,
      data: {
        userId,
        username,
        email,
        phone: typeof phone === 'string' ? phone : null,
        isAdmin: isAdmin === true,
        referralCode: typeof referralCode === 'string' ? referralCode : '',
        referralCount: typeof referralCount === 'number' ? referralCount : 0,
        referralEarnings: typeof referralEarnings === 'number' ? referralEarnings : 0,
      },
    };
  },
};

/**
 * POST /api/auth/refresh with an empty body: the refresh token is the HttpOnly cookie, which the
 * browser sends by itself (same origin, Path=/api/auth). 401 when the session is over.
 */
export function refreshSessionToken(signal?: AbortSignal): Promise<{ token: string; expiresIn: number }> {
  // Public route: no bearer token, and a 401 here is the cookie's answer, handled by the store.
  return apiRequest('auth-refresh', {
    body: {},
    schema: refreshAnswerSchema,
    token: null,
    ...(signal ? { signal } : {}),
  });
}

/**
 * POST /api/auth/logout with the session's token: the server revokes the refresh token in the
 * cookie and clears the cookie. The token is given explicitly, so a 401 (a token revoked
 * meanwhile) neither triggers a refresh nor touches a session that has already ended.
 */
export async function logoutSession(token: string, signal?: AbortSignal): Promise<void> {
  await apiRequest('auth-logout', {
    body: {},
    token,
    unauthorizedEndsSession: false,
    // A reload or a closed tab right after signing out must not cancel the revocation.
    keepalive: true,
    ...(signal ? { signal } : {}),
  });
}

let serverSignOut: Promise<void> = Promise.resolve();

/**
 * Records the server half of a sign-out. Its answer clears the refresh cookie, so a sign-in must
 * not overtake it: the cookie of the new session would be the one cleared.
 */
export function trackServerSignOut(work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  serverSignOut = settled;
}

/** Resolves once the last sign-out's server call has answered or given up (never rejects). */
export function serverSignOutSettled(): Promise<void> {
  return serverSignOut;
}

/** GET /api/auth/me, with the session's token or the one given (hosted-UI callback). */
export function fetchCurrentUser(options: { token?: string } = {}): Promise<ApiSessionUser> {
  return apiRequest('auth-me', { schema: sessionUserAnswerSchema, ...options });
}
