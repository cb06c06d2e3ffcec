import type { SessionUser as ApiSessionUser } from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';

/**
 * The two calls the session itself makes. They are part of the landing bundle, so their answers
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

/** The user fields of customer §3 as /me, login and verifyOtp send them. */
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

/** POST /api/auth/refresh: a new ID token for a refresh token (DESIGN.md §6). */
export function refreshSessionToken(refreshToken: string): Promise<{ token: string; expiresIn: number }> {
  // Public route: no bearer token, and a 401 here is the refresh token's answer, handled by the store.
  return apiRequest('auth-refresh', { body: { refreshToken }, schema: refreshAnswerSchema, token: null });
}

/** GET /api/auth/me, with the session's token or the one given (hosted-UI callback). */
export function fetchCurrentUser(options: { token?: string } = {}): Promise<ApiSessionUser> {
  return apiRequest('auth-me', { schema: sessionUserAnswerSchema, ...options });
}
