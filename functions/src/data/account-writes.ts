import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { PendingLimits } from '../domain/limits/rate-limits.js';
import { cancellationCodes, cancellationReasons, isConditionFailure, onlyConflicts, type Item } from './table-reads.js';

/**
 * What the account stores (registration-store.ts, one-time-code-store.ts, login-backoff-store.ts,
 * session-store.ts, mfa-setup-store.ts, account-identity-store.ts) share: the clock in epoch
 * seconds, the markers' live owner, one conditional write together with the request's limits, and
 * the reading of numbers returned with a cancellation.
 */
export const nowEpoch = (nowMs: number) => Math.floor(nowMs / 1000);

/**
 * The user a uniqueness marker belongs to; markers of abandoned registrations count only until
 * they expire, and an e-mail claimed by a registration still in flight belongs to nobody yet.
 */
export async function liveMarkerOwner(key: { PK: string; SK: string }, nowMs: number): Promise<string | undefined> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName, Key: key }));
  return liveOwnerOf(result.Item, nowMs);
}

export function liveOwnerOf(item: Item | undefined, nowMs: number): string | undefined {
  if (!item || (typeof item.expiresAt === 'number' && item.expiresAt < nowEpoch(nowMs))) return undefined;
  return typeof item.userId === 'string' ? item.userId : undefined;
}

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
type ConditionalWrite =
  | { Put: NonNullable<TransactItem['Put']> }
  | { Delete: NonNullable<TransactItem['Delete']> }
  | { Update: NonNullable<TransactItem['Update']> };

type WriteOutcome =
  | { outcome: 'written' }
  /** The write's own condition failed; `item`: what it found, when the write asked for it (ALL_OLD). */
  | { outcome: 'condition-failed'; item?: Record<string, unknown> }
  /** Only concurrent transactions cancelled it (the caller retries or gives up with `error`). */
  | { outcome: 'conflicted'; error: unknown };

/**
 * One conditional write and the request's pending limits (PendingLimits) in one request: the write
 * on its own when no counter is left to move, else one TransactWriteItems with the counters first.
 * A full limit throws its 429; any other failure is thrown as it came.
 */
export async function writeWithLimits(write: ConditionalWrite, limits?: PendingLimits): Promise<WriteOutcome> {
  const counters = limits?.items ?? [];
  if (counters.length === 0) {
    try {
      if ('Put' in write) await documentClient.send(new PutCommand(write.Put));
      else if ('Delete' in write) await documentClient.send(new DeleteCommand(write.Delete));
      else await documentClient.send(new UpdateCommand(write.Update));
      return { outcome: 'written' };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return { outcome: 'condition-failed', item: (error as { Item?: Record<string, unknown> }).Item };
    }
  }
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: [...counters, write] }));
    limits?.committed();
    return { outcome: 'written' };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes.length === 0) throw error;
    const refused = limits?.refusalIn(codes);
    if (refused) throw refused;
    if (codes[counters.length] === 'ConditionalCheckFailed') {
      return { outcome: 'condition-failed', item: cancellationReasons(error)[counters.length]?.Item };
    }
    if (onlyConflicts(codes)) return { outcome: 'conflicted', error };
    throw error;
  }
}

/** writeWithLimits for a write that is simply refused when its condition fails: true once written. */
export async function writtenWithLimits(write: ConditionalWrite, limits?: PendingLimits): Promise<boolean> {
  const result = await writeWithLimits(write, limits);
  if (result.outcome === 'conflicted') throw result.error;
  return result.outcome === 'written';
}

/**
 * A number attribute of an item returned with a cancellation (ReturnValuesOnConditionCheckFailure):
 * the document client does not unmarshall errors, so it comes as `{ N: '...' }`.
 */
export function numberAttribute(value: unknown): number | undefined {
  const raw = typeof value === 'object' && value !== null && 'N' in value ? (value as { N: unknown }).N : value;
  const number = Number(raw);
  return raw === undefined || raw === null || !Number.isFinite(number) ? undefined : number;
}
