import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { READ_RETRIES, readRetryDelayMs } from './swr-defaults';

const busy = (retryAfterSeconds?: number) =>
  new ApiError(503, 'A service we depend on is busy right now.', {}, { retryAfterSeconds });
const mid = () => 0.5;

describe('readRetryDelayMs: when SWR asks a failed read again', () => {
  it('asks a busy 503 again, never before its Retry-After', () => {
    expect(readRetryDelayMs(busy(30), 1, mid)).toBe(30_000);
    // Back-off grows past the server's wait.
    expect(readRetryDelayMs(busy(3), 1, mid)).toBe(3_000);
    expect(readRetryDelayMs(busy(3), 3, mid)).toBe(8_000);
  });

  it('backs off exponentially with jitter on 5xx and network failures, within a minute, and gives up', () => {
    const network = new ApiError(0, 'Could not reach the server.');
    expect(readRetryDelayMs(network, 1, () => 0)).toBe(1_000);
    expect(readRetryDelayMs(network, 2, mid)).toBe(4_000);
    expect(readRetryDelayMs(new ApiError(500, 'x'), 5, () => 0.99)).toBeLessThanOrEqual(60_000);
    expect(readRetryDelayMs(network, READ_RETRIES + 1, mid)).toBeNull();
  });

  it('does not ask again what will not change: a 4xx, or a 503 without Retry-After (not configured)', () => {
    expect(readRetryDelayMs(new ApiError(404, 'Not found'), 1, mid)).toBeNull();
    expect(readRetryDelayMs(new ApiError(403, 'Forbidden'), 1, mid)).toBeNull();
    expect(readRetryDelayMs(busy(), 1, mid)).toBeNull();
  });

  it('asks a 429 again only after its Retry-After', () => {
    expect(readRetryDelayMs(new ApiError(429, 'Too many', {}, { retryAfterSeconds: 20 }), 1, mid)).toBe(20_000);
    expect(readRetryDelayMs(new ApiError(429, 'Too many'), 1, mid)).toBeNull();
  });
});
