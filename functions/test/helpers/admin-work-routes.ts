import { BatchGetCommand, GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import {
  CALLERS,
  givenItems,
  httpEvent,
  invoke,
  profileItemOf,
  type Claims,
  type HttpHandler,
  routeHandler,
} from './lambda.js';
import { useAwsOutbox } from './aws-outbox.js';
import { useMockedDynamo, givenEmptyTable } from './dynamo-outcomes.js';

/**
 * What the tests of the administrators' work routes share: importing this module gives the
 * importing test file a mocked table with the callers' profiles and a mocked SES (their hooks);
 * loadRoutes loads the routes a file calls.
 */

export const dynamo = useMockedDynamo();
export const outbox = useAwsOutbox();
export const ADMIN_PROFILE = { PK: `USER#${CALLERS.admin.sub}`, SK: 'PROFILE' };

beforeEach(() => {
  givenEmptyTable(dynamo);
  dynamo.on(BatchGetCommand).resolves({ Responses: {} });
  givenItems(
    dynamo,
    { ...ADMIN_PROFILE, ...profileItemOf(CALLERS.admin) },
    { PK: `USER#${CALLERS.user.sub}`, SK: 'PROFILE', ...profileItemOf(CALLERS.user) },
  );
});

type AdminWorkRoute = 'admin-work-counts' | 'admin-setup-checklist' | 'admin-test-mail';
const handlers = new Map<RouteId, HttpHandler>();

/**
 * Loads the routes a test file calls, once up front: a handler's first import (its bundle's
 * modules) is slow on a busy machine.
 */
export const loadRoutes = (...ids: AdminWorkRoute[]) =>
  beforeAll(async () => {
    for (const id of ids) {
      handlers.set(id, await routeHandler(id));
    }
  }, 60_000);

export const call = async (routeId: AdminWorkRoute, claims: Claims = CALLERS.admin, body?: unknown) => {
  const handler = handlers.get(routeId);
  if (!handler) throw new Error(`${routeId} not loaded`);
  return invoke(handler, httpEvent({ routeId, claims, ...(body === undefined ? {} : { body }) }));
};
export const getsOf = (pk: string) => dynamo.commandCalls(GetCommand).filter((c) => c.args[0].input.Key?.PK === pk);
export const updatesOf = (pk: string): UpdateCommandInput[] =>
  dynamo
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((input) => String(input.Key?.PK).startsWith(pk));
