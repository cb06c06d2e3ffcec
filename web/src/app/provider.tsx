import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '@/components/toast';
import { SessionProvider } from '@/features/auth/session';
import { ApiError } from '@/lib/api-client';

const swrConfig: SWRConfiguration = {
  // A 4xx answer will not change by asking again; network errors and 5xx are worth retrying.
  shouldRetryOnError: (error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
};

/** App-wide state, independent of the router so tests can pair it with a memory router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <SessionProvider>
        <ToastProvider>{children}</ToastProvider>
      </SessionProvider>
    </SWRConfig>
  );
}
