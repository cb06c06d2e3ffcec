import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUTH } from '@goldbot/shared';
import { REGISTRATION_CLAIM_SECONDS } from '../../src/domain/auth/account-stores.js';
import { dynamoLoginBackoffStore } from '../../src/data/login-backoff-store.js';
import { dynamoOneTimeCodeStore } from '../../src/data/one-time-code-store.js';
import { dynamoRegistrationStore } from '../../src/data/registration-store.js';
import { dynamoSessionStore } from '../../src/data/session-store.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import type { UserProfile } from '../../src/domain/records/user-profile.js';
import { backoffSeconds } from '../../src/domain/auth/login-backoff.js';

/**
 * The DynamoDB side of the fixes that must hold under concurrency: the login reservation,
 * the daily code lock, logout and the registration's e-mail claim, against
 * the document client mocked.
 */
const dynamo = useMockedDynamo();

const NOW_MS = Date.parse('2026-11-23T12:00:00.000Z');
const NOW = NOW_MS / 1000;
const EMAIL = 'jane.doe@example.com';
const LOGINFAIL = { PK: `LOGINFAIL#${EMAIL}`, SK: 'LOGINFAIL' };
const conditionalCheckFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const updates = () => dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input);

describe('reserveLoginAttempt', () => {
  /** A failed condition, with the record as it is now (ReturnValuesOnConditionCheckFailure). */
  const movedTo = (record?: { failures: number; blockedUntil: number }) =>
    Object.assign(conditionalCheckFailed(), {
      Item: record
        ? { ...LOGINFAIL, failures: { N: String(record.failures) }, blockedUntil: { N: String(record.blockedUntil) } }
        : undefined,
    });

  it('counts the first attempt without a read, only if no other attempt created the count meanwhile', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await expect(dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds)).resolves.toBe(0);
    expect(dynamo.calls()).toHaveLength(1);
    expect(updates()).toEqual([
      expect.objectContaining({
        Key: LOGINFAIL,
        UpdateExpression: 'SET failures = :next, blockedUntil = :until, lastFailureAt = :nowMs, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(failures)',
        ExpressionAttributeValues: { ':next': 1, ':until': 0, ':nowMs': NOW_MS, ':expires': NOW + 24 * 3600 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    ]);
  });

  it('moves a count on record by compare-and-set from the record the failed guess returned', async () => {
    dynamo
      .on(UpdateCommand)
      .rejectsOnce(movedTo({ failures: 4, blockedUntil: 0 }))
      .resolves({});
    await expect(dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds)).resolves.toBe(0);
    expect(dynamo.calls()).toHaveLength(2);
    expect(updates()[1]).toMatchObject({
      ConditionExpression: 'failures = :seen',
      ExpressionAttributeValues: { ':seen': 4, ':next': 5, ':until': NOW + 30 },
    });
    expect(AUTH.loginFailuresBeforeBackoff).toBe(5);
  });

  it('goes on from what a parallel attempt left, and starts again when a success cleared it', async () => {
    dynamo
      .on(UpdateCommand)
      .rejectsOnce(movedTo({ failures: 3, blockedUntil: 0 }))
      .rejectsOnce(movedTo({ failures: 4, blockedUntil: 0 }))
      .rejectsOnce(movedTo(undefined))
      .resolves({});
    await expect(dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds)).resolves.toBe(0);
    expect(updates().map((u) => [u.ConditionExpression, u.ExpressionAttributeValues?.[':next']])).toEqual([
      ['attribute_not_exists(failures)', 1],
      ['failures = :seen', 4],
      ['failures = :seen', 5],
      ['attribute_not_exists(failures)', 1],
    ]);
  });

  it('answers the seconds left of a block, changing nothing, and counts nothing more', async () => {
    dynamo.on(UpdateCommand).rejects(movedTo({ failures: 6, blockedUntil: NOW + 42 }));
    await expect(dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds)).resolves.toBe(42);
    expect(updates()).toHaveLength(1);
  });

  it('refuses for a moment under heavy contention, and lets other errors through', async () => {
    dynamo.on(UpdateCommand).rejects(movedTo({ failures: 1, blockedUntil: 0 }));
    await expect(dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds)).resolves.toBe(1);
    expect(updates()).toHaveLength(8);

    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds)).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
  });
});

describe('the daily code lock', () => {
  it('counts wrong codes per address and UTC day, and locks for 24 h at the tenth', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: AUTH.maxFailedCodesPerDay - 1 } });
    dynamo.on(PutCommand).resolves({});
    await expect(dynamoOneTimeCodeStore.recordCodeFailure('Jane.Doe@Example.com', NOW_MS)).resolves.toBe(0);
    expect(updates()[0]).toMatchObject({
      Key: { PK: `RATE#code-fail#${EMAIL}`, SK: 'WINDOW#2026-11-23' },
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ReturnValues: 'UPDATED_NEW',
    });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);

    dynamo.on(UpdateCommand).resolves({ Attributes: { count: AUTH.maxFailedCodesPerDay } });
    const lockedUntil = NOW + AUTH.codeLockHours * 3600;
    await expect(dynamoOneTimeCodeStore.recordCodeFailure(EMAIL, NOW_MS)).resolves.toBe(lockedUntil);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toEqual({
      PK: `CODELOCK#${EMAIL}`,
      SK: 'CODELOCK',
      entity: 'CodeLock',
      lockedUntil,
      expiresAt: lockedUntil,
    });
  });
});

describe('sessions', () => {
  it("logout deletes one session of the caller's own, by the hash of its token", async () => {
    dynamo.on(DeleteCommand).resolves({});
    await dynamoSessionStore.deleteSession('user-1', 'a'.repeat(64));
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: 'USER#user-1', SK: `SESSION#${'a'.repeat(64)}` },
    });
  });

  it('keeps a session for the 7 days of its refresh token', async () => {
    dynamo.on(PutCommand).resolves({});
    await dynamoSessionStore.putSession('user-1', 'b'.repeat(64), NOW_MS);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      PK: 'USER#user-1',
      SK: `SESSION#${'b'.repeat(64)}`,
      expiresAt: NOW + AUTH.refreshTokenDays * 24 * 3600,
    });
    expect(AUTH.refreshTokenDays).toBe(7);
  });

  it("registers a sign-in's session and clears its back-off in one transaction", async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await dynamoSessionStore.putSession('user-1', 'b'.repeat(64), NOW_MS, { clearLoginFailuresOf: EMAIL });
    expect(dynamo.calls()).toHaveLength(1);
    expect(dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems).toEqual([
      { Put: expect.objectContaining({ Item: expect.objectContaining({ SK: `SESSION#${'b'.repeat(64)}` }) }) },
      { Delete: { TableName: 'test-table', Key: LOGINFAIL } },
    ]);
  });
});

describe('issueCode', () => {
  it('answers the cool-down from the code returned with the cancellation, without reading it again', async () => {
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [
          { Code: 'ConditionalCheckFailed', Item: { lastSentAt: { N: String(NOW_MS - 12_000) } } },
          { Code: 'None' },
        ],
      }),
    );
    const error = await dynamoOneTimeCodeStore
      .issueCode(EMAIL, 'registration', 'h', NOW + 600, NOW_MS)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 429,
      message: `Please wait ${AUTH.otpResendCooldownSeconds - 12} seconds before requesting another code.`,
    });
    expect(dynamo.calls()).toHaveLength(1);
    const [codePut] = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(codePut?.Put?.ReturnValuesOnConditionCheckFailure).toBe('ALL_OLD');
  });
});

describe('readCodeState (one consistent BatchGetItem)', () => {
  const item = (key: { PK: string; SK: string }, rest: Record<string, unknown>) => ({ ...key, ...rest });

  it('reads the lock, the code and, as asked, both markers in one request', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': [
          item({ PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK' }, { lockedUntil: NOW + 60 }),
          item(
            { PK: `OTP#${EMAIL}`, SK: 'PURPOSE#registration' },
            { codeHash: 'h', wrongTries: 2, expiresAt: NOW + 600 },
          ),
          item({ PK: `EMAIL#${EMAIL}`, SK: 'EMAIL' }, { userId: 'user-1' }),
          // An abandoned registration's username marker has expired: nobody's.
          item({ PK: 'USERNAME#jane_doe', SK: 'USERNAME' }, { userId: 'user-2', expiresAt: NOW - 1 }),
        ],
      },
    });
    const state = await dynamoOneTimeCodeStore.readCodeState(EMAIL, 'registration', NOW_MS, {
      emailOwner: true,
      username: 'Jane_Doe',
    });
    expect(dynamo.calls()).toHaveLength(1);
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems).toEqual({
      'test-table': {
        ConsistentRead: true,
        Keys: [
          { PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK' },
          { PK: `OTP#${EMAIL}`, SK: 'PURPOSE#registration' },
          { PK: `EMAIL#${EMAIL}`, SK: 'EMAIL' },
          { PK: 'USERNAME#jane_doe', SK: 'USERNAME' },
        ],
      },
    });
    expect(state).toEqual({
      lockedUntil: NOW + 60,
      code: { codeHash: 'h', wrongTries: 2, expiresAt: NOW + 600, lastSentAt: 0 },
      // A marker without expiry: a verified address.
      emailOwner: 'user-1',
      emailPending: false,
    });
  });

  it('reads only the lock and the code when nothing else is asked, and forgets a lock that ended', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'test-table': [item({ PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK' }, { lockedUntil: NOW })] },
    });
    await expect(dynamoOneTimeCodeStore.readCodeState(EMAIL, 'reset', NOW_MS)).resolves.toEqual({ lockedUntil: 0 });
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.['test-table']?.Keys).toHaveLength(2);
  });
});

describe('readCodeState for a sign-in or a code mail', () => {
  const item = (key: { PK: string; SK: string }, rest: Record<string, unknown>) => ({ ...key, ...rest });
  const SENT = { PK: `RATE#otp-send#${EMAIL}`, SK: 'WINDOW#2026-11-23T12' };
  const TEMPLATE = { PK: 'TEMPLATES', SK: 'TEMPLATE#otpVerification' };

  it('reads the back-off, the template and the sends of the hour with the code, and sees the cool-down', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': [
          item(LOGINFAIL, { failures: 3, blockedUntil: 0 }),
          item(
            { PK: `OTP#${EMAIL}`, SK: 'PURPOSE#registration' },
            { codeHash: 'h', wrongTries: 0, expiresAt: NOW + 600, lastSentAt: NOW_MS - 10_000 },
          ),
        ],
      },
    });
    const state = await dynamoOneTimeCodeStore.readCodeState(EMAIL, 'registration', NOW_MS, {
      loginFailuresOf: EMAIL,
      mail: 'otpVerification',
    });
    expect(dynamo.calls()).toHaveLength(1);
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.['test-table']?.Keys).toEqual([
      { PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK' },
      { PK: `OTP#${EMAIL}`, SK: 'PURPOSE#registration' },
      LOGINFAIL,
      TEMPLATE,
      SENT,
    ]);
    expect(state.loginFailures).toEqual({ failures: 3, blockedUntil: 0 });
    // No admin edit: the built-in template.
    expect(state.template?.subject).toEqual(expect.any(String));
    expect(state.issueRefusal?.message).toBe('Please wait 20 seconds before requesting another code.');
  });

  it('sees the hourly cap, and no back-off on record as 0 failures', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'test-table': [item(SENT, { count: AUTH.otpMaxPerEmailPerHour })] },
    });
    const state = await dynamoOneTimeCodeStore.readCodeState(EMAIL, 'registration', NOW_MS, {
      loginFailuresOf: EMAIL,
      mail: 'otpVerification',
    });
    expect(state.loginFailures).toEqual({ failures: 0, blockedUntil: 0 });
    expect(state.issueRefusal?.message).toBe('Too many codes requested for this email. Please try again later.');
  });

  it('the reservation starts from the record read: one conditional write with failures on record', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await expect(
      dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds, { failures: 3, blockedUntil: 0 }),
    ).resolves.toBe(0);
    expect(updates()).toEqual([
      expect.objectContaining({
        ConditionExpression: 'failures = :seen',
        ExpressionAttributeValues: expect.objectContaining({ ':seen': 3, ':next': 4 }),
      }),
    ]);
    // Blocked as read: refused without a write.
    dynamo.reset();
    await expect(
      dynamoLoginBackoffStore.reserveLoginAttempt(EMAIL, NOW_MS, backoffSeconds, {
        failures: 6,
        blockedUntil: NOW + 42,
      }),
    ).resolves.toBe(42);
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('one registration per address in flight', () => {
  const MARKER = { PK: `EMAIL#${EMAIL}`, SK: 'EMAIL' };
  const PROFILE: UserProfile = {
    _id: 'sub-1',
    username: 'jane_doe',
    email: EMAIL,
    phone: null,
    isActive: true,
    isAdmin: false,
    referralCode: 'ABCD2345',
    referralCount: 0,
    referralEarnings: 0,
    createdAt: new Date(NOW_MS).toISOString(),
    updatedAt: new Date(NOW_MS).toISOString(),
  };
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('claims the e-mail marker only while no live marker or claim holds it, for REGISTRATION_CLAIM_SECONDS', async () => {
    dynamo.on(PutCommand).resolvesOnce({}).rejects(conditionalCheckFailed());
    await expect(dynamoRegistrationStore.claimEmailForRegistration(EMAIL, 'claim-1', NOW_MS)).resolves.toBe(true);
    await expect(dynamoRegistrationStore.claimEmailForRegistration(EMAIL, 'claim-2', NOW_MS)).resolves.toBe(false);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      Item: {
        ...MARKER,
        entity: 'EmailMarker',
        registrationClaim: 'claim-1',
        expiresAt: NOW + REGISTRATION_CLAIM_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': NOW },
    });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).not.toHaveProperty('userId');
  });

  it('reads a claimed marker as nobody’s, and releases only its own claim', async () => {
    dynamo.on(GetCommand).resolves({ Item: { ...MARKER, registrationClaim: 'claim-1', expiresAt: NOW + 60 } });
    await expect(dynamoRegistrationStore.findUserIdByEmail(EMAIL, NOW_MS)).resolves.toBeUndefined();
    dynamo.on(DeleteCommand).rejects(conditionalCheckFailed());
    await expect(dynamoRegistrationStore.releaseEmailClaim(EMAIL, 'claim-1')).resolves.toBeUndefined();
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: MARKER,
      ConditionExpression: 'registrationClaim = :claim',
      ExpressionAttributeValues: { ':claim': 'claim-1' },
    });
  });

  it('replaces its own claim with the marker, and retries a transaction cancelled only by conflicts', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict', 'None', 'None'))
      .resolves({});
    await dynamoRegistrationStore.createRegistration(PROFILE, NOW_MS, false, { emailClaim: 'claim-1' });
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input.TransactItems?.[1]?.Put).toMatchObject({
      Item: { ...MARKER, userId: 'sub-1', expiresAt: NOW + 24 * 3600 },
      ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now OR registrationClaim = :claim',
      ExpressionAttributeValues: { ':now': NOW, ':claim': 'claim-1' },
    });

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    await expect(
      dynamoRegistrationStore.createRegistration(PROFILE, NOW_MS, false, { emailClaim: 'claim-1' }),
    ).rejects.toThrow('An account with this email already exists.');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
