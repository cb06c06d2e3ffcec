import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, vi } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { SAMPLE_USER, sampleUserItem } from './admin-user-samples.js';
import { CALLERS, givenProfiles, httpEvent } from './lambda.js';
import { useMockedDynamo, givenEmptyTable } from './dynamo-outcomes.js';
import { useCognitoFake } from './cognito-fake.js';

/**
 * What the tests of the admin user routes and the audit log share: importing this module gives the
 * importing test file a mocked table with the callers' profiles, a Cognito fake and a fixed clock
 * (their hooks), and the events and items the tests send and are given.
 */

export const dynamo = useMockedDynamo();
export const cognito = useCognitoFake();
export const TABLE = 'test-table';
export const NOW = new Date('2026-03-04T05:06:07.890Z');
export const NOW_EPOCH = Math.floor(NOW.getTime() / 1000);
export const JANE_KEY = { PK: `USER#${SAMPLE_USER._id}`, SK: 'PROFILE' };
export const ADMIN_SUB = String(CALLERS.admin.sub);

beforeEach(() => {
  cognito.reset();
  givenEmptyTable(dynamo);
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

export const asAdmin = (routeId: RouteId, options: { query?: Record<string, string>; id?: string } = {}) =>
  httpEvent({
    routeId,
    claims: CALLERS.admin,
    query: options.query,
    ...(options.id !== undefined ? { pathParameters: { id: options.id } } : {}),
  });
export const givenJane = (overrides: Record<string, unknown> = {}) =>
  dynamo.on(GetCommand, { Key: JANE_KEY }).resolves({ Item: sampleUserItem(overrides) });
