import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { CALLERS, givenProfiles, callRoute } from './lambda.js';
import { useMockedDynamo, givenEmptyTable } from './dynamo-outcomes.js';
import { useAwsOutbox } from './aws-outbox.js';
import { runningPro } from './trading-samples.js';

/**
 * What the MetaTrader 5 handlers' tests share: importing this module gives the importing test file
 * the mocked table with the callers' profiles and SES (their hooks), call, which invokes a route
 * in process, and a paid package for the customer.
 */

export const dynamo = useMockedDynamo();
export const outbox = useAwsOutbox();
export const USER_SUB = String(CALLERS.user.sub);

beforeEach(() => {
  givenEmptyTable(dynamo);
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
});

export const call = async (
  routeId: RouteId,
  options: {
    claims?: Record<string, string>;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  } = {},
) =>
  callRoute({
    routeId,
    claims: options.claims ?? CALLERS.user,
    ...(options.params ? { pathParameters: options.params } : {}),
    query: options.query,
    body: options.body,
  });
export const withPaidPackage = () =>
  dynamo
    .on(QueryCommand, {
      ExpressionAttributeValues: { ':pk': `USER#${USER_SUB}`, ':from': 'SUB#', ':to': 'TRADING#MT5' },
    })
    .resolves({ Items: [toSubscriptionItem(runningPro({ userId: USER_SUB }))] });
