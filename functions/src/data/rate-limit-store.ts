import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitName } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { TooManyRequestsError } from '../domain/errors.js';
import {
  RATE_LIMIT_MESSAGE,
  rateWindow,
  scaledLimit,
  type CounterUpdate,
  type PendingLimits,
  type RateWindow,
} from '../domain/limits/rate-limits.js';
import { backoffMs, retry } from '../lib/retry.js';

import { rateWindowKey } from './one-time-code-entity.js';
import { cancellationCodes, onlyConflicts } from './table-reads.js';

export interface RateLimitCheck {
  name: RateLimitName;
  subject: string;
}

/** Tries of a transaction cancelled only by concurrent transactions on the same counters. */
const RATE_LIMIT_CONFLICT_TRIES = 3;

/**
 * Counts one request against each of its limits (`RATE#<name>#<subject>` / `WINDOW#<start>`),
 * refusing it with 429 and Retry-After once a window is full. Each counter is one conditional
 * update, so the count and the check are atomic and parallel requests cannot slip past a limit.
 *
 * One DynamoDB request whatever the number of limits (the round-trip budget, docs/decisions.md "Budgets"): a single
 * counter is an UpdateItem; several go in one TransactWriteItems, so either every counter moves or
 * none does (a refused request never uses up another limit). Two transactions on the same counter
 * at once (a burst from one address) cancel each other; those are retried with jitter and, still
 * cancelled, refused like a full window, for a second: that burst is what the limits are for.
 */
export async function consumeRateLimits(
  checks: readonly RateLimitCheck[],
  nowMs: number,
  scale: number,
): Promise<void> {
  const counters = countersOf(checks, nowMs, scale);
  if (counters.length === 0) return;
  const [only] = counters;
  if (only && counters.length === 1) {
    try {
      await documentClient.send(new UpdateCommand(only.update));
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      throw refusal(only.window.secondsLeft);
    }
    return;
  }
  const conflicted = (error: unknown) => onlyConflicts(cancellationCodes(error));
  try {
    await retry(
      () =>
        documentClient.send(new TransactWriteCommand({ TransactItems: counters.map((c) => ({ Update: c.update })) })),
      {
        tries: RATE_LIMIT_CONFLICT_TRIES,
        retryOn: conflicted,
        delayMs: (attempt) => backoffMs(attempt, { baseMs: 10, jitter: 4 }),
      },
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    const full = counters.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
    if (full.length > 0) throw refusal(Math.max(...full.map((c) => c.window.secondsLeft)));
    if (conflicted(error)) throw refusal(1);
    throw error;
  }
}

export function pendingLimits(checks: readonly RateLimitCheck[], nowMs: number, scale: number): PendingLimits {
  const counters = countersOf(checks, nowMs, scale);
  let counted = counters.length === 0;
  const items = counters.map((counter) => ({ Update: counter.update }));
  return {
    get items() {
      return counted ? [] : items;
    },
    get counted() {
      return counted;
    },
    committed() {
      counted = true;
    },
    refusalIn(codes, at = 0) {
      const full = counters.filter((_, index) => codes[at + index] === 'ConditionalCheckFailed');
      if (full.length === 0) return null;
      counted = true;
      return refusal(Math.max(...full.map((c) => c.window.secondsLeft)));
    },
  };
}

/** One limit: consumeRateLimits with a single check (one UpdateItem). */
export function consumeRateLimit(name: RateLimitName, subject: string, nowMs: number, scale: number): Promise<void> {
  return consumeRateLimits([{ name, subject }], nowMs, scale);
}

/** A full request limit: 429 with the seconds until its window ends. */
const refusal = (seconds: number) => new TooManyRequestsError(RATE_LIMIT_MESSAGE(seconds), seconds);

/** The counters to move: limits that are on, one per key (a transaction may name an item once). */
function countersOf(checks: readonly RateLimitCheck[], nowMs: number, scale: number) {
  const counters = new Map<string, { window: RateWindow; update: CounterUpdate }>();
  for (const { name, subject } of checks) {
    const limit = scaledLimit(name, scale);
    if (limit === null) continue;
    const window = rateWindow(name, nowMs);
    const key = rateWindowKey(name, subject, String(window.startEpoch));
    counters.set(`${key.PK}|${key.SK}`, {
      window,
      update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': window.expiresAtEpoch },
      },
    });
  }
  return [...counters.values()];
}
