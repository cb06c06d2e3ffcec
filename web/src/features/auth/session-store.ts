import type { SessionUser as ApiSessionUser } from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import {
  clearAllAuthStorage,
  clearStoredSession,
  readStoredSession,
  SESSION_KEYS,
  writeStoredSession,
  type SessionUser,
  type SignInMethod,
  type StoredSession,
} from '@/lib/session-storage';
import { readTokenExpiry } from './lib/token';

/**
 * The session outside React: what is stored, when the token is refreshed, how it ends. The
 * provider (session.tsx) subscribes to it; the API client reaches it through the session bridge.
 * It imports no zod and no Amplify, because it is part of the landing bundle.
 */

/** 'loading' while a stored session is being renewed on start. */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** Where an explicit sign-out sends the user, so guards agree with it instead of racing it. */
export interface SignOutTarget {
  to: string;
  state?: unknown;
}

export interface SessionSnapshot {
  status: SessionStatus;
  session: StoredSession | null;
  /** Set when the session ended by an explicit sign-out; null after expiry or a new sign-in. */
  lastSignOut: SignOutTarget | null;
}

/** What the server answers on login and verifyOtp, or /me plus a token after the hosted UI. */
export type SignInInput = ApiSessionUser & {
  token: string;
  /** Seconds; used only when the token carries no readable `exp`. */
  expiresIn?: number;
  /** 'password' (login, verifyOtp: the server set the refresh cookie) unless told 'hosted-ui'. */
  method?: SignInMethod;
};

export interface EndOptions {
  /**
   * The server has already ended every session of this user (e.g. a confirmed e-mail change):
   * no logout call, which would only be refused.
   */
  serverSessionEnded?: boolean;
}

export interface SessionStoreDeps {
  /** POST /api/auth/refresh: the HttpOnly refresh cookie renews password sessions. */
  refreshWithCookie: (signal?: AbortSignal) => Promise<{ token: string; expiresIn: number }>;
  /** A new ID token from Amplify for hosted-UI sessions; null when that is not possible. */
  refreshHostedUi: () => Promise<string | null>;
  /** GET /api/auth/me. */
  fetchUser: () => Promise<ApiSessionUser>;
  /** POST /api/auth/logout: revokes the refresh token in the cookie and clears the cookie. */
  logout: (token: string, signal: AbortSignal) => Promise<void>;
  /** Told about each server sign-out while it runs (a sign-in must not overtake it). */
  onServerSignOut?: (work: Promise<void>) => void;
  now?: () => number;
}

/** Refresh this long before the token expires (the ID token lives 1 h). */
export const REFRESH_MARGIN_MS = 60_000;
/** After a failed refresh that may be temporary (network, 5xx), try again after this long. */
export const REFRESH_RETRY_MS = 30_000;
/** A token closer than this to its expiry is not worth sending. */
const MIN_TOKEN_LIFE_MS = 10_000;
/** The server half of a sign-out gives up after this long; the local half never waits for it. */
export const LOGOUT_TIMEOUT_MS = 3_000;

export function toStoredUser(user: ApiSessionUser): SessionUser {
  return {
    _id: user.userId,
    username: user.username,
    email: user.email,
    ...(user.phone ? { phone: user.phone } : {}),
    role: user.isAdmin ? 'admin' : 'user',
    referralCode: user.referralCode,
    referralCount: user.referralCount,
    referralEarnings: user.referralEarnings,
  };
}

const ANONYMOUS: SessionSnapshot = { status: 'anonymous', session: null, lastSignOut: null };
const CHECKING: SessionSnapshot = { status: 'loading', session: null, lastSignOut: null };

/**
 * The session a prerendered page was rendered with, and what the browser hydrates it with before
 * it reads the stored session: nobody is signed in in static HTML.
 */
export const getServerSnapshot = (): SessionSnapshot => ANONYMOUS;

/**
 * The same for the static frame of a page only a signed-in user sees (the dashboard): the session
 * is still being checked there, so its HTML shows neither anyone's data nor a signed-out header.
 */
export const getCheckingServerSnapshot = (): SessionSnapshot => CHECKING;

/** How static HTML shows the session: signed out (public pages) or still being checked. */
export type StaticSessionStatus = Extract<SessionStatus, 'anonymous' | 'loading'>;

/** A 4xx from the refresh call means the refresh cookie is no good (revoked, expired, absent). */
const isRejection = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export class SessionStore {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly deps: SessionStoreDeps;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private renewal: Promise<string | null> | null = null;
  /** Expiry from `expiresIn` for tokens whose `exp` cannot be read. */
  private fallbackExpiry: { token: string; at: number } | null = null;
  private started = false;

  constructor(deps: SessionStoreDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    const stored = readStoredSession();
    if (!stored) this.snapshot = ANONYMOUS;
    else {
      // An expired token is renewed before anyone sees the session: 'loading' until then.
      const status = this.tokenLife(stored.token) > MIN_TOKEN_LIFE_MS ? 'authenticated' : 'loading';
      this.snapshot = { status, session: stored, lastSignOut: null };
    }
  }

  // --- subscription (useSyncExternalStore) ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(next: SessionSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  // --- lifecycle ---

  /** Starts timers and cross-tab sync; idempotent (StrictMode mounts effects twice). */
  start(): void {
    if (this.started) return;
    this.started = true;
    globalThis.addEventListener?.('storage', this.onStorage);
    if (this.snapshot.status === 'loading') void this.renew();
    else this.schedule();
  }

  stop(): void {
    this.started = false;
    globalThis.removeEventListener?.('storage', this.onStorage);
    this.clearTimer();
  }

  // --- commands ---

  signIn(input: SignInInput): SessionUser {
    const { token, expiresIn, method = 'password' } = input;
    const user = toStoredUser(input);
    const session: StoredSession = { user, token, method };
    this.fallbackExpiry =
      expiresIn !== undefined && readTokenExpiry(token) === null ? { token, at: this.now() + expiresIn * 1000 } : null;
    writeStoredSession(session);
    this.renewal = null;
    this.set({ status: 'authenticated', session, lastSignOut: null });
    this.schedule();
    return user;
  }

  /**
   * Ends the session. An explicit sign-out forgets every auth key (drafts too), records where the
   * user is being sent and asks the server to revoke the refresh token (in the background, see
   * signOutOnServer); an expiry forgets the session only.
   */
  end(reason: 'signed-out' | 'expired', target: SignOutTarget = { to: '/' }, options: EndOptions = {}): void {
    const { session } = this.snapshot;
    const revoke =
      reason === 'signed-out' && session && !options.serverSessionEnded
        ? { session, renewFirst: session.method === 'password' && this.tokenLife(session.token) <= MIN_TOKEN_LIFE_MS }
        : null;
    if (reason === 'signed-out') clearAllAuthStorage();
    else clearStoredSession();
    this.clearTimer();
    this.renewal = null;
    this.fallbackExpiry = null;
    this.set({ status: 'anonymous', session: null, lastSignOut: reason === 'signed-out' ? target : null });
    if (revoke) this.signOutOnServer(revoke.session.token, revoke.renewFirst);
  }

  /** Merges fresh profile fields into the stored user (e.g. after a profile save). */
  updateUser(patch: Partial<SessionUser>): void {
    const { session } = this.snapshot;
    if (!session) return;
    const next: StoredSession = { ...session, user: { ...session.user, ...patch } };
    writeStoredSession(next);
    this.set({ ...this.snapshot, session: next });
  }

  /** Reloads the user from /api/auth/me; null when signed out meanwhile. */
  async reloadUser(): Promise<SessionUser | null> {
    const fresh = await this.deps.fetchUser();
    if (!this.snapshot.session) return null;
    const user = toStoredUser(fresh);
    this.updateUser(user);
    return user;
  }

  /** Renews the token now; true when a new one was obtained. */
  async refresh(): Promise<boolean> {
    return (await this.renew()) !== null;
  }

  // --- the API client's side (SessionBridge) ---

  getToken = async (): Promise<string | null> => {
    const { session, status } = this.snapshot;
    if (!session) return null;
    if (status === 'loading' || this.tokenLife(session.token) <= MIN_TOKEN_LIFE_MS) {
      const renewed = await this.renew();
      if (renewed) return renewed;
    }
    return this.snapshot.session?.token ?? null;
  };

  recoverFromUnauthorized = async (rejectedToken: string): Promise<string | null> => {
    const current = this.snapshot.session;
    if (!current) return null;
    // Another call already renewed it: retry with the new one.
    if (current.token !== rejectedToken) return current.token;
    const renewed = await this.renew();
    if (renewed && renewed !== rejectedToken) return renewed;
    if (this.snapshot.session) this.end('expired');
    return null;
  };

  endSession = (): void => {
    if (this.snapshot.session) this.end('expired');
  };

  // --- internals ---

  /**
   * Best effort, after the local sign-out: whatever the server answers (or if it never does within
   * LOGOUT_TIMEOUT_MS), the user is signed out here. A token too old to be accepted is renewed
   * through the cookie first, or the refresh token would outlive the sign-out.
   */
  private signOutOnServer(token: string, renewFirst: boolean): void {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOGOUT_TIMEOUT_MS);
    const work = (async () => {
      const bearer = renewFirst ? (await this.deps.refreshWithCookie(controller.signal)).token : token;
      await this.deps.logout(bearer, controller.signal);
    })()
      .catch(() => {
        // Offline, refused or too slow: the cookie's session then ends by itself (7 days at most).
      })
      .finally(() => clearTimeout(timer));
    this.deps.onServerSignOut?.(work);
  }

  /** Milliseconds the token has left; Infinity when its expiry is unknown. */
  private tokenLife(token: string): number {
    const expiry =
      readTokenExpiry(token) ?? (this.fallbackExpiry?.token === token ? this.fallbackExpiry.at : null) ?? null;
    return expiry === null ? Number.POSITIVE_INFINITY : expiry - this.now();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Plans the next silent refresh, shortly before the token expires. */
  private schedule(delayMs?: number): void {
    this.clearTimer();
    const { session } = this.snapshot;
    if (!this.started || !session) return;
    const life = this.tokenLife(session.token);
    if (!Number.isFinite(life)) return;
    const delay = delayMs ?? Math.max(0, life - REFRESH_MARGIN_MS);
    this.timer = setTimeout(() => void this.renew(), delay);
  }

  /** One renewal at a time; every caller shares its outcome. */
  private renew(): Promise<string | null> {
    this.renewal ??= this.runRenewal().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  private async runRenewal(): Promise<string | null> {
    const session = this.snapshot.session;
    if (!session) return null;
    const stillCurrent = () => this.snapshot.session === session;
    try {
      const token =
        session.method === 'password' ? (await this.deps.refreshWithCookie()).token : await this.deps.refreshHostedUi();
      if (!stillCurrent()) return this.snapshot.session?.token ?? null;
      if (!token) {
        // Nothing can renew this hosted-UI session (Amplify has no tokens, or no hosted UI is
        // configured): it lasts as long as its token does.
        this.keepUntilExpiry(session);
        return null;
      }
      const next: StoredSession = { ...session, token };
      writeStoredSession(next);
      this.set({ status: 'authenticated', session: next, lastSignOut: null });
      this.schedule();
      return token;
    } catch (error) {
      if (!stillCurrent()) return this.snapshot.session?.token ?? null;
      if (isRejection(error)) {
        this.end('expired');
        return null;
      }
      // Offline or a server hiccup: keep the session while its token works and try again later.
      this.keepUntilExpiry(session, REFRESH_RETRY_MS);
      return null;
    }
  }

  private keepUntilExpiry(session: StoredSession, retryMs?: number): void {
    const life = this.tokenLife(session.token);
    if (life <= 0) {
      if (retryMs === undefined) {
        this.end('expired');
        return;
      }
      // Expired and the refresh could not be tried: show the session (guards let the user in),
      // calls will retry the refresh before they are sent.
    }
    if (this.snapshot.status === 'loading') this.set({ ...this.snapshot, status: 'authenticated' });
    this.clearTimer();
    if (!this.started) return;
    if (retryMs !== undefined) this.timer = setTimeout(() => void this.renew(), retryMs);
    else if (Number.isFinite(life)) this.timer = setTimeout(() => this.endSession(), life);
  }

  /** Another tab signed in, refreshed or signed out: follow it. */
  private onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== globalThis.localStorage) return;
    if (event.key !== null && !SESSION_KEYS.includes(event.key)) return;
    const stored = readStoredSession();
    const current = this.snapshot.session;
    if (!stored) {
      if (current) {
        this.clearTimer();
        this.set(ANONYMOUS);
      }
      return;
    }
    if (current?.token === stored.token && JSON.stringify(current.user) === JSON.stringify(stored.user)) return;
    this.set({ status: 'authenticated', session: stored, lastSignOut: null });
    this.schedule();
  };
}
