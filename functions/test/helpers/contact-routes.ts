import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, vi } from 'vitest';
import { CALLERS, givenProfiles, httpEvent, invoke, type HttpHandler } from './lambda.js';
import { useMockedDynamo } from './dynamo-outcomes.js';

/**
 * What the contact routes' tests share: importing this module gives the importing test file the
 * mocked table with the callers' profiles and a fixed clock (its hooks), and the contact message
 * items and DynamoDB refusals the tests are given.
 */

export const dynamo = useMockedDynamo();
export const TABLE = 'test-table';
export const NOW = new Date('2026-03-04T05:06:07.890Z');

beforeEach(() => {
  // The per-request session guard reads the caller's profile: signed-in callers have one.
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

export const item = (id: string, createdAt: string, name = 'Jane') => ({
  PK: `CONTACT#${id}`,
  SK: `CONTACT#${id}`,
  GSI1PK: 'CONTACTS',
  GSI1SK: `${createdAt}#${id}`,
  entity: 'ContactMessage',
  _id: id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  message: `Hello from ${name}`,
  createdAt,
});

/** A cancelled TransactWriteItems with one reason per item. */
export const cancelled = (...reasons: CancellationReason[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: reasons,
  });

export const conditionalCheckFailed = () =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: { httpStatusCode: 400 },
  });

/** The message the one-message routes (contact-delete, contact-mark-read) act on, and its key. */
export const MESSAGE_ID = '01KDX3N8W6Q5ZJ4R2T7B9C0E1F';
export const MESSAGE_KEY = { PK: `CONTACT#${MESSAGE_ID}`, SK: `CONTACT#${MESSAGE_ID}` };

/** An admin's call of a one-message route, on the sample message unless another id is given. */
export const adminCallOn =
  (routeId: 'contact-delete' | 'contact-mark-read') =>
  (messageId = MESSAGE_ID) =>
    httpEvent({ routeId, claims: CALLERS.admin, pathParameters: { id: messageId } });

/** The status codes a one-message route answers an anonymous caller and a signed-in non-admin. */
export async function anonymousAndUserStatuses(
  handler: HttpHandler,
  routeId: 'contact-delete' | 'contact-mark-read',
): Promise<number[]> {
  const pathParameters = { id: MESSAGE_ID };
  const anonymous = await invoke(handler, httpEvent({ routeId, pathParameters }));
  const user = await invoke(handler, httpEvent({ routeId, pathParameters, claims: CALLERS.user }));
  return [anonymous.statusCode, user.statusCode];
}

/**
 * The transaction item that takes 1 off one contact counter, on condition that it stays at 0 or
 * above; `atLeast` names the condition's placeholder for 1 (the routes name it differently).
 */
export const counterDecrement = (sk: string, counter: string, atLeast = ':one') => ({
  Update: {
    TableName: TABLE,
    Key: { PK: 'STATS#CONTACTS', SK: sk },
    UpdateExpression: `ADD #${counter} :minus`,
    ConditionExpression: `#${counter} >= ${atLeast}`,
    ExpressionAttributeNames: { [`#${counter}`]: counter },
    ExpressionAttributeValues: { ':minus': -1, [atLeast]: 1 },
  },
});
