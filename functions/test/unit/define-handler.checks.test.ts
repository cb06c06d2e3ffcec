import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { getRoute } from '@goldbot/shared';
import { handler as health } from '../../src/handlers/health.js';
import { handler as packagesList } from '../../src/handlers/packages-list.js';
import { defineHandler, missingCheck } from '../../src/kit/define-handler.js';
import { ok } from '../../src/kit/http-response.js';
import { CALLERS, httpEvent, invoke } from '../helpers/lambda.js';

/**
 * defineHandler without the AWS-backed checks: it serves only public reads without limits,
 * refuses any other route when the handler module loads, and never trusts claims on a public
 * route (no authorizer verified them), so `health` bundles no AWS client at all.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const NONE = {};
const guard = async () => null;

describe('missingCheck', () => {
  it('lets a handler without checks serve public reads only', () => {
    expect(missingCheck(getRoute('health'), {}, NONE)).toBeNull();
    expect(missingCheck(getRoute('packages-list'), { limits: [] }, NONE)).toBeNull();
    expect(missingCheck(getRoute('auth-me'), {}, NONE)).toMatch(/auth-me is not public/);
    expect(missingCheck(getRoute('admin-users'), {}, NONE)).toMatch(/session guard/);
  });

  it('asks for the rate limiter on an anonymous write and on a route with limits', () => {
    expect(missingCheck(getRoute('contact-add'), {}, NONE)).toMatch(/contact-add is rate limited/);
    expect(missingCheck(getRoute('health'), { limits: [{ name: 'publicPostPerIp', by: 'ip' }] }, NONE)).toMatch(
      /rate limiter/,
    );
    expect(missingCheck(getRoute('auth-me'), {}, { sessionGuard: guard })).toBeNull();
  });

  it('asks for the pending limits where the use case counts them', () => {
    const checks = { rateLimiter: async () => undefined, sessionGuard: guard };
    expect(missingCheck(getRoute('payment-order'), { limits: [{}], countLimits: 'in-use-case' }, checks)).toMatch(
      /payment-order counts its limits in its use case/,
    );
  });
});

describe('defineHandler without checks', () => {
  it('refuses, at definition, a route that needs the session guard or the limiter', () => {
    expect(() => defineHandler({ route: 'auth-me' }, async () => ok({}))).toThrow(
      'defineHandler: auth-me is not public: it needs the session guard; pass checks: awsChecks from wiring/aws-checks.ts',
    );
    expect(() => defineHandler({ route: 'contact-add' }, async () => ok({}))).toThrow(/rate limited/);
  });

  it('answers health without a single DynamoDB call, even with claims in the event', async () => {
    const res = await invoke(health, httpEvent({ routeId: 'health', claims: CALLERS.user }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('hands a public route no caller: unverified claims are ignored, and no session is checked', async () => {
    let seen: unknown = 'not run';
    const probe = defineHandler({ route: 'health' }, async ({ caller }) => {
      seen = caller;
      return ok({});
    });
    expect((await invoke(probe, httpEvent({ routeId: 'health', claims: CALLERS.admin }))).statusCode).toBe(200);
    expect(seen).toBeNull();
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('keeps the declared spec on the handler for the route fuzzer', () => {
    expect(health.spec).toEqual({ route: 'health' });
    expect(packagesList.spec.route).toBe('packages-list');
  });

  it('runs the session guard it is given on a signed-in route', async () => {
    const calls: string[] = [];
    const sessionGuard = async (caller: { userId: string }) => {
      calls.push(caller.userId);
      return null;
    };
    const me = defineHandler({ route: 'auth-me', checks: { sessionGuard } }, async ({ caller, sessionProfile }) =>
      ok({ id: caller.userId, profile: sessionProfile }),
    );
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims: CALLERS.user }));
    expect(res.statusCode).toBe(200);
    expect(calls).toEqual([CALLERS.user.sub]);
    // What the guard read reaches the use case (null: no profile yet), so it is not read twice.
    expect(res.body).toEqual({ id: CALLERS.user.sub, profile: null });
    expect((await invoke(me, httpEvent({ routeId: 'auth-me' }))).statusCode).toBe(401);
  });
});

describe('the AWS checks', () => {
  it('still check the session on signed-in routes through DynamoDB', async () => {
    dynamo.on(GetCommand).resolves({});
    const { awsChecks } = await import('../../src/wiring/aws-checks.js');
    const me = defineHandler({ route: 'auth-me', checks: awsChecks }, async () => ok({}));
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims: CALLERS.user }));
    // No profile: the guard refuses (only auth-me with createsProfile lets a first sign-in through).
    expect(res.statusCode).toBe(401);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
  });
});
