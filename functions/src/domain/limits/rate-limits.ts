import { RATE_LIMITS, type RateLimitName } from '@goldbot/shared';
import type { TooManyRequestsError } from '../errors.js';

/**
 * Per-client request limits (docs/security.md, "Request limits and the edge"): fixed windows counted in DynamoDB items with a
 * TTL (docs/data-model.md, "Rate-limit counter"). These rules are pure; data/rate-limit-store.ts does the counting.
 *
 * RATE_LIMIT_SCALE multiplies every limit so a test suite or a scripted local run can raise them;
 * 0 turns them off. The one-time-code policy (tries, cool-down, caps per code and address) is not
 * a request limit and is never scaled.
 */
export interface RateWindow {
  /** The counter's window, e.g. `2026-11-23T12:05:00Z`-style epoch seconds at its start. */
  startEpoch: number;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  secondsLeft: number;
  /** Epoch seconds the counter item may be deleted (TTL): one window after it ended. */
  expiresAtEpoch: number;
}

export function rateWindow(name: RateLimitName, nowMs: number): RateWindow {
  const { windowSeconds } = RATE_LIMITS[name];
  const nowEpoch = Math.floor(nowMs / 1000);
  const startEpoch = nowEpoch - (nowEpoch % windowSeconds);
  const endEpoch = startEpoch + windowSeconds;
  return { startEpoch, secondsLeft: Math.max(1, endEpoch - nowEpoch), expiresAtEpoch: endEpoch + windowSeconds };
}

/** The scaled limit; null when limits are off (scale 0). Never below 1 for a positive scale. */
export function scaledLimit(name: RateLimitName, scale: number): number | null {
  if (!(scale > 0)) return null;
  return Math.max(1, Math.round(RATE_LIMITS[name].limit * scale));
}

export const RATE_LIMIT_MESSAGE = (seconds: number) =>
  `Too many requests. Please wait ${seconds} seconds and try again.`;

/**
 * The client's address. Behind CloudFront, API Gateway's sourceIp is the edge's address and
 * CloudFront appends the viewer's address to X-Forwarded-For; entries before it are whatever the
 * client sent, so only the end of the list is trusted. Should API Gateway also append the address
 * that connected to it (the edge), that entry equals sourceIp and is skipped. Without the header
 * (the local gateway, direct calls) the connection's address is used. A direct caller can still
 * send its own header; docs/security.md, "Request limits and the edge", states that limit of a deploy without the API domain.
 */
export function clientAddress(headers: Record<string, string | undefined> | undefined, sourceIp: string): string {
  const hops = (headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop.length > 0 && hop.length <= 64);
  while (hops.length > 1 && hops.at(-1) === sourceIp) hops.pop();
  return hops.at(-1) ?? (sourceIp || 'unknown');
}

/**
 * Counters a use case moves in its own first write (the kit's `countLimits: 'in-use-case'`), so a
 * request's limits cost no request of their own, within the round-trip budget. The use case
 * puts `items` first in its TransactWriteItems and reports the outcome; the kit counts the limits
 * itself after any request whose use case did not (refused earlier, answered without writing), so
 * every request is counted exactly once.
 */
export interface PendingLimits {
  /** The counters' conditional updates still to move, to lead the use case's TransactWriteItems (none once counted). */
  readonly items: readonly { Update: CounterUpdate }[];
  /** True once the counters moved, or refused the request (429): nothing left to count. */
  readonly counted: boolean;
  /** The transaction that led with `items` committed. */
  committed(): void;
  /**
   * The transaction was cancelled with these reasons (the counters' from index `at`, first by
   * default): the 429 to answer if a counter was full, else null (nothing moved; the use case
   * reads the rest of the reasons).
   */
  refusalIn(codes: readonly string[], at?: number): TooManyRequestsError | null;
}

/** The conditional update of one request counter, as the store writes it into a transaction. */
export interface CounterUpdate {
  TableName: string;
  Key: Record<string, string>;
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, number>;
}
