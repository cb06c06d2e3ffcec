import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, vi } from 'vitest';
import { CALLERS, givenProfiles } from './lambda.js';
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
