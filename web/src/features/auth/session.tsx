import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  clearStoredSession,
  readStoredSession,
  writeStoredSession,
  type SessionUser,
  type StoredSession,
} from '@/lib/session-storage';

export type { SessionUser, StoredSession } from '@/lib/session-storage';

/**
 * 'loading' is part of the contract (customer §4: loading, then authenticated or anonymous) for
 * checks that need the server, such as refreshing an expired token. Restoring from storage is
 * synchronous, so this provider settles on its first render and never shows a loading flash.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /** Stores a signed-in session (after login or OTP verification). */
  saveSession: (session: StoredSession) => void;
  /** Signs out locally: forgets the user and token in memory and storage. */
  clearSession: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(readStoredSession);

  const saveSession = useCallback((next: StoredSession) => {
    writeStoredSession(next);
    setSession(next);
  }, []);

  const clearSession = useCallback(() => {
    clearStoredSession();
    setSession(null);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: session ? 'authenticated' : 'anonymous',
      user: session?.user ?? null,
      token: session?.token ?? null,
      saveSession,
      clearSession,
    }),
    [session, saveSession, clearSession],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const context = use(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
}
