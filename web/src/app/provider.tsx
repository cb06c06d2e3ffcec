import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/toast/toast-provider';
import { SessionProvider, type StaticSessionStatus } from '@/features/auth/session';

/**
 * App-wide state, independent of the router so tests can pair it with a memory router. SWR's
 * settings are not here: the parts that fetch with SWR bring them (`SwrDefaults`), so the landing
 * page loads no SWR.
 */
export function AppProvider({
  children,
  staticSession,
}: {
  children: ReactNode;
  /** How the static HTML being hydrated shows the session (SessionProvider's staticStatus). */
  staticSession?: StaticSessionStatus | undefined;
}) {
  return (
    <SessionProvider staticStatus={staticSession}>
      <ToastProvider>{children}</ToastProvider>
    </SessionProvider>
  );
}
