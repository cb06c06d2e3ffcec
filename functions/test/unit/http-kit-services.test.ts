import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { getRoute } from '@goldbot/shared';
import { handler as health } from '../../src/handlers/health.js';
import { handler as packagesList } from '../../src/handlers/packages-list.js';
import { createDefineHandler, missingService } from '../../src/kit/http-kit.js';
import { defineHandler as definePublic } from '../../src/kit/public-http-handler.js';
import { ok } from '../../src/kit/http-response.js';
import { CALLERS, httpEvent, invoke } from '../helpers/lambda.js';

/**
 * The kit without its DynamoDB services (lean bundles): public-http-handler.ts serves
 * only public reads without limits, refuses any other route when the handler module loads, and
 * never trusts claims on a public route (no authorizer verified them).
 */
const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const NONE = { sessionGuard: null, rateLimiter: null };
const guard = async () => null;

describe('missingService', () => {
  it('lets a kit without services serve public reads only', () => {
    expect(missingService(getRoute('health'), undefined, NONE)).toBeNull();
    expect(missingService(getRoute('packages-list'), [], NONE)).toBeNull();
    expect(missingService(getRoute('auth-me'), undefined, NONE)).toMatch(/auth-me is not public/);
    expect(missingService(getRoute('admin-users'), undefined, NONE)).toMatch(/session guard/);
  });

  it('asks for the rate limiter on an anonymous write and on a route with limits', () => {
    expect(missingService(getRoute('contact-add'), undefined, NONE)).toMatch(/contact-add is rate limited/);
    expect(missingService(getRoute('health'), [{ name: 'publicPostPerIp', by: 'ip' }], NONE)).toMatch(/rate limiter/);
    expect(missingService(getRoute('auth-me'), undefined, { sessionGuard: guard, rateLimiter: null })).toBeNull();
  });
});

describe('public-http-handler', () => {
  it('refuses, at definition, a route that needs the session guard or the limiter', () => {
    expect(() => definePublic({ route: 'auth-me' }, async () => ok({}))).toThrow(
      'defineHandler: auth-me is not public: it needs the session guard; import defineHandler from kit/http-handler.ts',
    );
    expect(() => definePublic({ route: 'contact-add' }, async () => ok({}))).toThrow(/rate limited/);
  });

  it('answers health without a single DynamoDB call, even with claims in the event', async () => {
    const res = await invoke(health, httpEvent({ routeId: 'health', claims: CALLERS.user }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('hands a public route no caller: unverified claims are ignored, and no session is checked', async () => {
    let seen: unknown = 'not run';
    const probe = definePublic({ route: 'health' }, async ({ caller }) => {
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

  it('runs the session guard of a full kit on a signed-in route', async () => {
    const calls: string[] = [];
    const define = createDefineHandler({
      sessionGuard: async (caller) => {
        calls.push(caller.userId);
        return null;
      },
      rateLimiter: null,
    });
    const me = define({ route: 'auth-me' }, async ({ caller, sessionProfile }) =>
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

describe('the full kit', () => {
  it('still checks the session on signed-in routes through DynamoDB', async () => {
    dynamo.on(GetCommand).resolves({});
    const { defineHandler } = await import('../../src/kit/http-handler.js');
    const me = defineHandler({ route: 'auth-me' }, async () => ok({}));
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims: CALLERS.user }));
    // No profile: the guard refuses (only auth-me with createsProfile lets a first sign-in through).
    expect(res.statusCode).toBe(401);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
  });
});
