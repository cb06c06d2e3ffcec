import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from './api-client';
import { isBusy } from './api-errors';

/** Tries of a failed read after the first, before the screen's error stays. */
export const READ_RETRIES = 5;
/** The first wait of the back-off (doubled for each retry, with jitter), when the server named none. */
const BASE_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * When a failed read is asked again, or null when it is not: a 4xx answer will not change by asking
 * again (except a 429, after its wait), nor a 503 without Retry-After (something not configured);
 * the network, a 5xx and a busy 503 are asked again with exponential back-off and jitter, and never
 * before the server's Retry-After.
 */
export function readRetryDelayMs(
  error: unknown,
  retryCount: number,
  random: () => number = Math.random,
): number | null {
  if (retryCount > READ_RETRIES) return null;
  if (error instanceof ApiError) {
    const waitsToRetry = error.status === 429 && error.retryAfterSeconds !== undefined;
    if (error.status >= 400 && error.status < 500 && !waitsToRetry) return null;
    if (error.status === 503 && !isBusy(error)) return null;
  }
  const backoff = Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** (retryCount - 1) * (0.5 + random()));
  const serverWait =
    error instanceof ApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
  return Math.round(Math.max(backoff, serverWait));
}

const swrConfig: SWRConfiguration = {
  shouldRetryOnError: (error) => readRetryDelayMs(error, 1, () => 0) !== null,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // A hidden tab asks again when it is shown (SWR revalidates on focus), not in the background.
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    const delay = readRetryDelayMs(error, retryCount);
    if (delay === null) return;
    setTimeout(() => void revalidate({ retryCount }), delay);
  },
};

/**
 * The app's SWR settings, around the parts that fetch with SWR (the plan cards, the dashboard, the
 * admin area) rather than around the whole app: pages that never fetch with SWR, the landing page
 * first, then load no SWR at all. The cache stays SWR's one global cache.
 */
export function SwrDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}
