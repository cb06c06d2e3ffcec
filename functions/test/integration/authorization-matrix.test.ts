import { buildPath, implementedRoutes, type RouteId } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_MATRIX,
  GUARD_MESSAGES,
  resolvePathParams,
  type Expectation,
  type MatrixCaller,
} from '../authorization-matrix.js';
import { api, idTokenFor } from './http-client.js';

/** Every implemented route, called as each kind of caller, against the real gateway and handlers. */
const subOf = (token: string) =>
  String((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub);

async function callerIds() {
  const [user, otherUser, admin] = await Promise.all([
    idTokenFor('user'),
    idTokenFor('other-user'),
    idTokenFor('admin'),
  ]);
  return { user: subOf(user), otherUser: subOf(otherUser), admin: subOf(admin) };
}

/** `fresh` for a row whose request ends its caller's sessions: a throw-away caller of the same kind. */
const tokenFor = (who: MatrixCaller, fresh = false) =>
  who === 'anonymous' ? Promise.resolve(undefined) : idTokenFor(who === 'otherUser' ? 'other-user' : who, { fresh });

describe('authorization matrix over HTTP', () => {
  for (const route of implementedRoutes()) {
    const row = AUTHORIZATION_MATRIX[route.id as RouteId];
    it(`${route.method} ${route.path} has a row in the matrix`, () => {
      expect(row, `add ${route.id} to functions/test/authorization-matrix.ts`).toBeDefined();
    });
    if (!row) continue;
    const callers: MatrixCaller[] = ['anonymous', 'user', 'admin', ...(row.otherUser ? (['otherUser'] as const) : [])];
    for (const caller of callers) {
      const expected: Expectation | undefined = caller === 'otherUser' ? row.otherUser : row[caller];
      it(`${route.id} as ${caller} → ${expected}`, async () => {
        const token = await tokenFor(caller, row.endsCallerSessions === true);
        const params = resolvePathParams(row.request.pathParams, caller, await callerIds());
        const query = row.request.query ? `?${new URLSearchParams(row.request.query).toString()}` : '';
        const response = await api(`${buildPath(route.path, params)}${query}`, {
          method: route.method,
          token,
          body: row.request.body,
        });
        // A 5xx only where the row names it as the use case's answer (503: no payment wallet configured).
        if (!row.answers?.includes(response.status)) expect(response.status).toBeLessThan(500);
        if (expected === 'allowed') {
          expect([401, 403].includes(response.status) && !row.answers?.includes(response.status)).toBe(false);
          if (row.answers) expect(row.answers).toContain(response.status);
          expect(GUARD_MESSAGES).not.toContain((response.body as { message?: string }).message);
        } else {
          expect(response.status).toBe(expected);
        }
      });
    }
  }
});
