import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { registerSessionBridge } from '@/lib/api-client';
import type { SessionUser, SignInMethod } from '@/lib/session-storage';
import { fetchCurrentUser, logoutSession, refreshSessionToken, trackServerSignOut } from './api/session-api';
import {
  SessionStore,
  getCheckingServerSnapshot,
  getServerSnapshot,
  type StaticSessionStatus,
  type EndOptions,
  type SessionStatus,
  type SignInInput,
  type SignOutTarget,
} from './session-store';

export type { SessionUser, SignInMethod, StoredSession } from '@/lib/session-storage';
export type { SessionStatus, SignInInput, SignOutTarget, StaticSessionStatus } from './session-store';

export interface SignOutOptions extends EndOptions {
  /** Where to go afterwards; '/' unless given. */
  to?: string;
  /** Navigation state for that page (e.g. a message for /login). */
  state?: unknown;
}

export interface SessionContextValue {
  /** 'loading' while a stored session is renewed on start, then one of the other two. */
  status: SessionStatus;
  user: SessionUser | null;
  /** The bearer token (Cognito ID token). */
  token: string | null;
  isAdmin: boolean;
  /** How this session was signed in: 'hosted-ui' (Google) has no password of ours; null when signed out. */
  signInMethod: SignInMethod | null;
  /** Stores a signed-in session (login, verifyOtp, hosted-UI callback); returns the stored user. */
  signIn: (input: SignInInput) => SessionUser;
  /**
   * Signs out: forgets the session, drafts and reset steps, tells the server (POST
   * /api/auth/logout, in the background, unless `serverSessionEnded`) and navigates to `to`
   * (default '/') replacing the current history entry.
   */
  signOut: (options?: SignOutOptions) => void;
  /** Signs out (server call included) without navigating (the caller navigates itself). */
  clearSession: () => void;
  /** Renews the token now; resolves true when that worked. */
  refresh: () => Promise<boolean>;
  /** Reloads the user from /api/auth/me and stores it. */
  reloadUser: () => Promise<SessionUser | null>;
  /** Merges changed profile fields into the stored user. */
  updateUser: (patch: Partial<SessionUser>) => void;
  /** Set after an explicit sign-out, so guards send the user to the same place (internal). */
  lastSignOut: SignOutTarget | null;
}

type ProviderValue = Omit<SessionContextValue, 'signOut' | 'clearSession'> & {
  endSession: (target: SignOutTarget, options?: EndOptions) => void;
};

const SessionContext = createContext<ProviderValue | null>(null);

export function createSessionStore(): SessionStore {
  return new SessionStore({
    refreshWithCookie: refreshSessionToken,
    // Amplify is loaded only for hosted-UI (Google) sessions, which have no refresh cookie of ours.
    refreshHostedUi: async () => (await import('./google/hosted-ui')).refreshHostedUiToken(),
    fetchUser: () => fetchCurrentUser(),
    logout: logoutSession,
    onServerSignOut: trackServerSignOut,
  });
}

export interface SessionProviderProps {
  children: ReactNode;
  /** For tests: a store with controlled dependencies. */
  store?: SessionStore;
  /**
   * The session static HTML was rendered with, and the browser hydrates it with: 'anonymous' for
   * the public pages, 'loading' for a signed-in page's prerendered frame (web/src/prerender.tsx).
   * Unset when nothing is hydrated: the stored session shows from the first render.
   */
  staticStatus?: StaticSessionStatus;
}

/**
 * The signed-in session: restored from storage on start, renewed
 * shortly before the ID token expires, ended by sign-out, by a refused refresh or by a 401.
 */
export function SessionProvider({ children, store: givenStore, staticStatus }: SessionProviderProps) {
  const [store] = useState(() => givenStore ?? createSessionStore());
  const staticSnapshot = staticStatus === 'loading' ? getCheckingServerSnapshot : getServerSnapshot;
  // Static HTML is hydrated with the session it was rendered with, and the stored session then
  // takes over in a transition: React renders that in slices between which the page stays
  // responsive. Read straight from the store, a stored session differing from the static one would
  // make React redo the whole page at once, and finish any hydration still under way with it.
  const [showingStatic, setShowingStatic] = useState(staticStatus !== undefined);
  const snapshot = useSyncExternalStore(
    store.subscribe,
    showingStatic ? staticSnapshot : store.getSnapshot,
    staticSnapshot,
  );
  useEffect(() => {
    if (showingStatic) startTransition(() => setShowingStatic(false));
  }, [showingStatic]);

  useEffect(() => {
    store.start();
    const unregister = registerSessionBridge({
      getToken: store.getToken,
      recoverFromUnauthorized: store.recoverFromUnauthorized,
      endSession: store.endSession,
    });
    return () => {
      unregister();
      store.stop();
    };
  }, [store]);

  const value = useMemo<ProviderValue>(() => {
    const { status, session, lastSignOut } = snapshot;
    return {
      status,
      user: session?.user ?? null,
      token: session?.token ?? null,
      isAdmin: session?.user.role === 'admin',
      signInMethod: session?.method ?? null,
      lastSignOut,
      signIn: (input) => store.signIn(input),
      endSession: (target, options) => store.end('signed-out', target, options),
      refresh: () => store.refresh(),
      reloadUser: () => store.reloadUser(),
      updateUser: (patch) => store.updateUser(patch),
    };
  }, [snapshot, store]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const context = use(SessionContext);
  // Null outside a router (e.g. a hook test): signing out then only forgets the session.
  const navigator = (
    use(UNSAFE_NavigationContext) as { navigator?: { replace: (to: string, state?: unknown) => void } } | null
  )?.navigator;

  const signOut = useCallback(
    (options: SignOutOptions = {}) => {
      const target: SignOutTarget = { to: options.to ?? '/', state: options.state };
      context?.endSession(target, { serverSessionEnded: options.serverSessionEnded ?? false });
      navigator?.replace(target.to, target.state);
    },
    [context, navigator],
  );

  const value = useMemo<SessionContextValue | null>(() => {
    if (!context) return null;
    const { endSession, ...rest } = context;
    return { ...rest, signOut, clearSession: () => endSession({ to: '/' }) };
  }, [context, signOut]);

  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
