import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from './api-client';

const swrConfig: SWRConfiguration = {
  // A 4xx answer will not change by asking again; network errors and 5xx are worth retrying.
  shouldRetryOnError: (error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
};

/**
 * The app's SWR settings, around the parts that fetch with SWR (the plan cards, the dashboard, the
 * admin area) rather than around the whole app: pages that never fetch with SWR, the landing page
 * first, then load no SWR at all. The cache stays SWR's one global cache.
 */
export function SwrDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}
