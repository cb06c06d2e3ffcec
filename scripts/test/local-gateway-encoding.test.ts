import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePathParameter } from '../local/gateway.js';
import { stubHandlerGateway } from './stub-handler-gateway.js';

/**
 * Regressions found by the route fuzzer (functions/test/fuzz): a path parameter with a broken
 * percent-encoding made decodeURIComponent throw and the gateway answer 500, before any handler
 * or authorizer ran; query names such as "constructor" or "__proto__" were mangled or dropped.
 */
describe('local gateway: hostile encodings', () => {
  /** Echoes what the handler receives. */
  const STUB = `export const handler = async (event) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ params: event.pathParameters ?? null, query: Object.entries(event.queryStringParameters ?? {}) }),
});
`;
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ base, stop } = await stubHandlerGateway({
      route: 'contact-delete',
      stub: STUB,
      verifier: { verify: async (token) => (token === 'good' ? { sub: 'u1', token_use: 'id' } : null) },
      tmpPrefix: 'goldbot-gateway-encoding-',
    }));
  });

  afterAll(() => stop());

  const call = (path: string) =>
    fetch(`${base}${path}`, { method: 'DELETE', headers: { authorization: 'Bearer good' } });

  it.each(['%E0%A4%A', '%ED%A0%80', '%', '%zz', '%C0%AF', 'a%FFb'])(
    'answers 400 to the broken path parameter %s, without calling the handler',
    async (segment) => {
      const res = await call(`/api/contact/del/${segment}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Bad Request', msg: 'Bad Request' });
    },
  );

  it('still decodes well-formed parameters, astral characters and encoded slashes included', async () => {
    const res = await call('/api/contact/del/%F0%9F%98%80%2Fx%20y');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { params: unknown }).params).toEqual({ id: '\u{1F600}/x y' });
  });

  it('passes query names that mean something to JavaScript objects as plain names', async () => {
    const res = await call('/api/contact/del/x?constructor=c&__proto__=p&toString=t&a=1&a=2');
    expect(((await res.json()) as { query: unknown }).query).toEqual([
      ['constructor', 'c'],
      ['__proto__', 'p'],
      ['toString', 't'],
      ['a', '1,2'],
    ]);
  });

  it('decodePathParameter returns null instead of throwing', () => {
    expect(decodePathParameter('%E0%A4%A')).toBeNull();
    expect(decodePathParameter('a%20b')).toBe('a b');
  });
});
