import { buildPath, implementedRoutes, type RouteId } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, type Expectation } from '../authorization-matrix.js';
import { api, idTokenFor } from './http-client.js';

/** Every implemented route, called as each kind of caller, against the real gateway and handlers. */
const callers = ['anonymous', 'user', 'admin'] as const;

describe('authorization matrix over HTTP', () => {
  for (const route of implementedRoutes()) {
    const row = AUTHORIZATION_MATRIX[route.id as RouteId];
    it(`${route.method} ${route.path} has a row in the matrix`, () => {
      expect(row, `add ${route.id} to functions/test/authorization-matrix.ts`).toBeDefined();
    });
    if (!row) continue;
    for (const caller of callers) {
      const expected: Expectation = row[caller];
      it(`${route.id} as ${caller} → ${expected}`, async () => {
        const token = caller === 'anonymous' ? undefined : await idTokenFor(caller);
        const query = row.request.query ? `?${new URLSearchParams(row.request.query).toString()}` : '';
        const response = await api(`${buildPath(route.path, row.request.pathParams)}${query}`, {
          method: route.method,
          token,
          body: row.request.body,
        });
        if (expected === 'allowed') expect([401, 403]).not.toContain(response.status);
        else expect(response.status).toBe(expected);
        expect(response.status).toBeLessThan(500);
      });
    }
  }
});
