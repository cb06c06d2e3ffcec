import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { CodeRejected, type AccountIdentityStore } from '../domain/auth/account-stores.js';
import type { UserProfile } from '../domain/records/user-profile.js';
import { ConflictError } from '../domain/errors.js';
import { nowEpoch } from './account-writes.js';
import { oneTimeCodeKey } from './one-time-code-entity.js';
import { getProfile } from './profile-store.js';
import { cancellationCodes } from './table-reads.js';
import {
  emailMarkerKey,
  profileKey,
  profileSearchKeys,
  referralCodeMarkerKey,
  usernameMarkerKey,
} from './user-profile-entity.js';

/**
 * Who a user is, in the table: the profile's username and e-mail with the markers that keep them
 * unique (moved together in one transaction), and the profile's copy of the admin group.
 */
export const dynamoAccountIdentityStore: AccountIdentityStore = {
  getProfile,

  /**
   * The profile's `isAdmin` is a display mirror of the Cognito group: refreshed
   * whenever a signed-in request's token says otherwise, so the admin user list shows who is one.
   */
  async setAdminMirror(userId: string, isAdmin: boolean, nowMs: number): Promise<void> {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(userId),
        UpdateExpression: 'SET isAdmin = :admin, updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':admin': isAdmin, ':at': new Date(nowMs).toISOString() },
      }),
    );
  },
  /**
   * Username and/or e-mail change with marker moves, in one transaction. An e-mail change
   * passes the code that proved the new address: it is consumed in the same transaction, and the
   * address is recorded as the verified one.
   */
  async updateIdentity(
    profile: UserProfile,
    next: { username: string; email: string },
    nowMs: number,
    proof?: { codeHash: string },
    options: {
      /** Ends every session with the change (as revokeSessions does), in the same write. */
      endSessions?: boolean;
    } = {},
  ): Promise<UserProfile> {
    const updatedAt = new Date(nowMs).toISOString();
    const updated: UserProfile = {
      ...profile,
      username: next.username,
      email: next.email,
      updatedAt,
      ...(options.endSessions ? { tokensValidAfter: nowEpoch(nowMs), sessionsValidAfterMs: nowMs } : {}),
    };
    const verified = `${proof ? ', verifiedEmail = :e' : ''}${
      options.endSessions ? ', tokensValidAfter = :tva, sessionsValidAfterMs = :sva' : ''
    }`;
    const usernameChanged = next.username.toLowerCase() !== profile.username.toLowerCase();
    const emailChanged = next.email !== profile.email;
    const search = profileSearchKeys(updated);
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Update: {
          TableName: tableName,
          Key: profileKey(profile._id),
          UpdateExpression: `SET username = :u, usernameLower = :ul, searchText = :st, email = :e, updatedAt = :at, GSI2PK = :g2pk, GSI2SK = :g2sk, GSI3PK = :g3pk, GSI3SK = :g3sk${verified}`,
          ConditionExpression: 'email = :old',
          ExpressionAttributeValues: {
            ':u': next.username,
            ':ul': search.usernameLower,
            ':st': search.searchText,
            ':e': next.email,
            ':at': updatedAt,
            ':g2pk': search.GSI2PK,
            ':g2sk': search.GSI2SK,
            ':g3pk': search.GSI3PK,
            ':g3sk': search.GSI3SK,
            ':old': profile.email,
            ...(options.endSessions ? { ':tva': nowEpoch(nowMs), ':sva': nowMs } : {}),
          },
        },
      },
    ];
    if (emailChanged) {
      items.push(...markerMove(emailMarkerKey(profile.email), emailMarkerKey(next.email), 'EmailMarker', profile._id));
    }
    if (usernameChanged) {
      items.push(
        ...markerMove(
          usernameMarkerKey(profile.username),
          usernameMarkerKey(next.username),
          'UsernameMarker',
          profile._id,
        ),
        {
          Update: {
            TableName: tableName,
            Key: referralCodeMarkerKey(profile.referralCode),
            UpdateExpression: 'SET username = :u',
            ConditionExpression: 'userId = :id',
            ExpressionAttributeValues: { ':u': next.username, ':id': profile._id },
          },
        },
      );
    }
    if (proof) {
      items.push({
        Delete: {
          TableName: tableName,
          Key: oneTimeCodeKey(next.email, 'email-change'),
          ConditionExpression: 'codeHash = :hash AND userId = :id AND wrongTries < :max AND expiresAt > :now',
          ExpressionAttributeValues: {
            ':hash': proof.codeHash,
            ':id': profile._id,
            ':max': AUTH.otpMaxWrongTries,
            ':now': nowEpoch(nowMs),
          },
        },
      });
    }
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return updated;
    } catch (error) {
      const reasons = cancellationCodes(error);
      if (proof && reasons[items.length - 1] === 'ConditionalCheckFailed') throw new CodeRejected();
      if (reasons[0] === 'ConditionalCheckFailed') {
        throw new ConflictError('Your profile changed meanwhile. Please reload and try again.');
      }
      const emailPut = emailChanged ? 2 : -1;
      const usernamePut = usernameChanged ? (emailChanged ? 4 : 2) : -1;
      if (emailPut > 0 && reasons[emailPut] === 'ConditionalCheckFailed') {
        throw new ConflictError('An account with this email already exists.');
      }
      if (usernamePut > 0 && reasons[usernamePut] === 'ConditionalCheckFailed') {
        throw new ConflictError('This username is already taken.');
      }
      throw error;
    }
  },
};

type Key = { PK: string; SK: string };

/**
 * A uniqueness marker's move to a new value: the old one goes (if it is still this user's), the
 * new one must be free. The new marker's Put sits second, where updateIdentity reads its reason.
 */
function markerMove(from: Key, to: Key, entity: 'EmailMarker' | 'UsernameMarker', userId: string) {
  return [
    {
      Delete: {
        TableName: tableName,
        Key: from,
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :id',
        ExpressionAttributeValues: { ':id': userId },
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: { ...to, entity, userId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}
