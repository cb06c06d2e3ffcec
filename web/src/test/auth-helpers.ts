import { vi } from 'vitest';
import type { AuthSessionResponse } from '@goldbot/shared';
import { jsonResponse } from './test-utils';

/** An unsigned JWT with the given claims: enough for the browser, which only reads `exp`. */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A token that expires `seconds` from now (by Date.now(), so fake clocks apply). */
export const tokenExpiringIn = (seconds: number, extra: Record<string, unknown> = {}) =>
  makeJwt({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + seconds, ...extra });

export function sessionResponse(overrides: Partial<AuthSessionResponse> = {}): AuthSessionResponse {
  return {
    userId: 'user-1',
    username: 'trader42',
    email: 'trader42@example.com',
    phone: null,
    isAdmin: false,
    referralCode: 'ABCD2345',
    referralCount: 0,
    referralEarnings: 0,
    token: tokenExpiringIn(3600),
    expiresIn: 3600,
    ...overrides,
  };
}

export interface MockedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Reply = Response | ((request: MockedRequest) => Response | Promise<Response>);

/**
 * Stubs fetch with answers per `"METHOD /path"`; unknown requests get a 404. A reply is a
 * function (called per request) or a Response (cloned per request); a list of replies is used in
 * order, its last one repeating.
 */
export function mockApi(routes: Record<string, Reply | Reply[]> = {}) {
  const queues = new Map<string, Reply[]>();
  const requests: MockedRequest[] = [];
  const set = (key: string, reply: Reply | Reply[]) => queues.set(key, Array.isArray(reply) ? [...reply] : [reply]);
  for (const [key, reply] of Object.entries(routes)) set(key, reply);

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const request: MockedRequest = {
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const queue = queues.get(`${method} ${url.pathname}`) ?? [];
    const reply = queue.length > 1 ? queue.shift() : queue[0];
    if (!reply) return jsonResponse({ message: 'Not found', msg: 'Not found' }, 404);
    if (typeof reply === 'function') return reply(request);
    return reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    /** Replaces the answer(s) of a route. */
    on: (key: string, reply: Reply | Reply[]) => set(key, reply),
    /** Requests made to `"METHOD /path"`, oldest first. */
    requestsTo: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
