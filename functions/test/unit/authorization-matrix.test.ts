import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getRoute, type RouteId } from '@goldbot/shared';
import { AUTHORIZATION_MATRIX, meetsExpectation, type AuthorizationRow } from '../authorization-matrix.js';
import { CALLERS, httpEvent, invoke, type HttpHandler } from '../helpers/lambda.js';

/**
 * The matrix, in process: every row's request sent to the real handler as each caller, with the
 * table mocked like an empty one (deletes of unknown ids fail their condition). The integration
 * suite repeats this over real HTTP against the local stack.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  dynamo.reset();
  dynamo.on(PutCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo
    .on(DeleteCommand)
    .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
});
afterAll(() => dynamo.restore());

const callers = { anonymous: null, user: CALLERS.user, admin: CALLERS.admin, otherUser: CALLERS.otherUser } as const;
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
});

describe.each(rows)('authorization matrix: %s', (routeId, row) => {
  const cases = (Object.keys(callers) as (keyof typeof callers)[])
    .filter((who) => row[who] !== undefined)
    .map((who) => [who, row[who] as AuthorizationRow['admin']] as const);

  it.each(cases)('as %s → %s', async (who, expected) => {
    const { handler } = (await import(`../../src/handlers/${routeId}.ts`)) as { handler: HttpHandler };
    const res = await invoke(
      handler,
      httpEvent({
        routeId,
        claims: callers[who],
        pathParameters: row.request.pathParams,
        query: row.request.query,
        body: row.request.body,
      }),
    );
    expect(
      meetsExpectation(res.statusCode, expected),
      `${getRoute(routeId).method} as ${who}: got ${res.statusCode} ${res.rawBody}`,
    ).toBe(true);
    // An allowed request must be a valid one: the row's request may not be rejected as malformed.
    if (expected === 'allowed') expect(res.statusCode, res.rawBody).not.toBe(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
