import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitName } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { TooManyRequestsError } from '../domain/errors.js';
import { RATE_LIMIT_MESSAGE, rateWindow, scaledLimit } from '../domain/limits/rate-limits.js';
import { rateWindowKey } from './one-time-code-entity.js';

/**
 * Counts one request against a limit (E9 `RATE#<name>#<subject>` / `WINDOW#<start>`), refusing it
 * with 429 and Retry-After once the window is full. One conditional UpdateItem: the count and the
 * check are atomic, so parallel requests cannot slip past the limit.
 */
export async function consumeRateLimit(
  name: RateLimitName,
  subject: string,
  nowMs: number,
  scale: number,
): Promise<void> {
  const limit = scaledLimit(name, scale);
  if (limit === null) return;
  const window = rateWindow(name, nowMs);
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: rateWindowKey(name, subject, String(window.startEpoch)),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': window.expiresAtEpoch },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    throw new TooManyRequestsError(RATE_LIMIT_MESSAGE(window.secondsLeft), window.secondsLeft);
  }
}
