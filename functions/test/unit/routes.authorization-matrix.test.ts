import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  changePasswordInputSchema,
  confirmEmailChangeInputSchema,
  getRoute,
  resetPasswordInputSchema,
  submitUsdtPaymentInputSchema,
  verifyOtpInputSchema,
  verifyResetOtpInputSchema,
  withdrawalRequestInputSchema,
  type RouteId,
} from '@goldbot/shared';
import {
  AUTHORIZATION_MATRIX,
  GUARD_MESSAGES,
  meetsExpectation,
  resolvePathParams,
  type AuthorizationRow,
  type MatrixCaller,
} from '../authorization-matrix.js';
import { CALLERS, givenProfiles, profileItemOf, callRoute } from '../helpers/lambda.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { cognitoError, useCognitoFake } from '../helpers/cognito-fake.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The matrix, in process: every row's request sent to the real handler as each caller, with the
 * table mocked like an empty one apart from the signed-in callers' profiles (deletes of unknown
 * ids fail their condition) and a Cognito that knows nobody (sign-up works, every sign-in and
 * refresh is refused). The integration suite repeats this over real HTTP against the local stack.
 */
const dynamo = useMockedDynamo();
const cognito = useCognitoFake();
// Mail goes to the outbox, never to the network.
useAwsOutbox();
beforeEach(() => {
  cognito.reset();
  dynamo.on(GetCommand).resolves({});
  // Signed-in callers have profiles: the session guard refuses tokens without one.
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin, CALLERS.otherUser);
  // ...and batch reads find them too (the commerce use cases read the profile with other items).
  dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems ?? {}).map(([table, request]) => [
        table,
        (request.Keys ?? []).flatMap((key) => {
          const caller = Object.values(CALLERS).find((c) => key.PK === `USER#${c.sub}` && key.SK === 'PROFILE');
          return caller ? [profileItemOf(caller)] : [];
        }),
      ]),
    ),
  }));
  dynamo.on(PutCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({ Attributes: { failures: 1 } });
  dynamo.on(DeleteCommand).rejects(conditionFailed());
  cognito.on('SignUp').resolves({ UserSub: '33333333-3333-4333-8333-333333333333', UserConfirmed: false });
  cognito.on('AdminInitiateAuth').rejects(cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
});

const callers = { anonymous: null, user: CALLERS.user, admin: CALLERS.admin, otherUser: CALLERS.otherUser } as const;
const ids = {
  user: String(CALLERS.user.sub),
  otherUser: String(CALLERS.otherUser.sub),
  admin: String(CALLERS.admin.sub),
};
const rows = Object.entries(AUTHORIZATION_MATRIX) as [RouteId, AuthorizationRow][];

describe('meetsExpectation', () => {
  it('counts anything but 401/403 as allowed', () => {
    for (const status of [200, 201, 204, 400, 404, 409, 429, 500])
      expect(meetsExpectation(status, 'allowed')).toBe(true);
    expect(meetsExpectation(401, 'allowed')).toBe(false);
    expect(meetsExpectation(403, 'allowed')).toBe(false);
    expect(meetsExpectation(401, 401)).toBe(true);
    expect(meetsExpectation(403, 401)).toBe(false);
    expect(meetsExpectation(200, 403)).toBe(false);
  });

  it("counts exactly a row's answers as allowed when it lists them", () => {
    expect(meetsExpectation(401, 'allowed', [401, 429])).toBe(true);
    expect(meetsExpectation(429, 'allowed', [401, 429])).toBe(true);
    expect(meetsExpectation(200, 'allowed', [401, 429])).toBe(false);
    expect(meetsExpectation(403, 403, [400])).toBe(true);
  });
});

describe('resolvePathParams', () => {
  it('sends the caller its own id, and otherUser the user id', () => {
    const params = { userId: '{self}', fixed: 'x' };
    expect(resolvePathParams(params, 'user', ids)).toEqual({ userId: ids.user, fixed: 'x' });
    expect(resolvePathParams(params, 'admin', ids)).toEqual({ userId: ids.admin, fixed: 'x' });
    expect(resolvePathParams(params, 'otherUser', ids)).toEqual({ userId: ids.user, fixed: 'x' });
    expect(resolvePathParams(undefined, 'user', ids)).toBeUndefined();
  });
});

describe('rows whose use case answers 400', () => {
  // Their 400 must be the use case's ("wrong code", "wrong current password"), never the schema's.
  it.each([
    ['auth-verify-otp', verifyOtpInputSchema],
    ['auth-verify-reset-otp', verifyResetOtpInputSchema],
    ['auth-reset-password', resetPasswordInputSchema],
    ['auth-update-user', changePasswordInputSchema],
    ['auth-confirm-email-change', confirmEmailChangeInputSchema],
    ['withdrawal-request', withdrawalRequestInputSchema],
    ['payment-submit-usdt', submitUsdtPaymentInputSchema],
  ] as const)('%s sends a body its schema accepts', (routeId, schema) => {
    expect(AUTHORIZATION_MATRIX[routeId]?.answers).toContain(400);
    expect(schema.safeParse(AUTHORIZATION_MATRIX[routeId]?.request.body).success).toBe(true);
  });

  it('lists every row that answers 400 above', () => {
    const with400 = rows.filter(([, row]) => row.answers?.includes(400)).map(([id]) => id);
    expect(with400.sort()).toEqual(
      [
        'auth-confirm-email-change',
        'auth-reset-password',
        'auth-update-user',
        'auth-verify-otp',
        'auth-verify-reset-otp',
        'withdrawal-request',
        'payment-submit-usdt',
      ].sort(),
    );
  });
});

describe.each(rows)('authorization matrix: %s', (routeId, row) => {
  const cases = (Object.keys(callers) as MatrixCaller[])
    .filter((who) => row[who] !== undefined)
    .map((who) => [who, row[who] as AuthorizationRow['admin']] as const);

  it.each(cases)('as %s → %s', async (who, expected) => {
    const res = await callRoute({
      routeId,
      claims: callers[who],
      pathParameters: resolvePathParams(row.request.pathParams, who, ids),
      query: row.request.query,
      body: row.request.body,
    });
    expect(
      meetsExpectation(res.statusCode, expected, row.answers),
      `${getRoute(routeId).method} as ${who}: got ${res.statusCode} ${res.rawBody}`,
    ).toBe(true);
    if (expected === 'allowed') {
      // An allowed request must be a valid one: the row's request may not be rejected as malformed.
      // (Rows whose use case answers 400 to a wrong code or password list it in `answers`.)
      if (!row.answers?.includes(400)) expect(res.statusCode, res.rawBody).not.toBe(400);
      expect(GUARD_MESSAGES as readonly unknown[]).not.toContain(res.body.message);
    }
    // A 5xx only where the row names it as the use case's answer (503: no payment wallet configured).
    if (!row.answers?.includes(res.statusCode)) expect(res.statusCode).toBeLessThan(500);
  });
});
