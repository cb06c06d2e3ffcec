import { sleep } from '../kit/retry.js';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { canonicalEmail } from '../domain/commerce/canonical-email.js';
import type { CodePurpose, StoredCode } from '../domain/auth/one-time-codes.js';
import { ConflictError, TooManyRequestsError } from '../domain/errors.js';
import { codeLockKey, loginFailureKey, mfaSetupKey, oneTimeCodeKey, rateWindowKey } from './one-time-code-entity.js';
import {
  emailMarkerKey,
  profileKey,
  profileSearchKeys,
  profileSearchText,
  referralCodeMarkerKey,
  sessionKey,
  toProfileItem,
  usernameMarkerKey,
  verifiedListKeys,
  type UserProfile,
} from './user-profile-entity.js';
import { getProfile } from './profile-store.js';
import { emailTemplateKey } from './email-template-key.js';
import type { PendingLimits } from './rate-limit-store.js';
import { batchGetItems, cancellationCodes, cancellationReasons, onlyConflicts, type Item } from './table-reads.js';

/**
 * DynamoDB side of accounts (docs/data-model.md T7, T8, T8b, T10, E8). Every multi-item change is
 * one TransactWriteItems with conditions, so retries and races cannot half-apply.
 */
const nowEpoch = (nowMs: number) => Math.floor(nowMs / 1000);
const isConditionalFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';
const cancelReasons = cancellationCodes;

export class ReferralCodeCollision extends Error {}

/** An admin's TOTP set-up in progress; Cognito's handle on it (token or session) stays on the server. */
export type MfaSetup =
  /** Set up with the access token of a sign-in Cognito let through without a second factor. */
  | { userId: string; email: string; accessToken: string }
  /** Set up inside Cognito's MFA_SETUP challenge (a pool that requires MFA): no token before it ends. */
  | { email: string; challengeSession: string };
/** The code of an e-mail change was used, replaced or expired between its check and its use. */
export class CodeRejected extends Error {}

/**
 * How long a registration in flight holds its e-mail's marker before the account exists (T8
 * step 0): far beyond one request (a route stops after 10 s), so a claim only ever lapses when
 * the request that took it died.
 */
export const REGISTRATION_CLAIM_SECONDS = 300;
/** Attempts of a registration transaction cancelled only by TransactionConflict. */
const REGISTRATION_ATTEMPTS = 4;

/**
 * The user a uniqueness marker belongs to; markers of abandoned registrations count only until
 * they expire, and an e-mail claimed by a registration still in flight belongs to nobody yet.
 */
async function liveMarkerOwner(key: { PK: string; SK: string }, nowMs: number): Promise<string | undefined> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName, Key: key }));
  return liveOwnerOf(result.Item, nowMs);
}

function liveOwnerOf(item: Item | undefined, nowMs: number): string | undefined {
  if (!item || (typeof item.expiresAt === 'number' && item.expiresAt < nowEpoch(nowMs))) return undefined;
  return typeof item.userId === 'string' ? item.userId : undefined;
}

/** What a code check or a code mail reads up front (authStore.readCodeState). */
export interface CodeState {
  /** The address's code lock (H3), epoch seconds; 0 when none. */
  lockedUntil: number;
  code?: StoredCode;
  /** The mail's stored template item; absent when the admin never saved one (or none was asked). */
  templateItem?: Item;
  /** Who owns the e-mail's marker (findUserIdByEmail), when asked for. */
  emailOwner?: string;
  /**
   * The owner's registration still waits for its code: its marker expires with it (a verified
   * address's marker does not), as its profile has no `emailVerifiedAt` (T8b moves both at once).
   */
  emailPending?: boolean;
  /** Who owns the username's marker (isUsernameTaken), when asked for. */
  usernameOwner?: string;
}

/** What readCodeState reads besides the address's lock and code. */
export interface CodeStateRead {
  templateType?: string;
  emailOwner?: boolean;
  username?: string;
}

/** The keys of a code state (readCodeState). */
function codeStateKeys(email: string, purpose: CodePurpose, also: CodeStateRead = {}) {
  return [
    codeLockKey(email),
    oneTimeCodeKey(email, purpose),
    ...(also.templateType === undefined ? [] : [emailTemplateKey(also.templateType)]),
    ...(also.emailOwner ? [emailMarkerKey(email)] : []),
    ...(also.username === undefined ? [] : [usernameMarkerKey(also.username)]),
  ];
}

/** A code state from the items read for codeStateKeys (absent items: none stored). */
function codeStateFrom(
  items: readonly Item[],
  email: string,
  purpose: CodePurpose,
  nowMs: number,
  also: CodeStateRead = {},
): CodeState {
  const find = (key: { PK: string; SK: string }) => items.find((item) => item.PK === key.PK && item.SK === key.SK);
  const until = Number(find(codeLockKey(email))?.lockedUntil ?? 0);
  const code = toStoredCode(find(oneTimeCodeKey(email, purpose)));
  const templateItem = also.templateType === undefined ? undefined : find(emailTemplateKey(also.templateType));
  const emailMarker = also.emailOwner ? find(emailMarkerKey(email)) : undefined;
  const emailOwner = liveOwnerOf(emailMarker, nowMs);
  const usernameOwner =
    also.username === undefined ? undefined : liveOwnerOf(find(usernameMarkerKey(also.username)), nowMs);
  return {
    lockedUntil: until > nowEpoch(nowMs) ? until : 0,
    ...(code ? { code } : {}),
    ...(templateItem ? { templateItem } : {}),
    ...(emailOwner ? { emailOwner, emailPending: typeof emailMarker?.expiresAt === 'number' } : {}),
    ...(usernameOwner ? { usernameOwner } : {}),
  };
}

/** A code to issue with another write (T7: the code's item and the address's hourly count). */
export interface CodeToIssue {
  email: string;
  purpose: CodePurpose;
  codeHash: string;
  expiresAt: number;
  /** Who asked, for codes that belong to an account rather than to the address (e-mail change). */
  owner?: string;
}

/**
 * T7's two items: the code (refused inside the resend cool-down) and the address's count of codes
 * this hour (refused at the cap). Reasons are read by codeIssueRefusal at the same offset.
 */
function codeIssueItems(code: CodeToIssue, nowMs: number) {
  const hourStart = new Date(nowMs).toISOString().slice(0, 13);
  const hourEndMs = Date.parse(`${hourStart}:00:00.000Z`) + 3600_000;
  return [
    {
      Put: {
        TableName: tableName,
        Item: {
          ...oneTimeCodeKey(code.email, code.purpose),
          entity: 'OneTimeCode',
          codeHash: code.codeHash,
          wrongTries: 0,
          lastSentAt: nowMs,
          createdAt: new Date(nowMs).toISOString(),
          expiresAt: code.expiresAt,
          ...(code.owner ? { userId: code.owner } : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK) OR lastSentAt <= :cooldownStart',
        ExpressionAttributeValues: { ':cooldownStart': nowMs - AUTH.otpResendCooldownSeconds * 1000 },
        // Inside the cool-down, the code that holds it comes back with the cancellation:
        // its wait needs no second read.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: rateWindowKey('otp-send', code.email, hourStart),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': AUTH.otpMaxPerEmailPerHour,
          ':expires': Math.floor(hourEndMs / 1000) + 3600,
        },
      },
    },
  ];
}

/** The 429 of a cancelled transaction whose codeIssueItems start at `at`; null when they did not refuse. */
function codeIssueRefusal(error: unknown, at: number, nowMs: number): TooManyRequestsError | null {
  const reasons = cancelReasons(error);
  if (reasons[at] === 'ConditionalCheckFailed') {
    const lastSentAt = numberAttribute(cancellationReasons(error)[at]?.Item?.lastSentAt);
    const wait =
      lastSentAt === undefined ? 1 : Math.ceil((lastSentAt + AUTH.otpResendCooldownSeconds * 1000 - nowMs) / 1000);
    return new TooManyRequestsError(`Please wait ${Math.max(1, wait)} seconds before requesting another code.`, wait);
  }
  if (reasons[at + 1] === 'ConditionalCheckFailed') {
    const hourEndMs = Date.parse(`${new Date(nowMs).toISOString().slice(0, 13)}:00:00.000Z`) + 3600_000;
    return new TooManyRequestsError(
      'Too many codes requested for this email. Please try again later.',
      (hourEndMs - nowMs) / 1000,
    );
  }
  return null;
}

/** A login back-off's deletion (L3), to ride in another write. */
const clearLoginFailuresItem = (email: string) => ({ Delete: { TableName: tableName, Key: loginFailureKey(email) } });

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
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
async function writeWithLimits(write: ConditionalWrite, limits?: PendingLimits): Promise<WriteOutcome> {
  const counters = limits?.items ?? [];
  if (counters.length === 0) {
    try {
      if ('Put' in write) await documentClient.send(new PutCommand(write.Put));
      else if ('Delete' in write) await documentClient.send(new DeleteCommand(write.Delete));
      else await documentClient.send(new UpdateCommand(write.Update));
      return { outcome: 'written' };
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      return { outcome: 'condition-failed', item: (error as { Item?: Record<string, unknown> }).Item };
    }
  }
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: [...counters, write] }));
    limits?.committed();
    return { outcome: 'written' };
  } catch (error) {
    const codes = cancelReasons(error);
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

/** The T8 transaction itself (see authStore.createRegistration). */
async function writeRegistration(
  profile: UserProfile,
  nowMs: number,
  verified: boolean,
  options: { claimEmail?: boolean; pendingPasswordHash?: string; emailClaim?: string; code?: CodeToIssue },
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
          // The registration's code, issued with it (one request: the round-trip budget, issue 12).
          ...(options.code ? codeIssueItems(options.code, nowMs) : []),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancelReasons(error);
    if (reasons[0] === 'ConditionalCheckFailed') return; // the same registration, retried
    const codeRefusal = options.code ? codeIssueRefusal(error, 4 + counts.length, nowMs) : null;
    if (codeRefusal) throw codeRefusal;
    if (reasons[1] === 'ConditionalCheckFailed') throw new ConflictError('An account with this email already exists.');
    if (reasons[2] === 'ConditionalCheckFailed') throw new ConflictError('This username is already taken.');
    if (reasons[3] === 'ConditionalCheckFailed') throw new ReferralCodeCollision();
    throw error;
  }
}

export const authStore = {
  getProfile,

  /** The user id an e-mail belongs to (see liveMarkerOwner). */
  async findUserIdByEmail(email: string, nowMs: number): Promise<string | undefined> {
    return liveMarkerOwner(emailMarkerKey(email), nowMs);
  },

  async isUsernameTaken(username: string, nowMs: number, exceptUserId?: string): Promise<boolean> {
    const owner = await liveMarkerOwner(usernameMarkerKey(username), nowMs);
    return owner !== undefined && owner !== exceptUserId;
  },

  /**
   * T8 step 0: a registration takes its e-mail's marker before it asks Cognito for the account, so
   * at most one registration per address is in flight. The claim is the marker without a user id
   * (nobody's yet, see liveMarkerOwner) and lapses after REGISTRATION_CLAIM_SECONDS; the
   * registration's transaction replaces it with the real marker. False when the address is taken
   * by a live registration, an account or another registration in flight.
   */
  async claimEmailForRegistration(
    email: string,
    claimId: string,
    nowMs: number,
    /** The request's limits, moved with the claim, before Cognito is asked (see PendingLimits). */
    limits?: PendingLimits,
  ): Promise<boolean> {
    const claim = {
      TableName: tableName,
      Item: {
        ...emailMarkerKey(email),
        entity: 'EmailMarker',
        registrationClaim: claimId,
        expiresAt: nowEpoch(nowMs) + REGISTRATION_CLAIM_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': nowEpoch(nowMs) },
    };
    const result = await writeWithLimits({ Put: claim }, limits);
    if (result.outcome === 'conflicted') throw result.error;
    return result.outcome === 'written';
  },

  /** Gives an e-mail's claim back when its registration stopped before the account existed. */
  async releaseEmailClaim(email: string, claimId: string): Promise<void> {
    try {
      await documentClient.send(
        new DeleteCommand({
          TableName: tableName,
          Key: emailMarkerKey(email),
          ConditionExpression: 'registrationClaim = :claim',
          ExpressionAttributeValues: { ':claim': claimId },
        }),
      );
    } catch (error) {
      // Not this request's claim any more (it lapsed and someone else claimed the address).
      if (!isConditionalFailure(error)) throw error;
    }
  },

  /**
   * T8: profile + e-mail, username and referral-code markers, all or nothing. `claimEmail: false`
   * leaves the address unclaimed (a token whose e-mail is not verified, L5); a pending registration
   * keeps a password hash for 24 h so sign-in can check a password before Cognito confirms (L2).
   * `emailClaim`: the claim this registration took (claimEmailForRegistration), which its marker
   * replaces. A cancellation only by TransactionConflict is retried with jitter.
   */
  async createRegistration(
    profile: UserProfile,
    nowMs: number,
    verified: boolean,
    options: { claimEmail?: boolean; pendingPasswordHash?: string; emailClaim?: string; code?: CodeToIssue } = {},
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await writeRegistration(profile, nowMs, verified, options);
        return;
      } catch (error) {
        const reasons = cancelReasons(error);
        if (reasons.length === 0 || !onlyConflicts(reasons) || attempt >= REGISTRATION_ATTEMPTS) throw error;
        await sleep(20 * 2 ** attempt + Math.floor(Math.random() * 30));
      }
    }
  },

  /** T8b: consume the code and mark the account verified, atomically. False when the code lost a race. */
  async confirmRegistration(
    profile: UserProfile,
    codeHash: string,
    nowMs: number,
    /** The request's limits, moved in the same transaction, after its own items (see PendingLimits). */
    limits?: PendingLimits,
    /** The session the confirmation opens (M2), registered in the same transaction. */
    options: { sessionTokenHash?: string } = {},
  ): Promise<'confirmed' | 'already' | 'code-rejected'> {
    const verifiedAt = new Date(nowMs).toISOString();
    const counts = [
      ...userCountUpdates(verifiedAt),
      ...(options.sessionTokenHash === undefined
        ? []
        : [{ Put: sessionItem(profile._id, options.sessionTokenHash, nowMs) }]),
    ];
    const counters = limits?.items ?? [];
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
            ...counters,
          ],
        }),
      );
      if (counters.length > 0) limits?.committed();
      return 'confirmed';
    } catch (error) {
      const reasons = cancelReasons(error);
      const refused = counters.length > 0 ? limits?.refusalIn(reasons, 4 + counts.length) : null;
      if (refused) throw refused;
      if (reasons[1] === 'ConditionalCheckFailed') return 'already';
      if (reasons[0] === 'ConditionalCheckFailed') return 'code-rejected';
      throw error;
    }
  },

  /** T7a: a new code replaces the old one, within the cool-down and the hourly cap. */
  async issueCode(
    email: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: number,
    nowMs: number,
    options: {
      /** Who asked, for codes that belong to an account rather than to the address (e-mail change). */
      owner?: string;
      /** The request's limits, moved in the same transaction (see PendingLimits). */
      limits?: PendingLimits;
      /** An address whose sign-in back-off a just-proven password clears (L3), in the same write. */
      clearLoginFailuresOf?: string;
    } = {},
  ): Promise<void> {
    const { owner, limits, clearLoginFailuresOf } = options;
    const counters = limits?.items ?? [];
    const clear = clearLoginFailuresOf === undefined ? [] : [clearLoginFailuresItem(clearLoginFailuresOf)];
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            ...counters,
            ...codeIssueItems({ email, purpose, codeHash, expiresAt, owner }, nowMs),
            ...clear,
          ],
        }),
      );
      if (counters.length > 0) limits?.committed();
    } catch (error) {
      const refused = counters.length > 0 ? limits?.refusalIn(cancelReasons(error)) : null;
      if (refused) throw refused;
      throw codeIssueRefusal(error, counters.length, nowMs) ?? error;
    }
  },

  async getCode(email: string, purpose: CodePurpose): Promise<StoredCode | undefined> {
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: oneTimeCodeKey(email, purpose), ConsistentRead: true }),
    );
    return toStoredCode(result.Item);
  },

  /**
   * What a code check or a code mail reads, in one consistent BatchGetItem (the round-trip budget,
   * issue 12): the address's lock, its code of this purpose and, as asked, the mail's stored
   * template item and the owners of the e-mail's and a username's markers.
   */
  async readCodeState(
    email: string,
    purpose: CodePurpose,
    nowMs: number,
    also: CodeStateRead = {},
  ): Promise<CodeState> {
    return codeStateFrom(await batchGetItems(codeStateKeys(email, purpose, also)), email, purpose, nowMs, also);
  },

  /** T7b: counts against this exact code only (a newer code is never charged for an old try). */
  async recordWrongTry(email: string, purpose: CodePurpose, codeHashSeen: string): Promise<void> {
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: oneTimeCodeKey(email, purpose),
          UpdateExpression: 'ADD wrongTries :one',
          ConditionExpression: 'codeHash = :seen AND wrongTries < :max',
          ExpressionAttributeValues: { ':one': 1, ':seen': codeHashSeen, ':max': AUTH.otpMaxWrongTries },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  },

  /** T7c: single use; false if the code was already used, replaced, expired or exhausted. */
  /**
   * T7c: consumes a code (single use), if it is still this one and alive. False when it is not.
   * `limits`: the request's limits, moved in the same transaction (see PendingLimits).
   */
  async consumeCode(
    email: string,
    purpose: CodePurpose,
    codeHash: string,
    nowMs: number,
    limits?: PendingLimits,
  ): Promise<boolean> {
    const consume = {
      TableName: tableName,
      Key: oneTimeCodeKey(email, purpose),
      ConditionExpression: 'codeHash = :hash AND wrongTries < :max AND expiresAt > :now',
      ExpressionAttributeValues: { ':hash': codeHash, ':max': AUTH.otpMaxWrongTries, ':now': nowEpoch(nowMs) },
    };
    const result = await writeWithLimits({ Delete: consume }, limits);
    if (result.outcome === 'conflicted') throw result.error;
    return result.outcome === 'written';
  },

  async getLoginFailures(email: string): Promise<{ failures: number; blockedUntil: number } | undefined> {
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: loginFailureKey(email), ConsistentRead: true }),
    );
    return result.Item
      ? { failures: Number(result.Item.failures ?? 0), blockedUntil: Number(result.Item.blockedUntil ?? 0) }
      : undefined;
  },

  /**
   * L3: reserves a password attempt before Cognito sees it, counted as a failure until a success
   * clears it. The count moves by compare-and-set, so parallel attempts are serialised: once the
   * count reaches the back-off threshold the block is written with the reservation itself, and no
   * parallel request can pass it. Answers the seconds left when the address is blocked, else 0.
   *
   * The first try assumes no failures on record (the usual sign-in) and needs no read: a record
   * that exists fails the condition and comes back with the cancellation (ALL_OLD), and the next
   * try sets from it. `limits`: the request's limits, moved in the same transaction as the first
   * reservation that commits (one request for both: the round-trip budget, issue 12).
   */
  async reserveLoginAttempt(
    email: string,
    nowMs: number,
    blockSecondsFor: (failures: number) => number,
    limits?: PendingLimits,
  ): Promise<number> {
    const now = nowEpoch(nowMs);
    let current: { failures: number; blockedUntil: number } | undefined;
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
      const result = await writeWithLimits({ Update: reservation }, limits);
      if (result.outcome === 'written') return 0;
      // Another attempt moved the count first (or cleared it): go on from what it left.
      if (result.outcome === 'condition-failed') current = loginFailuresOf(result.item);
      else await sleep(10 + Math.floor(Math.random() * 40));
    }
    // Heavy contention on one address is itself a sign of an attack: refuse for a moment.
    return 1;
  },

  /** H3: the address's lock after too many wrong codes, in epoch seconds (0 when none). */
  async getCodeLock(email: string, nowMs: number): Promise<number> {
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: codeLockKey(email), ConsistentRead: true }),
    );
    const until = Number(result.Item?.lockedUntil ?? 0);
    return until > nowEpoch(nowMs) ? until : 0;
  },

  /**
   * H3: counts a wrong code for the address (all purposes, per UTC day) and locks its codes for
   * AUTH.codeLockHours once AUTH.maxFailedCodesPerDay is reached. Answers the lock's end or 0.
   */
  async recordCodeFailure(email: string, nowMs: number): Promise<number> {
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: rateWindowKey('code-fail', email, day),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':expires': nowEpoch(nowMs) + 48 * 3600 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (Number(result.Attributes?.count ?? 0) < AUTH.maxFailedCodesPerDay) return 0;
    const lockedUntil = nowEpoch(nowMs) + AUTH.codeLockHours * 3600;
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...codeLockKey(email), entity: 'CodeLock', lockedUntil, expiresAt: lockedUntil },
      }),
    );
    return lockedUntil;
  },

  async clearLoginFailures(email: string): Promise<void> {
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: loginFailureKey(email) }));
  },

  /**
   * Registers a session (M2). `clearLoginFailuresOf`: the sign-in that opened it also clears that
   * address's back-off (L3), in the same request (one TransactWriteItems: the round-trip budget).
   */
  async putSession(
    userId: string,
    tokenHash: string,
    nowMs: number,
    options: { clearLoginFailuresOf?: string } = {},
  ): Promise<void> {
    const session = sessionItem(userId, tokenHash, nowMs);
    if (options.clearLoginFailuresOf === undefined) {
      await documentClient.send(new PutCommand(session));
      return;
    }
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [{ Put: session }, clearLoginFailuresItem(options.clearLoginFailuresOf)],
      }),
    );
  },

  /** M5: an admin's TOTP set-up between the password step and the first code (TTL: AUTH.mfaSetupMinutes). */
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
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: mfaSetupKey(setupId), ConsistentRead: true }),
    );
    const item = result.Item;
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
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: mfaSetupKey(setupId),
          UpdateExpression: 'ADD wrongTries :one',
          // A set-up finished meanwhile must not come back as an item without expiry or token.
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
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
    const at = new Date(nowMs).toISOString();
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(userId),
        UpdateExpression: 'SET mfaEnabledAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  },

  /**
   * The profile's `isAdmin` is a display mirror of the Cognito group (data-model E1): refreshed
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

  /** Logout: forgets one refresh token of this user (the key includes the caller's id). */
  async deleteSession(userId: string, tokenHash: string): Promise<void> {
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: sessionKey(userId, tokenHash) }));
  },

  /** A registered refresh session: when it was opened (epoch ms); undefined when none (signed out). */
  async findSession(userId: string, tokenHash: string): Promise<{ createdAtMs: number } | undefined> {
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: sessionKey(userId, tokenHash), ConsistentRead: true }),
    );
    if (!result.Item) return undefined;
    const createdAtMs = Date.parse(String(result.Item.createdAt));
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
      await documentClient.send(new UpdateCommand(revoke)).catch((error: unknown) => {
        if (!isConditionalFailure(error)) throw error;
      });
      return;
    }
    // A password reset also clears the address's back-off (L3): same request. The profile is
    // known to exist there; a vanished one cancels both, as the revocation alone would have failed.
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [{ Update: revoke }, clearLoginFailuresItem(options.clearLoginFailuresOf)],
      }),
    );
  },

  /**
   * T10: username and/or e-mail change with marker moves, in one transaction. An e-mail change
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
      /** The request's limits, moved in the same transaction, after its own items (see PendingLimits). */
      limits?: PendingLimits;
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
      items.push(
        {
          Delete: {
            TableName: tableName,
            Key: emailMarkerKey(profile.email),
            ConditionExpression: 'attribute_not_exists(PK) OR userId = :id',
            ExpressionAttributeValues: { ':id': profile._id },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...emailMarkerKey(next.email), entity: 'EmailMarker', userId: profile._id },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      );
    }
    if (usernameChanged) {
      items.push(
        {
          Delete: {
            TableName: tableName,
            Key: usernameMarkerKey(profile.username),
            ConditionExpression: 'attribute_not_exists(PK) OR userId = :id',
            ExpressionAttributeValues: { ':id': profile._id },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...usernameMarkerKey(next.username), entity: 'UsernameMarker', userId: profile._id },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
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
    const ownItems = items.length;
    const counters = options.limits?.items ?? [];
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: [...items, ...counters] }));
      if (counters.length > 0) options.limits?.committed();
      return updated;
    } catch (error) {
      const reasons = cancelReasons(error);
      const refused = counters.length > 0 ? options.limits?.refusalIn(reasons, ownItems) : null;
      if (refused) throw refused;
      if (proof && reasons[ownItems - 1] === 'ConditionalCheckFailed') throw new CodeRejected();
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

export type AuthStore = typeof authStore;

/** A refresh session's registry entry (M2): the token's hash, never the token. */
function sessionItem(userId: string, tokenHash: string, nowMs: number) {
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

/** The back-off record returned with a failed condition; undefined when there is none (cleared). */
function loginFailuresOf(item: Record<string, unknown> | undefined) {
  const failures = numberAttribute(item?.failures);
  if (failures === undefined) return undefined;
  return { failures, blockedUntil: numberAttribute(item?.blockedUntil) ?? 0 };
}

/**
 * A number attribute of an item returned with a cancellation (ReturnValuesOnConditionCheckFailure):
 * the document client does not unmarshall errors, so it comes as `{ N: '...' }`.
 */
function numberAttribute(value: unknown): number | undefined {
  const raw = typeof value === 'object' && value !== null && 'N' in value ? (value as { N: unknown }).N : value;
  const number = Number(raw);
  return raw === undefined || raw === null || !Number.isFinite(number) ? undefined : number;
}

function toStoredCode(item: Item | undefined): StoredCode | undefined {
  if (!item) return undefined;
  return {
    codeHash: String(item.codeHash),
    wrongTries: Number(item.wrongTries ?? 0),
    expiresAt: Number(item.expiresAt),
    lastSentAt: Number(item.lastSentAt ?? 0),
    ...(typeof item.userId === 'string' ? { userId: item.userId } : {}),
  };
}

/**
 * E21, in the transaction that makes a user verified (T8 for Google and bootstrap profiles, T8b for
 * a registration): `total` and `active` +1 on TOTAL, `newUsers` +1 on the UTC month of verification.
 * Deactivation and activation move `active`/`inactive` (T11, admin-user-store.ts); nothing else
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
