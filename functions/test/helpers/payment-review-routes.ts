import { beforeEach } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { CALLERS, givenProfiles, callRoute } from './lambda.js';
import { useAwsOutbox } from './aws-outbox.js';
import { useMockedDynamo, givenEmptyTable } from './dynamo-outcomes.js';

/**
 * What the admin commerce handlers' tests share: importing this module gives the importing test
 * file the mocked table with the callers' profiles and SES (their hooks), and call, which invokes
 * a route in process.
 */

export const dynamo = useMockedDynamo();
export const outbox = useAwsOutbox();
beforeEach(() => {
  givenEmptyTable(dynamo);
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
});

export const call = async (
  routeId: RouteId,
  options: { pathParameters?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) => callRoute({ routeId, claims: CALLERS.admin, ...options });
