import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRoute } from '@goldbot/shared';
import { buildEvent, compileRoute, mountRoutes } from '../local/gateway.js';
import { toAuthorizerClaims } from '../local/jwt-verifier.js';
import { stubHandlerGateway } from './stub-handler-gateway.js';

describe('local gateway', () => {
  it('compiles route paths with parameters into exact matchers', () => {
    const { pattern, names } = compileRoute('/api/admin/user/{id}/activate');
    expect(names).toEqual(['id']);
    expect(pattern.exec('/api/admin/user/abc/activate')?.[1]).toBe('abc');
    expect(pattern.test('/api/admin/user/abc/activate/extra')).toBe(false);
    expect(pattern.test('/api/admin/user//activate')).toBe(false);
    expect(compileRoute('/api/health').pattern.test('/api/healthy')).toBe(false);
  });

  it('passes claims the way API Gateway does: strings, arrays as "[a b]"', () => {
    expect(
      toAuthorizerClaims({ sub: 'u1', 'cognito:groups': ['admin', 'ops'], exp: 10, email_verified: true }),
    ).toEqual({
      sub: 'u1',
      'cognito:groups': '[admin ops]',
      exp: '10',
      email_verified: 'true',
    });
  });

  it('builds a payload v2.0 event with path parameters, query and claims', () => {
    const [mounted] = mountRoutes('/repo', [getRoute('contact-delete')]);
    if (!mounted) throw new Error('route not mounted');
    const req = {
      headers: { Host: 'localhost:3000', 'user-agent': 'test' },
      httpVersion: '1.1',
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const event = buildEvent(
      req,
      new URL('http://localhost/api/contact/del/X1?a=1&a=2'),
      mounted,
      { id: 'X1' },
      undefined,
      { sub: 'u1' },
      'req-1',
    );
    expect(event.routeKey).toBe('DELETE /api/contact/del/{id}');
    expect(event.pathParameters).toEqual({ id: 'X1' });
    expect(event.queryStringParameters).toEqual({ a: '1,2' });
    expect(event.headers.host).toBe('localhost:3000');
    expect(
      (event.requestContext as unknown as { authorizer: { jwt: { claims: object } } }).authorizer.jwt.claims,
    ).toEqual({ sub: 'u1' });
  });

  it('moves a Cookie header into `cookies`, one `name=value` per entry, like payload v2', () => {
    const [mounted] = mountRoutes('/repo', [getRoute('auth-refresh')]);
    if (!mounted) throw new Error('route not mounted');
    const request = (headers: Record<string, string>) =>
      ({ headers, httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1' } }) as unknown as IncomingMessage;
    const url = new URL('http://localhost/api/auth/refresh');
    const withCookies = buildEvent(
      request({ host: 'localhost', cookie: 'theme=dark;  goldbot_rt=abc.def==; x=' }),
      url,
      mounted,
      {},
      '{}',
      undefined,
      'req-2',
    );
    expect(withCookies.cookies).toEqual(['theme=dark', 'goldbot_rt=abc.def==', 'x=']);
    expect(withCookies.headers).not.toHaveProperty('cookie');
    const without = buildEvent(request({ host: 'localhost' }), url, mounted, {}, '{}', undefined, 'req-3');
    expect(without).not.toHaveProperty('cookies');
  });
});

describe('local gateway over HTTP', () => {
  /** A stub handler that echoes the event's cookies and sets two cookies of its own. */
  const STUB = `export const handler = async (event) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  cookies: ['goldbot_rt=new-token; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=604800', 'theme=light; Path=/'],
  body: JSON.stringify({ cookies: event.cookies ?? null, cookieHeader: event.headers.cookie ?? null }),
});
`;
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ base, stop } = await stubHandlerGateway({
      route: 'auth-refresh',
      stub: STUB,
      verifier: { verify: async () => null },
      tmpPrefix: 'goldbot-gateway-',
    }));
  });

  afterAll(() => stop());

  it("hands the request's cookies to the handler and sends each result cookie as its own Set-Cookie", async () => {
    const res = await fetch(`${base}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'goldbot_rt=old-token; theme=dark' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cookies: ['goldbot_rt=old-token', 'theme=dark'], cookieHeader: null });
    expect(res.headers.getSetCookie()).toEqual([
      'goldbot_rt=new-token; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=604800',
      'theme=light; Path=/',
    ]);
  });

  it('passes no cookies when the browser sends none', async () => {
    const res = await fetch(`${base}/api/auth/refresh`, { method: 'POST', body: '{}' });
    expect(await res.json()).toEqual({ cookies: null, cookieHeader: null });
  });
});
