import { STORAGE_KEYS } from '@goldbot/shared';

/**
 * Everything the SPA keeps in browser storage about accounts (the storage keys). Only
 * this module touches those keys.
 *
 * - `token`, `user` (localStorage): the signed-in session, restored on start.
 * - `authMethod` (localStorage): how that session was signed in, which decides how it is renewed.
 *   The refresh token itself is never readable here: the server keeps it in the HttpOnly cookie
 *   `goldbot_rt` (see docs/security.md). Older builds stored it under `refreshToken`; that key is
 *   deleted on start.
 * - `pendingRegistration` (localStorage): `{ username, email }` between /register and
 *   /register-otp, so the code can still be entered after a reload. Never the password: that
 *   stays in memory only (features/auth/pending-password.ts).
 * - `resetEmail`, `resetOtp` (sessionStorage): the password-reset steps. Tab-scoped on purpose,
 *   so a verified reset code does not outlive the tab it was typed in.
 */

/**
 * The signed-in user as the session keeps it. Only username and
 * e-mail are required: they are what every screen reads; the rest arrives with the sign-in
 * response and is optional so an older stored session still restores.
 */
export interface SessionUser {
  _id?: string;
  username: string;
  email: string;
  phone?: string;
  /** Derived from the server's `isAdmin`. */
  role?: 'admin' | 'user';
  referralCode?: string;
  referralCount?: number;
  referralEarnings?: number;
}

/**
 * How a session was signed in, and so how its token is renewed: 'password' sessions (login,
 * verifyOtp) through `POST /api/auth/refresh` and the refresh cookie, 'hosted-ui' (Google)
 * sessions by Amplify, which keeps their refresh token.
 */
export type SignInMethod = 'password' | 'hosted-ui';

export interface StoredSession {
  user: SessionUser;
  /** The Cognito ID token, sent as the bearer token. */
  token: string;
  method: SignInMethod;
}

/**
 * Not one of the spec's keys (shared STORAGE_KEYS); it describes the session, not the user, so it
 * is kept apart from `user`.
 */
export const SIGN_IN_METHOD_KEY = 'authMethod';

/** Where builds before the refresh cookie kept the refresh token; only ever deleted now. */
const LEGACY_REFRESH_TOKEN_KEY = STORAGE_KEYS.refreshToken;

/** Every key of the signed-in session, for clearing it and for following other tabs. */
export const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.user,
  SIGN_IN_METHOD_KEY,
  LEGACY_REFRESH_TOKEN_KEY,
];

export interface PendingRegistration {
  username: string;
  email: string;
}

/** Amplify's own keys (hosted-UI sign-in): `CognitoIdentityServiceProvider.<clientId>...`. */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

const OPTIONAL_STRING_FIELDS = ['_id', 'phone', 'referralCode'] as const;
const OPTIONAL_NUMBER_FIELDS = ['referralCount', 'referralEarnings'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Narrows parsed storage to a SessionUser; anything else counts as corrupt. */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { username, email, role } = value;
  if (typeof username !== 'string' || typeof email !== 'string') return null;
  const user: SessionUser = { username, email };
  for (const field of OPTIONAL_STRING_FIELDS) {
    const fieldValue = value[field];
    if (typeof fieldValue === 'string') user[field] = fieldValue;
  }
  for (const field of OPTIONAL_NUMBER_FIELDS) {
    const fieldValue = value[field];
    if (typeof fieldValue === 'number' && Number.isFinite(fieldValue)) user[field] = fieldValue;
  }
  if (role === 'admin' || role === 'user') user.role = role;
  return user;
}

/**
 * Storage can be unavailable (privacy modes, disabled cookies, quota). The session then lives in
 * memory only, which is the honest fallback: the user stays signed in until the tab closes.
 */
function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function perTab(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function read(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | null, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value lives in memory only (see local()).
  }
}

function remove(store: Storage | null, ...keys: string[]): void {
  for (const key of keys) {
    try {
      store?.removeItem(key);
    } catch {
      // Nothing stored that we could remove.
    }
  }
}

export function readStoredToken(): string | null {
  return read(local(), STORAGE_KEYS.token) || null;
}

/** Forgets the signed-in session: token, user, sign-in method and Amplify's hosted-UI tokens. */
export function clearStoredSession(): void {
  remove(local(), ...SESSION_KEYS);
  clearAmplifyStorage();
}

/** Amplify's keys in `store` (hosted-UI tokens and flow state). */
function amplifyKeys(store: Storage | null): string[] {
  const keys: string[] = [];
  try {
    for (let index = 0; index < (store?.length ?? 0); index += 1) {
      const key = store?.key(index);
      if (key?.startsWith(AMPLIFY_KEY_PREFIX)) keys.push(key);
    }
  } catch {
    // Storage unavailable: nothing of Amplify's in it.
  }
  return keys;
}

/** Amplify's tokens and flow state from a hosted-UI sign-in. */
export function clearAmplifyStorage(): void {
  const store = local();
  remove(store, ...amplifyKeys(store));
}

/** Sign-out: the session and every unfinished registration or reset step. */
export function clearAllAuthStorage(): void {
  clearStoredSession();
  clearPendingRegistration();
  clearPasswordReset();
}

/**
 * Restores `{ user, token, method }`. A half-written or tampered session (bad JSON, wrong shape,
 * user without token) is cleared rather than trusted, so the page starts cleanly anonymous.
 *
 * A refresh token left in storage by an older build is deleted here, whatever else is stored: it
 * must not stay readable by scripts. Such a session has no refresh cookie yet, so its next renewal
 * is refused and it ends when its token does (one more sign-in, once).
 */
export function readStoredSession(): StoredSession | null {
  const store = local();
  if (!store) return null;
  const legacyRefreshToken = read(store, LEGACY_REFRESH_TOKEN_KEY) !== null;
  if (legacyRefreshToken) remove(store, LEGACY_REFRESH_TOKEN_KEY);
  const rawUser = read(store, STORAGE_KEYS.user);
  const token = read(store, STORAGE_KEYS.token);
  if (rawUser === null && token === null) return null;

  let user: SessionUser | null = null;
  if (rawUser !== null) {
    try {
      user = toSessionUser(JSON.parse(rawUser));
    } catch {
      user = null;
    }
  }
  if (!user || !token) {
    clearStoredSession();
    return null;
  }
  return { user, token, method: readSignInMethod(store, legacyRefreshToken) };
}

/**
 * The stored method; for a session stored by an older build (no method key), what its keys say:
 * a refresh token of ours meant a password session, Amplify's tokens without one a Google session.
 */
function readSignInMethod(store: Storage, legacyRefreshToken: boolean): SignInMethod {
  const stored = read(store, SIGN_IN_METHOD_KEY);
  if (stored === 'password' || stored === 'hosted-ui') return stored;
  return !legacyRefreshToken && amplifyKeys(store).length > 0 ? 'hosted-ui' : 'password';
}

export function writeStoredSession(session: StoredSession): void {
  const store = local();
  write(store, STORAGE_KEYS.user, JSON.stringify(session.user));
  write(store, STORAGE_KEYS.token, session.token);
  write(store, SIGN_IN_METHOD_KEY, session.method);
}

export function readPendingRegistration(): PendingRegistration | null {
  const raw = read(local(), STORAGE_KEYS.pendingRegistration);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isRecord(value) && typeof value.email === 'string' && value.email !== '') {
      return { email: value.email, username: typeof value.username === 'string' ? value.username : '' };
    }
  } catch {
    // Corrupt draft: treated as none.
  }
  clearPendingRegistration();
  return null;
}

export function writePendingRegistration(draft: PendingRegistration): void {
  write(local(), STORAGE_KEYS.pendingRegistration, JSON.stringify(draft));
}

export function clearPendingRegistration(): void {
  remove(local(), STORAGE_KEYS.pendingRegistration);
}

export function readResetEmail(): string | null {
  return read(perTab(), STORAGE_KEYS.resetEmail) || null;
}

export function writeResetEmail(email: string): void {
  write(perTab(), STORAGE_KEYS.resetEmail, email);
}

export function readResetOtp(): string | null {
  return read(perTab(), STORAGE_KEYS.resetOtp) || null;
}

export function writeResetOtp(otp: string): void {
  write(perTab(), STORAGE_KEYS.resetOtp, otp);
}

/** After a successful reset or on sign-out. */
export function clearPasswordReset(): void {
  remove(perTab(), STORAGE_KEYS.resetEmail, STORAGE_KEYS.resetOtp);
}
