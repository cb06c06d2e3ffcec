import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { SessionStore } from '../domain/auth/account-stores.js';
import { nowEpoch } from './account-writes.js';
import { clearLoginFailuresItem } from './login-backoff-store.js';
import { mfaEnabledUpdate } from './mfa-setup-store.js';
import { getItem, updateIf } from './table-reads.js';
import { profileKey, sessionKey } from './user-profile-entity.js';

/**
 * Refresh sessions in the table: one registry entry per refresh token issued (its hash, never the
 * token), and the profile's two cut-offs that end every session at once in a single write.
 */
/** A refresh session's registry entry: the token's hash, never the token. */
export function sessionItem(userId: string, tokenHash: string, nowMs: number) {
  return {
    TableName: tableName,
    Item: {
      ...sessionKey(userId, tokenHash),
      entity: 'Session',
      createdAt: new Date(nowMs).toISOString(),
      expiresAt: nowEpoch(nowMs) + AUTH.refreshTokenDays * 24 * 3600,
    },
  };
}
export const dynamoSessionStore: SessionStore = {
  /**
   * Registers a session. `clearLoginFailuresOf`: the sign-in that opened it also clears that
   * address's back-off, in the same request (one TransactWriteItems, for the round-trip budget).
   */
  async putSession(
    userId: string,
    tokenHash: string,
    nowMs: number,
    options: { clearLoginFailuresOf?: string; mfaEnabledAt?: number } = {},
  ): Promise<void> {
    const session = sessionItem(userId, tokenHash, nowMs);
    const also = [
      ...(options.clearLoginFailuresOf === undefined ? [] : [clearLoginFailuresItem(options.clearLoginFailuresOf)]),
      ...(options.mfaEnabledAt === undefined ? [] : [{ Update: mfaEnabledUpdate(userId, options.mfaEnabledAt) }]),
    ];
    if (also.length === 0) {
      await documentClient.send(new PutCommand(session));
      return;
    }
    await documentClient.send(new TransactWriteCommand({ TransactItems: [{ Put: session }, ...also] }));
  },
  /** Logout: forgets one refresh token of this user (the key includes the caller's id). */
  async deleteSession(userId: string, tokenHash: string): Promise<void> {
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: sessionKey(userId, tokenHash) }));
  },

  /** A registered refresh session: when it was opened (epoch ms); undefined when none (signed out). */
  async findSession(userId: string, tokenHash: string): Promise<{ createdAtMs: number } | undefined> {
    const item = await getItem(sessionKey(userId, tokenHash), true);
    if (!item) return undefined;
    const createdAtMs = Date.parse(String(item.createdAt));
    // A session without a readable opening time counts as the oldest possible: any revocation ends it.
    return { createdAtMs: Number.isFinite(createdAtMs) ? createdAtMs : 0 };
  },

  /**
   * Ends every session at once, in one write: ID tokens issued before now (`tokensValidAfter`,
   * seconds, the session guard) and refresh sessions registered before now (`sessionsValidAfterMs`,
   * the refresh route) are refused. The registry entries themselves expire with their TTL.
   */
  async revokeSessions(userId: string, nowMs: number, options: { clearLoginFailuresOf?: string } = {}): Promise<void> {
    const revoke = {
      TableName: tableName,
      Key: profileKey(userId),
      UpdateExpression: 'SET tokensValidAfter = :t, sessionsValidAfterMs = :ms',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':t': nowEpoch(nowMs), ':ms': nowMs },
    };
    if (options.clearLoginFailuresOf === undefined) {
      // A profile that is gone has no session left to end.
      await updateIf(revoke);
      return;
    }
    // A password reset also clears the address's back-off: same request. The profile is
    // known to exist there; a vanished one cancels both, as the revocation alone would have failed.
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [{ Update: revoke }, clearLoginFailuresItem(options.clearLoginFailuresOf)],
      }),
    );
  },
};
