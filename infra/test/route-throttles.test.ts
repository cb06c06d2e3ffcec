import { implementedRoutes, ROUTES } from '@goldbot/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THROTTLE,
  PUBLIC_WRITE_THROTTLE,
  routeKey,
  routeThrottle,
  stageRouteSettings,
} from '../lib/route-throttles.js';
import { REPO_ROOT } from '../lib/paths.js';

describe('routeThrottle', () => {
  it('throttles anonymous writes low and everything else at the stage default, from the route table', () => {
    for (const route of ROUTES) {
      const publicWrite = route.auth === 'public' && route.method !== 'GET';
      expect(routeThrottle(route), route.id).toEqual(publicWrite ? PUBLIC_WRITE_THROTTLE : DEFAULT_THROTTLE);
    }
    const low = ROUTES.filter((r) => routeThrottle(r) === PUBLIC_WRITE_THROTTLE).map((r) => r.id);
    expect(low).toEqual(expect.arrayContaining(['auth-register', 'auth-login', 'auth-verify-otp', 'contact-add']));
    expect(low).not.toContain('health');
    expect(low).not.toContain('auth-me');
  });

  it('keeps the low throttle well under the default', () => {
    expect(PUBLIC_WRITE_THROTTLE).toEqual({ rateLimit: 10, burstLimit: 20 });
    expect(DEFAULT_THROTTLE).toEqual({ rateLimit: 100, burstLimit: 200 });
  });
});

describe('stageRouteSettings', () => {
  it('has one entry per route key', () => {
    const routes = implementedRoutes();
    const settings = stageRouteSettings(routes);
    expect(Object.keys(settings).sort()).toEqual(routes.map(routeKey).sort());
    expect(settings['POST /api/auth/login']).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
    expect(settings['GET /api/health']).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
  });
});

describe('docs/operations.md', () => {
  const docs = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');

  it('gives the real throttle figures per route: each low-throttled route by name, and the sum', () => {
    const routes = implementedRoutes();
    const low = routes.filter((route) => routeThrottle(route) === PUBLIC_WRITE_THROTTLE);
    for (const route of low) expect(docs, route.id).toContain(route.path);
    const sum = routes.reduce((total, route) => total + routeThrottle(route).rateLimit, 0);
    expect(docs).toContain(
      `${routes.length} routes\n  today: ${low.length} × ${PUBLIC_WRITE_THROTTLE.rateLimit} + ${routes.length - low.length} × ${DEFAULT_THROTTLE.rateLimit} = ${sum.toLocaleString('en-US')} requests/s`,
    );
    expect(docs).not.toContain('for the whole API');
  });
});
