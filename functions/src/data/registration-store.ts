import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import {
  REGISTRATION_CLAIM_SECONDS,
  ReferralCodeCollision,
  type RegistrationOptions,
  type RegistrationStore,
} from '../domain/auth/account-stores.js';
import type { UserProfile } from '../domain/records/user-profile.js';
import { canonicalEmail } from '../domain/commerce/canonical-email.js';
import { ConflictError } from '../domain/errors.js';
import { backoffMs, CONFLICT_TRIES, retry } from '../lib/retry.js';
import { liveMarkerOwner, nowEpoch } from './account-writes.js';
import { codeIssueItems, codeIssueRefusal } from './one-time-code-store.js';
import { oneTimeCodeKey } from './one-time-code-entity.js';
import { sessionItem } from './session-store.js';
import { cancellationCodes, onlyConflicts, writeIf, writtenIf } from './table-reads.js';
import {
  emailMarkerKey,
  profileKey,
  profileSearchText,
  referralCodeMarkerKey,
  toProfileItem,
  usernameMarkerKey,
  verifiedListKeys,
} from './user-profile-entity.js';

/**
 * A registration in the table: the claim of its e-mail while Cognito is asked, then the profile
 * and its e-mail, username and referral-code markers in one transaction (with its code), and the
 * confirmation that consumes the code and makes the account verified. Every multi-item change is
 * one TransactWriteItems with conditions, so retries and races cannot half-apply.
 */
/** The registration's transaction itself (see dynamoRegistrationStore.createRegistration). */
async function writeRegistration(
  profile: UserProfile,
  nowMs: number,
  verified: boolean,
  options: RegistrationOptions,
): Promise<void> {
  const expiry = verified ? {} : { expiresAt: nowEpoch(nowMs) + 24 * 3600 };
  const counts = verified ? userCountUpdates(profile.createdAt) : [];
  const free = 'attribute_not_exists(PK) OR expiresAt < :now';
  const claimEmail = options.claimEmail ?? true;
  const pending = options.pendingPasswordHash ? { pendingPasswordHash: options.pendingPasswordHash } : {};
  const ownClaim = options.emailClaim;
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: toProfileItem(profile, { ...expiry, ...pending }),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          claimEmail
            ? {
                Put: {
                  TableName: tableName,
                  Item: { ...emailMarkerKey(profile.email), entity: 'EmailMarker', userId: profile._id, ...expiry },
                  ConditionExpression: ownClaim ? `${free} OR registrationClaim = :claim` : free,
                  ExpressionAttributeValues: {
                    ':now': nowEpoch(nowMs),
                    ...(ownClaim ? { ':claim': ownClaim } : {}),
                  },
                },
              }
            : {
                // Keeps the reason indexes below stable: the profile just written is checked again.
                ConditionCheck: {
                  TableName: tableName,
                  Key: { PK: `UNCLAIMED#${profile._id}`, SK: 'EMAIL' },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...usernameMarkerKey(profile.username),
                entity: 'UsernameMarker',
                userId: profile._id,
                ...expiry,
              },
              ConditionExpression: free,
              ExpressionAttributeValues: { ':now': nowEpoch(nowMs) },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...referralCodeMarkerKey(profile.referralCode),
                entity: 'ReferralCodeMarker',
                userId: profile._id,
                username: profile.username,
                // The owner's mailbox, so another account of it cannot use this code (self-referral).
                emailKey: canonicalEmail(profile.email),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...counts,
          // The registration's code, issued with it: one request (docs/performance.md).
          ...(options.code ? codeIssueItems(options.code, nowMs) : []),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationCodes(error);
    if (reasons[0] === 'ConditionalCheckFailed') return; // the same registration, retried
    const codeRefusal = options.code ? codeIssueRefusal(error, 4 + counts.length, nowMs) : null;
    if (codeRefusal) throw codeRefusal;
    if (reasons[1] === 'ConditionalCheckFailed') throw new ConflictError('An account with this email already exists.');
    if (reasons[2] === 'ConditionalCheckFailed') throw new ConflictError('This username is already taken.');
    if (reasons[3] === 'ConditionalCheckFailed') throw new ReferralCodeCollision();
    throw error;
  }
}

/**
 * The user counters, in the transaction that makes a user verified (the profile's creation for
 * Google and bootstrap profiles, the confirmation for a registration): `total` and `active` +1 on
 * TOTAL, `newUsers` +1 on the UTC month of verification. Deactivation and activation move
 * `active`/`inactive` (admin-user-store.ts); nothing else
 * touches them, so `total = active + inactive`. The keys are stats-entity.ts `userStatsKeys`, written
 * out here so the auth family's table scope (infra/lib/access.ts) can be read off this file.
 */
function userCountUpdates(verifiedAtIso: string) {
  const month = verifiedAtIso.slice(0, 7);
  return [
    {
      Update: {
        TableName: tableName,
        Key: { PK: 'STATS#USERS', SK: 'TOTAL' },
        UpdateExpression: 'ADD #total :one, active :one',
        ExpressionAttributeNames: { '#total': 'total' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: { PK: 'STATS#USERS', SK: `MONTH#${month}` },
        UpdateExpression: 'ADD newUsers :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
}

export const dynamoRegistrationStore: RegistrationStore = {
  /** The user id an e-mail belongs to (see liveMarkerOwner). */
  async findUserIdByEmail(email: string, nowMs: number): Promise<string | undefined> {
    return liveMarkerOwner(emailMarkerKey(email), nowMs);
  },

  async isUsernameTaken(username: string, nowMs: number, exceptUserId?: string): Promise<boolean> {
    const owner = await liveMarkerOwner(usernameMarkerKey(username), nowMs);
    return owner !== undefined && owner !== exceptUserId;
  },

  /**
   * A registration takes its e-mail's marker before it asks Cognito for the account, so
   * at most one registration per address is in flight. The claim is the marker without a user id
   * (nobody's yet, see liveMarkerOwner) and lapses after REGISTRATION_CLAIM_SECONDS; the
   * registration's transaction replaces it with the real marker. False when the address is taken
   * by a live registration, an account or another registration in flight.
   */
  async claimEmailForRegistration(email: string, claimId: string, nowMs: number): Promise<boolean> {
    return writtenIf({
      Put: {
        TableName: tableName,
        Item: {
          ...emailMarkerKey(email),
          entity: 'EmailMarker',
          registrationClaim: claimId,
          expiresAt: nowEpoch(nowMs) + REGISTRATION_CLAIM_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': nowEpoch(nowMs) },
      },
    });
  },

  /** Gives an e-mail's claim back when its registration stopped before the account existed. */
  async releaseEmailClaim(email: string, claimId: string): Promise<void> {
    // A failed condition: not this request's claim any more (it lapsed and someone else claimed
    // the address), which is left alone.
    await writeIf({
      Delete: {
        TableName: tableName,
        Key: emailMarkerKey(email),
        ConditionExpression: 'registrationClaim = :claim',
        ExpressionAttributeValues: { ':claim': claimId },
      },
    });
  },

  /**
   * Profile + e-mail, username and referral-code markers, all or nothing. `claimEmail: false`
   * leaves the address unclaimed (a token whose e-mail is not verified); a pending registration
   * keeps a password hash for 24 h so sign-in can check a password before Cognito confirms.
   * `emailClaim`: the claim this registration took (claimEmailForRegistration), which its marker
   * replaces. A cancellation only by TransactionConflict is retried with jitter.
   */
  async createRegistration(
    profile: UserProfile,
    nowMs: number,
    verified: boolean,
    options: RegistrationOptions = {},
  ): Promise<void> {
    await retry(() => writeRegistration(profile, nowMs, verified, options), {
      tries: CONFLICT_TRIES,
      retryOn: (error) => {
        const reasons = cancellationCodes(error);
        return reasons.length > 0 && onlyConflicts(reasons);
      },
      delayMs: (attempt) => backoffMs(attempt),
    });
  },

  /** Consume the code and mark the account verified, atomically. False when the code lost a race. */
  async confirmRegistration(
    profile: UserProfile,
    codeHash: string,
    nowMs: number,
    /** The session the confirmation opens, registered in the same transaction. */
    options: { sessionTokenHash?: string } = {},
  ): Promise<'confirmed' | 'already' | 'code-rejected'> {
    const verifiedAt = new Date(nowMs).toISOString();
    const counts = [
      ...userCountUpdates(verifiedAt),
      ...(options.sessionTokenHash === undefined
        ? []
        : [{ Put: sessionItem(profile._id, options.sessionTokenHash, nowMs) }]),
    ];
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName,
                Key: oneTimeCodeKey(profile.email, 'registration'),
                ConditionExpression: 'codeHash = :hash AND wrongTries < :max AND expiresAt > :now',
                ExpressionAttributeValues: {
                  ':hash': codeHash,
                  ':max': AUTH.otpMaxWrongTries,
                  ':now': nowEpoch(nowMs),
                },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: profileKey(profile._id),
                UpdateExpression:
                  'SET emailVerifiedAt = :at, verifiedEmail = :email, updatedAt = :at, GSI1PK = :gpk, GSI1SK = :gsk, searchText = :search REMOVE expiresAt, pendingPasswordHash',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(emailVerifiedAt)',
                ExpressionAttributeValues: {
                  ':at': verifiedAt,
                  ':email': profile.email,
                  ':gpk': verifiedListKeys(profile).GSI1PK,
                  ':gsk': verifiedListKeys(profile).GSI1SK,
                  ':search': profileSearchText(profile),
                },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: emailMarkerKey(profile.email),
                UpdateExpression: 'REMOVE expiresAt',
                ConditionExpression: 'userId = :id',
                ExpressionAttributeValues: { ':id': profile._id },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: usernameMarkerKey(profile.username),
                UpdateExpression: 'REMOVE expiresAt',
                ConditionExpression: 'userId = :id',
                ExpressionAttributeValues: { ':id': profile._id },
              },
            },
            ...counts,
          ],
        }),
      );
      return 'confirmed';
    } catch (error) {
      const reasons = cancellationCodes(error);
      if (reasons[1] === 'ConditionalCheckFailed') return 'already';
      if (reasons[0] === 'ConditionalCheckFailed') return 'code-rejected';
      throw error;
    }
  },
};
