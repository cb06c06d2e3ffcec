import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { CALLERS, givenProfiles, callRoute } from './lambda.js';
import { useAwsOutbox } from './aws-outbox.js';
import { useMockedDynamo } from './dynamo-outcomes.js';

/**
 * What the admin commerce handlers' tests share: importing this module gives the importing test
 * file the mocked table with the callers' profiles and SES (their hooks), and call, which invokes
 * a route in process.
 */

export const dynamo = useMockedDynamo();
export const outbox = useAwsOutbox();
beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
});

export const call = async (
  routeId: RouteId,
  options: { pathParameters?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) => callRoute({ routeId, claims: CALLERS.admin, ...options });
