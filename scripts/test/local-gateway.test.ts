import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { getRoute } from '@goldbot/shared';
import { buildEvent, compileRoute, mountRoutes } from '../local/gateway.js';
import { toAuthorizerClaims } from '../local/jwt-verifier.js';

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
});
