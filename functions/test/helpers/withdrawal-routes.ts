import { beforeEach, vi } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { CALLERS, givenProfiles, jwtClaims, callRoute } from './lambda.js';
import { SAMPLE_PAYOUT_TXID, SAMPLE_REQUESTER, withdrawalSampleWorld } from './withdrawal-samples.js';
import { useMockedDynamo, givenEmptyTable } from './dynamo-outcomes.js';
import { useAwsOutbox } from './aws-outbox.js';
import { tronFetch } from './tron-fetch.js';

/**
 * What the withdrawal handlers' tests share: importing this module gives the importing test file
 * the mocked table with the callers' profiles and SES (their hooks), a TRON API double behind
 * fetch (answers set in tronAnswers), the sample world of helpers/withdrawal-samples.ts, and call,
 * which invokes a route in process.
 */

export const tronAnswers = new Map<string, unknown>();
vi.stubGlobal('fetch', tronFetch(tronAnswers));

export const dynamo = useMockedDynamo();
export const outbox = useAwsOutbox();
export const JANE = jwtClaims(SAMPLE_REQUESTER._id, SAMPLE_REQUESTER.email);
export const world = withdrawalSampleWorld(dynamo);

beforeEach(() => {
  givenEmptyTable(dynamo);
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
});

export const call = async (
  routeId: RouteId,
  options: { claims?: Record<string, string>; id?: string; query?: Record<string, string>; body?: unknown } = {},
) =>
  callRoute({
    routeId,
    claims: options.claims ?? CALLERS.admin,
    ...(options.id ? { pathParameters: { id: options.id } } : {}),
    query: options.query,
    body: options.body,
  });
export const roundTrips = () => dynamo.calls().length;
/** The approval body of the sample: its payout TXID, as an admin may paste it (0x, upper case, spaces). */
export const approval = (extra: Record<string, unknown> = {}) => ({
  payoutTxid: ` 0x${SAMPLE_PAYOUT_TXID.toUpperCase()} `,
  ...extra,
});
