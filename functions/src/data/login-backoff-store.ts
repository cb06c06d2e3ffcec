import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { LoginBackoffStore, LoginFailures } from '../domain/auth/account-stores.js';
import { nowEpoch, numberAttribute } from './account-writes.js';
import { writeIf } from './table-reads.js';
import { loginFailureKey } from './one-time-code-entity.js';

/**
 * The sign-in back-off of an address in the table: its count of failed attempts and the time it
 * is blocked until. The count moves by compare-and-set, so parallel attempts cannot slip past it.
 */
/** A login back-off's deletion, to ride in another write. */
export const clearLoginFailuresItem = (email: string) => ({
  Delete: { TableName: tableName, Key: loginFailureKey(email) },
});
/** The back-off record of an item (read, or returned with a failed condition); undefined when there is none. */
export function loginFailuresOf(item: Record<string, unknown> | undefined): LoginFailures | undefined {
  const failures = numberAttribute(item?.failures);
  if (failures === undefined) return undefined;
  return { failures, blockedUntil: numberAttribute(item?.blockedUntil) ?? 0 };
}
export const dynamoLoginBackoffStore: LoginBackoffStore = {
  /**
   * Reserves a password attempt before Cognito sees it, counted as a failure until a success
   * clears it. The count moves by compare-and-set, so parallel attempts are serialised: once the
   * count reaches the back-off threshold the block is written with the reservation itself, and no
   * parallel request can pass it. Answers the seconds left when the address is blocked, else 0.
   *
   * The first try starts from the record the use case read (`known`), or else assumes none: a
   * record that differs fails the condition and comes back with the failure (ALL_OLD), and the
   * next try sets from it.
   */
  async reserveLoginAttempt(
    email: string,
    nowMs: number,
    blockSecondsFor: (failures: number) => number,
    known?: LoginFailures,
  ): Promise<number> {
    const now = nowEpoch(nowMs);
    let current: LoginFailures | undefined = known && known.failures > 0 ? known : undefined;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      if (current && current.blockedUntil > now) return current.blockedUntil - now;
      const failures = (current?.failures ?? 0) + 1;
      const block = blockSecondsFor(failures);
      const reservation = {
        TableName: tableName,
        Key: loginFailureKey(email),
        UpdateExpression: 'SET failures = :next, blockedUntil = :until, lastFailureAt = :nowMs, expiresAt = :expires',
        ConditionExpression: current ? 'failures = :seen' : 'attribute_not_exists(failures)',
        ExpressionAttributeValues: {
          ':next': failures,
          ':until': block > 0 ? now + block : 0,
          ':nowMs': nowMs,
          ':expires': now + 24 * 3600,
          ...(current ? { ':seen': current.failures } : {}),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      };
      const result = await writeIf({ Update: reservation });
      if (result.outcome === 'written') return 0;
      // Another attempt moved the count first (or cleared it): go on from what it left.
      current = loginFailuresOf(result.item);
    }
    // Heavy contention on one address is itself a sign of an attack: refuse for a moment.
    return 1;
  },
  async clearLoginFailures(email: string): Promise<void> {
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: loginFailureKey(email) }));
  },
};
