import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { CALLERS, givenProfiles, type Claims, callRoute } from './lambda.js';
import { settingsSampleWorld } from './settings-samples.js';
import { useMockedDynamo, givenEmptyTable } from './dynamo-outcomes.js';

/**
 * What the configuration handlers' tests share: importing this module gives the importing test
 * file a mocked, seeded table with the callers' profiles (its hooks), and call, which invokes a
 * route in process.
 */

export const dynamo = useMockedDynamo();
beforeEach(() => {
  givenEmptyTable(dynamo);
  settingsSampleWorld(dynamo)['settings-email-templates-get']?.();
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
});

export const call = async (
  routeId: RouteId,
  options: { pathParameters?: Record<string, string>; body?: unknown; claims?: Claims } = {},
) => callRoute({ routeId, claims: CALLERS.admin, ...options });
export const transactItems = (n = 0) => dynamo.commandCalls(TransactWriteCommand)[n]?.args[0].input.TransactItems ?? [];
