import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { CodeState, CodeStateRead, CodeToIssue, OneTimeCodeStore } from '../domain/auth/account-stores.js';
import type { CodePurpose, StoredCode } from '../domain/auth/one-time-codes.js';
import { TooManyRequestsError } from '../domain/errors.js';
import { liveOwnerOf, nowEpoch, numberAttribute } from './account-writes.js';
import { emailTemplateKey, templateFromItem } from './email-template-entity.js';
import { clearLoginFailuresItem, loginFailuresOf } from './login-backoff-store.js';
import { codeLockKey, loginFailureKey, oneTimeCodeKey, rateWindowKey } from './one-time-code-entity.js';
import {
  batchGetItems,
  cancellationCodes,
  cancellationReasons,
  updateIf,
  writtenIf,
  type Item,
} from './table-reads.js';
import { emailMarkerKey, usernameMarkerKey } from './user-profile-entity.js';

/**
 * One-time codes in the table: the code of an address and purpose (its keyed hash, wrong tries,
 * expiry), the address's hourly count of codes sent, its daily count of wrong codes and the lock
 * that follows too many. A code is issued, checked and consumed by conditional writes, so two
 * requests can never both use one code or both slip past a cap.
 */
/** The keys of a code state (readCodeState). */
function codeStateKeys(email: string, purpose: CodePurpose, nowMs: number, also: CodeStateRead = {}) {
  return [
    codeLockKey(email),
    oneTimeCodeKey(email, purpose),
    ...(also.emailOwner ? [emailMarkerKey(email)] : []),
    ...(also.username === undefined ? [] : [usernameMarkerKey(also.username)]),
    ...(also.loginFailuresOf === undefined ? [] : [loginFailureKey(also.loginFailuresOf)]),
    ...(also.mail === undefined ? [] : [emailTemplateKey(also.mail), sendCountKey(email, nowMs)]),
  ];
}

/** The address's count of codes sent in the hour of nowMs, and the hour's end (epoch ms). */
function sendCountKey(email: string, nowMs: number) {
  return rateWindowKey('otp-send', email, new Date(nowMs).toISOString().slice(0, 13));
}
const hourEndMs = (nowMs: number) => Date.parse(`${new Date(nowMs).toISOString().slice(0, 13)}:00:00.000Z`) + 3600_000;

/** The 429 of a code asked for inside the resend cool-down of the code sent at lastSentAt. */
function cooldownRefusal(lastSentAt: number | undefined, nowMs: number) {
  const wait =
    lastSentAt === undefined ? 1 : Math.ceil((lastSentAt + AUTH.otpResendCooldownSeconds * 1000 - nowMs) / 1000);
  return new TooManyRequestsError(`Please wait ${Math.max(1, wait)} seconds before requesting another code.`, wait);
}

/** The 429 of a code asked for past the address's hourly cap. */
const capRefusal = (nowMs: number) =>
  new TooManyRequestsError(
    'Too many codes requested for this email. Please try again later.',
    (hourEndMs(nowMs) - nowMs) / 1000,
  );

/** The refusal a new code would meet as read (codeIssueItems' conditions); undefined when none. */
function issueRefusalOf(code: StoredCode | undefined, sentThisHour: number, nowMs: number) {
  if (code && code.lastSentAt > nowMs - AUTH.otpResendCooldownSeconds * 1000)
    return cooldownRefusal(code.lastSentAt, nowMs);
  if (sentThisHour >= AUTH.otpMaxPerEmailPerHour) return capRefusal(nowMs);
  return undefined;
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
  const emailMarker = also.emailOwner ? find(emailMarkerKey(email)) : undefined;
  const emailOwner = liveOwnerOf(emailMarker, nowMs);
  const usernameOwner =
    also.username === undefined ? undefined : liveOwnerOf(find(usernameMarkerKey(also.username)), nowMs);
  const loginFailures =
    also.loginFailuresOf === undefined
      ? undefined
      : (loginFailuresOf(find(loginFailureKey(also.loginFailuresOf))) ?? { failures: 0, blockedUntil: 0 });
  const issueRefusal =
    also.mail === undefined
      ? undefined
      : issueRefusalOf(code, Number(find(sendCountKey(email, nowMs))?.count ?? 0), nowMs);
  return {
    lockedUntil: until > nowEpoch(nowMs) ? until : 0,
    ...(code ? { code } : {}),
    ...(emailOwner ? { emailOwner, emailPending: typeof emailMarker?.expiresAt === 'number' } : {}),
    ...(usernameOwner ? { usernameOwner } : {}),
    ...(loginFailures ? { loginFailures } : {}),
    ...(also.mail === undefined ? {} : { template: templateFromItem(also.mail, find(emailTemplateKey(also.mail))) }),
    ...(issueRefusal ? { issueRefusal } : {}),
  };
}
/**
 * The code's two items: the code (refused inside the resend cool-down) and the address's count of codes
 * this hour (refused at the cap). Reasons are read by codeIssueRefusal at the same offset.
 */
export function codeIssueItems(code: CodeToIssue, nowMs: number) {
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
        Key: sendCountKey(code.email, nowMs),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': AUTH.otpMaxPerEmailPerHour,
          ':expires': Math.floor(hourEndMs(nowMs) / 1000) + 3600,
        },
      },
    },
  ];
}

/** The 429 of a cancelled transaction whose codeIssueItems start at `at`; null when they did not refuse. */
export function codeIssueRefusal(error: unknown, at: number, nowMs: number): TooManyRequestsError | null {
  const reasons = cancellationCodes(error);
  if (reasons[at] === 'ConditionalCheckFailed') {
    return cooldownRefusal(numberAttribute(cancellationReasons(error)[at]?.Item?.lastSentAt), nowMs);
  }
  if (reasons[at + 1] === 'ConditionalCheckFailed') return capRefusal(nowMs);
  return null;
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
export const dynamoOneTimeCodeStore: OneTimeCodeStore = {
  /** A new code replaces the old one, within the cool-down and the hourly cap. */
  async issueCode(
    email: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: number,
    nowMs: number,
    options: {
      /** Who asked, for codes that belong to an account rather than to the address (e-mail change). */
      owner?: string;
      /** An address whose sign-in back-off a just-proven password clears, in the same write. */
      clearLoginFailuresOf?: string;
    } = {},
  ): Promise<void> {
    const { owner, clearLoginFailuresOf } = options;
    const clear = clearLoginFailuresOf === undefined ? [] : [clearLoginFailuresItem(clearLoginFailuresOf)];
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [...codeIssueItems({ email, purpose, codeHash, expiresAt, owner }, nowMs), ...clear],
        }),
      );
    } catch (error) {
      throw codeIssueRefusal(error, 0, nowMs) ?? error;
    }
  },

  /**
   * What a code check or a code mail reads, in one consistent BatchGetItem: the address's lock, its
   * code of this purpose and, as asked, the owners of the e-mail's and a username's markers.
   */
  async readCodeState(
    email: string,
    purpose: CodePurpose,
    nowMs: number,
    also: CodeStateRead = {},
  ): Promise<CodeState> {
    return codeStateFrom(await batchGetItems(codeStateKeys(email, purpose, nowMs, also)), email, purpose, nowMs, also);
  },

  /** Counts against this exact code only (a newer code is never charged for an old try). */
  async recordWrongTry(email: string, purpose: CodePurpose, codeHashSeen: string): Promise<void> {
    // A newer code, or one already exhausted, is left as it is.
    await updateIf({
      Key: oneTimeCodeKey(email, purpose),
      UpdateExpression: 'ADD wrongTries :one',
      ConditionExpression: 'codeHash = :seen AND wrongTries < :max',
      ExpressionAttributeValues: { ':one': 1, ':seen': codeHashSeen, ':max': AUTH.otpMaxWrongTries },
    });
  },

  /** Consumes a code (single use), if it is still this one and alive. False when it is not. */
  async consumeCode(email: string, purpose: CodePurpose, codeHash: string, nowMs: number): Promise<boolean> {
    return writtenIf({
      Delete: {
        TableName: tableName,
        Key: oneTimeCodeKey(email, purpose),
        ConditionExpression: 'codeHash = :hash AND wrongTries < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':hash': codeHash, ':max': AUTH.otpMaxWrongTries, ':now': nowEpoch(nowMs) },
      },
    });
  },
  /**
   * Counts a wrong code for the address (all purposes, per UTC day) and locks its codes for
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
};
