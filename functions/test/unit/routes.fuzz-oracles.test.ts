import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getRoute, MAX_REQUEST_BODY_BYTES, type RouteId } from '@goldbot/shared';
import { AUTHORIZATION_MATRIX } from '../authorization-matrix.js';
import { encodeComponent, hostileString } from '../fuzz/hostile.js';
import { carriesLeakMarker, describeCase, lacksRight, problemsOf, type FuzzResponse } from '../fuzz/oracles.js';
import type { FuzzCaller, FuzzIdentities, FuzzRequest } from '../fuzz/route-cases.js';
import type { RouteSpec } from '../fuzz/route-specs.js';

/**
 * The route fuzzer's judges (functions/test/fuzz/oracles.ts), checked on made-up answers: a judge
 * that never says no would let the fuzz suite pass whatever the server does.
 */
const IDS: FuzzIdentities = {
  tokens: { user: 'u.t.s', otherUser: 'o.t.s', admin: 'a.t.s' },
  ids: { user: 'sub-user', otherUser: 'sub-other', admin: 'sub-admin', victim: 'sub-victim' },
  items: [],
};
const spec = (id: RouteId, maxBodyBytes = MAX_REQUEST_BODY_BYTES): RouteSpec => ({
  route: getRoute(id),
  maxBodyBytes,
  limits: [],
});
const request = (caller: FuzzCaller, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
  caller,
  method: 'GET',
  path: '/x',
  params: {},
  query: '',
  headers: {},
  utf8: true,
  kind: 'valid',
  ...extra,
});
const answer = (status: number, body: unknown = { message: 'ok' }, contentType = 'application/json'): FuzzResponse => ({
  status,
  headers: { 'content-type': contentType },
  text: typeof body === 'string' ? body : JSON.stringify(body),
  ms: 5,
});
const judge = (id: RouteId, fuzz: FuzzRequest, response: FuzzResponse, cap?: number) =>
  problemsOf(spec(id, cap), AUTHORIZATION_MATRIX[id], fuzz, response, IDS);

describe('who lacks the right', () => {
  it('nobody on public routes', () => {
    for (const caller of ['anonymous', 'user', 'otherUser', 'admin'] as const) {
      expect(lacksRight(spec('auth-login'), AUTHORIZATION_MATRIX['auth-login'], request(caller), IDS)).toBe(false);
    }
  });

  it('anonymous callers on user routes; customers on admin routes', () => {
    const me = AUTHORIZATION_MATRIX['auth-me'];
    expect(lacksRight(spec('auth-me'), me, request('anonymous'), IDS)).toBe(true);
    expect(lacksRight(spec('auth-me'), me, request('otherUser'), IDS)).toBe(false);
    const users = AUTHORIZATION_MATRIX['admin-users'];
    expect(lacksRight(spec('admin-users'), users, request('user'), IDS)).toBe(true);
    expect(lacksRight(spec('admin-users'), users, request('otherUser'), IDS)).toBe(true);
    expect(lacksRight(spec('admin-users'), users, request('admin'), IDS)).toBe(false);
  });

  it('a customer naming another account on an owner route, whitespace aside; never the admin', () => {
    const row = AUTHORIZATION_MATRIX['auth-get-user-data'];
    const named = (caller: FuzzCaller, userId: string | null) => request(caller, { params: { userId } });
    expect(lacksRight(spec('auth-get-user-data'), row, named('otherUser', 'sub-user'), IDS)).toBe(true);
    expect(lacksRight(spec('auth-get-user-data'), row, named('user', ' sub-user '), IDS)).toBe(false);
    expect(lacksRight(spec('auth-get-user-data'), row, named('user', null), IDS)).toBe(true);
    expect(lacksRight(spec('auth-get-user-data'), row, named('admin', 'sub-user'), IDS)).toBe(false);
  });
});

describe('problemsOf', () => {
  it('passes a plain refusal or success', () => {
    expect(judge('auth-login', request('anonymous'), answer(400))).toEqual([]);
    expect(judge('admin-users', request('admin'), answer(200))).toEqual([]);
  });

  it('flags a 5xx, but not a 5xx the matrix names as the use case answer', () => {
    expect(judge('health', request('anonymous'), answer(500))).toEqual(['answered 500']);
    expect(judge('payment-wallet-details', request('user'), answer(503, { message: 'No wallet.' }))).toEqual([]);
    const generic = answer(503, { message: 'Something went wrong on our side. Please try again in a moment.' });
    expect(judge('payment-wallet-details', request('user'), generic)).toEqual(['answered 503']);
  });

  it('flags success without the right', () => {
    expect(judge('admin-users', request('user'), answer(200))).toEqual(['user has no right here but got 200']);
    expect(judge('auth-me', request('anonymous'), answer(302))).toHaveLength(1);
  });

  it.each([
    'TypeError: Cannot read properties of undefined',
    '    at handler (/var/task/index.mjs:12:3)',
    'at Object.run (functions/src/handlers/x.ts:4:1)',
    'ConditionalCheckFailedException',
    'UsernameExistsException',
    '{"$metadata":{"httpStatusCode":400}}',
    'arn:aws:dynamodb:us-east-1:1:table/goldbot-local',
    'Error: connect ECONNREFUSED',
  ])('flags internals in the answer: %s', (text) => {
    expect(judge('health', request('anonymous'), answer(400, { message: text })).join()).toMatch(/internals/);
    expect(carriesLeakMarker(text)).toBe(true);
  });

  it('flags an answer that says JSON but is not', () => {
    expect(judge('health', request('anonymous'), answer(200, '{"a":'))).toEqual(['the answer says JSON but is not']);
    expect(judge('admin-export', request('admin'), answer(200, 'a,b\n1,2', 'text/csv'))).toEqual([]);
  });

  it("wants 413 for a valid UTF-8 body over the route's cap once the request reaches the handler", () => {
    const big = request('anonymous', { method: 'POST', body: Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1, 'x') });
    expect(judge('auth-login', big, answer(400))).toHaveLength(1);
    expect(judge('auth-login', big, answer(413))).toEqual([]);
    // Refused before the handler: by the gateway's authorizer, or its own 400/404 for the path.
    expect(judge('admin-users', big, answer(401))).toEqual([]);
    const gateway400 = answer(400, { message: 'Bad Request', msg: 'Bad Request' });
    expect(judge('auth-login', big, gateway400)).toEqual([]);
    // A larger cap of its own (the template save).
    expect(judge('settings-email-templates-put', { ...big, caller: 'admin' }, answer(400), 384 * 1024)).toEqual([]);
  });
});

describe('fuzz inputs', () => {
  it('percent-encodes any string, lone surrogates as their WTF-8 bytes', () => {
    expect(encodeComponent('a b/\u{1F600}')).toBe('a%20b%2F%F0%9F%98%80');
    expect(encodeComponent('\uD800x')).toBe('%ED%A0%80x');
    fc.assert(
      fc.property(hostileString, (s) => {
        expect(encodeComponent(s)).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/);
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  it('describes a case on one line, without the callers’ tokens', () => {
    const line = describeCase(
      request('user', { headers: { authorization: 'Bearer secret.token.value' }, body: Buffer.from('{}') }),
      answer(400),
    );
    expect(line).not.toContain('secret');
    expect(line).toContain('<user token>');
    expect(line.split('\n')).toHaveLength(1);
  });
});
