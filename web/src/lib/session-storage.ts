import { STORAGE_KEYS } from '@goldbot/shared';

/**
 * The signed-in user as the spec keeps it in browser storage (customer §3 "User (session)").
 * Only username and e-mail are required: they are what every screen reads; the rest arrives
 * with the login response and is optional so an older stored session still restores.
 */
export interface SessionUser {
  _id?: string;
  username: string;
  email: string;
  phone?: string;
  role?: 'admin' | 'user';
  referralCode?: string;
  referralCount?: number;
  referralEarnings?: number;
}

export interface StoredSession {
  user: SessionUser;
  token: string;
}

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
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  try {
    const token = storage()?.getItem(STORAGE_KEYS.token);
    return token ? token : null;
  } catch {
    return null;
  }
}

export function clearStoredSession(): void {
  try {
    const store = storage();
    store?.removeItem(STORAGE_KEYS.user);
    store?.removeItem(STORAGE_KEYS.token);
  } catch {
    // Nothing stored that we could remove; the in-memory session is already gone.
  }
}

/**
 * Restores `{ user, token }`. A half-written or tampered session (bad JSON, wrong shape, user
 * without token) is cleared rather than trusted, so the next page load starts cleanly anonymous.
 */
export function readStoredSession(): StoredSession | null {
  const store = storage();
  if (!store) return null;
  let rawUser: string | null;
  let token: string | null;
  try {
    rawUser = store.getItem(STORAGE_KEYS.user);
    token = store.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
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
  return { user, token };
}

export function writeStoredSession(session: StoredSession): void {
  try {
    const store = storage();
    store?.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
    store?.setItem(STORAGE_KEYS.token, session.token);
  } catch {
    // Quota or privacy mode: keep the session in memory only (see storage()).
  }
}
