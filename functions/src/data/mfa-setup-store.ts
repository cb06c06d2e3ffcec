import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { MfaSetup, MfaSetupStore } from '../domain/auth/account-stores.js';
import { nowEpoch } from './account-writes.js';
import { mfaSetupKey } from './one-time-code-entity.js';
import { getItem, updateIf } from './table-reads.js';
import { profileKey } from './user-profile-entity.js';

/** The profile's record that this administrator signs in with TOTP, to ride in another write too. */
export const mfaEnabledUpdate = (userId: string, nowMs: number) => ({
  TableName: tableName,
  Key: profileKey(userId),
  UpdateExpression: 'SET mfaEnabledAt = :at',
  ConditionExpression: 'attribute_exists(PK)',
  ExpressionAttributeValues: { ':at': new Date(nowMs).toISOString() },
});

/**
 * An administrator's TOTP set-up in the table, between the password step and the first code: the
 * Cognito access token it needs stays here (never in a browser) and expires with the item.
 */
export const dynamoMfaSetupStore: MfaSetupStore = {
  /** An admin's TOTP set-up between the password step and the first code (TTL: AUTH.mfaSetupMinutes). */
  async putMfaSetup(setupId: string, setup: MfaSetup, nowMs: number): Promise<void> {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...mfaSetupKey(setupId),
          entity: 'MfaSetup',
          ...setup,
          wrongTries: 0,
          expiresAt: nowEpoch(nowMs) + AUTH.mfaSetupMinutes * 60,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async getMfaSetup(setupId: string, nowMs: number): Promise<(MfaSetup & { wrongTries: number }) | undefined> {
    const item = await getItem(mfaSetupKey(setupId), true);
    if (!item || Number(item.expiresAt) <= nowEpoch(nowMs)) return undefined;
    const wrongTries = Number(item.wrongTries ?? 0);
    if (typeof item.challengeSession === 'string') {
      return { email: String(item.email), challengeSession: item.challengeSession, wrongTries };
    }
    return {
      userId: String(item.userId),
      email: String(item.email),
      accessToken: String(item.accessToken),
      wrongTries,
    };
  },

  async recordMfaSetupWrongTry(setupId: string): Promise<void> {
    await updateIf({
      Key: mfaSetupKey(setupId),
      UpdateExpression: 'ADD wrongTries :one',
      // A set-up finished meanwhile must not come back as an item without expiry or token.
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    });
  },

  /** Ends the set-up and records on the profile that this administrator signs in with TOTP. */
  async completeMfaSetup(setupId: string, userId: string, nowMs: number): Promise<void> {
    const at = new Date(nowMs).toISOString();
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: mfaSetupKey(setupId) } },
          {
            Update: {
              TableName: tableName,
              Key: profileKey(userId),
              UpdateExpression: 'SET mfaEnabledAt = :at, updatedAt = :at',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':at': at },
            },
          },
        ],
      }),
    );
  },

  async markMfaEnabled(userId: string, nowMs: number): Promise<void> {
    await documentClient.send(new UpdateCommand(mfaEnabledUpdate(userId, nowMs)));
  },
};
