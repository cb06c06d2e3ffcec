import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { Item } from './table-reads.js';

/**
 * What the account stores (registration-store.ts, one-time-code-store.ts, login-backoff-store.ts,
 * session-store.ts, mfa-setup-store.ts, account-identity-store.ts) share: the clock in epoch
 * seconds, the markers' live owner, and the reading of numbers returned with a failed condition
 * (their conditional writes are table-reads.ts's writeIf).
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

/**
 * A number attribute of an item returned with a cancellation (ReturnValuesOnConditionCheckFailure):
 * the document client does not unmarshall errors, so it comes as `{ N: '...' }`.
 */
export function numberAttribute(value: unknown): number | undefined {
  const raw = typeof value === 'object' && value !== null && 'N' in value ? (value as { N: unknown }).N : value;
  const number = Number(raw);
  return raw === undefined || raw === null || !Number.isFinite(number) ? undefined : number;
}
