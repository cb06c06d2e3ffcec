import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  SCHEDULES,
  SCHEDULER_EVENT_SOURCE,
  scheduledJobEventSchema,
  buildPath,
  getRoute,
  implementedRoutes,
  pathParams,
  type AuthLevel,
  type RouteDefinition,
  type RouteId,
} from '../src/index.js';
import { readSampleEvent, sampleEventFile } from '../../events/index.js';
import { AUTHORIZATION_MATRIX } from '../../functions/test/authorization-matrix.js';

const REPO = new URL('../../', import.meta.url);
const HANDLERS_DIR = new URL('functions/src/handlers/', REPO);
const EVENTS_DIR = new URL('events/', REPO);

const ROUTE_LIST: readonly RouteDefinition[] = ROUTES;
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * The API contract, copied by hand from the product specification's tables of the calls each
 * screen makes (docs/decisions.md, "One route table"), with the auth level each call needs.
 * Public: the auth endpoints other than me / getuserdata / updateUser, and the contact form.
 * Admin: every back-office call, except updateUser (the admin edits their own profile) and
 * GET /api/payment/subscriptions (also a customer call), which are 'user'. User: the rest.
 */
const CUSTOMER_SPEC: ReadonlyArray<readonly [string, AuthLevel]> = [
  ['POST /api/auth/Register', 'public'],
  ['POST /api/auth/verifyOtp', 'public'],
  ['POST /api/auth/resendOtp', 'public'],
  ['POST /api/auth/login', 'public'],
  // POST /api/auth/google-auth is replaced by the Cognito hosted UI (docs/decisions.md, "Identity and sessions").
  ['GET /api/auth/me', 'user'],
  ['GET /api/auth/getuserdata/{userId}', 'user'],
  ['POST /api/auth/request-password-reset', 'public'],
  ['POST /api/auth/verify-reset-otp', 'public'],
  ['POST /api/auth/reset-password', 'public'],
  ['POST /api/contact/add', 'public'],
  ['GET /api/payment/package-status', 'user'],
  ['GET /api/payment/wallet-details', 'user'],
  ['POST /api/payment/verify-referral', 'user'],
  ['POST /api/payment/submit-usdt-payment', 'user'],
  ['GET /api/payment/active-subscription', 'user'],
  ['GET /api/payment/subscriptions', 'user'],
  ['GET /api/withdrawal/user', 'user'],
  ['POST /api/withdrawal/request', 'user'],
  ['GET /api/settings/public/subscription-settings', 'user'],
  ['POST /api/payment/create-free-trial', 'user'],
];

const ADMIN_SPEC: ReadonlyArray<readonly [string, AuthLevel]> = [
  ['GET /api/admin/user-stats', 'admin'],
  ['GET /api/admin/payment-stats', 'admin'],
  ['GET /api/admin/users', 'admin'],
  ['PUT /api/admin/user/{id}/deactivate', 'admin'],
  ['PUT /api/admin/user/{id}/activate', 'admin'],
  ['GET /api/admin/user/{id}/subscriptions', 'admin'],
  ['GET /api/payment/pending-usdt-payments', 'admin'],
  ['GET /api/payment/all-payments', 'admin'],
  ['POST /api/payment/approve-usdt-payment/{id}', 'admin'],
  ['POST /api/payment/reject-usdt-payment/{id}', 'admin'],
  ['GET /api/contact/get', 'admin'],
  ['DELETE /api/contact/del/{id}', 'admin'],
  ['PUT /api/auth/updateUser/{id}', 'user'],
  ['GET /api/payment/wallets', 'admin'],
  ['POST /api/payment/wallet', 'admin'],
  ['GET /api/payment/subscriptions', 'user'],
  ['POST /api/payment/send-basic-package-notifications', 'admin'],
  ['GET /api/withdrawal/all', 'admin'],
  ['PUT /api/withdrawal/approve/{id}', 'admin'],
  ['PUT /api/withdrawal/reject/{id}', 'admin'],
  ['GET /api/settings/email-templates', 'admin'],
  ['PUT /api/settings/email-templates', 'admin'],
  ['POST /api/settings/force-update-templates', 'admin'],
  ['GET /api/settings/subscription-settings', 'admin'],
  ['PUT /api/settings/subscription-settings', 'admin'],
  ['GET /api/payment/subscription-history', 'admin'],
];

/** Endpoints the spec lacks but the product needs (docs/decisions.md, "One route table"). */
const PRODUCT_ADDITIONS: ReadonlyArray<readonly [string, AuthLevel]> = [
  ['GET /api/health', 'public'],
  ['POST /api/auth/refresh', 'public'],
  ['GET /api/packages', 'public'],
  ['PUT /api/admin/packages/{packageId}', 'admin'],
  // The activations screen's server-side filtered query, instead of filtering all subscriptions in the browser.
  ['GET /api/admin/activations', 'admin'],
  // docs/security.md: server-side sign-out, the proven e-mail change, admin two-factor sign-in.
  ['POST /api/auth/logout', 'user'],
  // The customer's Account tab: 'Sign out of all devices' ends every session of the caller.
  ['POST /api/auth/logout-all', 'user'],
  // Billing History's 'Receipt': a completed payment's receipt, for its owner or an admin.
  ['GET /api/payment/receipt/{id}', 'user'],
  ['POST /api/auth/confirm-email-change', 'user'],
  ['POST /api/auth/mfa/verify', 'public'],
  ['POST /api/auth/mfa/setup', 'public'],
  // Additions: the audit trail of admin actions and CSV exports of the lists.
  ['GET /api/admin/audit-log', 'admin'],
  ['GET /api/admin/export/{dataset}', 'admin'],
  // The admin's on-demand on-chain check of a payment's TXID.
  ['POST /api/payment/chain-check/{id}', 'admin'],
  // The payment window's order: the package's price and the exact amount that names its buyer.
  ['POST /api/payment/order', 'user'],
  // The template editor's live preview, rendered on the server by the mail's own code.
  ['POST /api/settings/email-templates/preview', 'admin'],
  // The admin's on-demand on-chain check of a withdrawal's payout TXID.
  ['POST /api/withdrawal/payout-check/{id}', 'admin'],
  // Support's subscription controls in the user detail modal: grant, extend or end, with a reason.
  ['POST /api/admin/user/{id}/subscription', 'admin'],
  // The customer's MetaTrader 5 account, and the team's bot connections on the Activations screen.
  ['GET /api/account/mt5', 'user'],
  ['PUT /api/account/mt5', 'user'],
  ['GET /api/admin/activations/connections', 'admin'],
  ['POST /api/admin/activations/{subscriptionId}/connected', 'admin'],
  // Messages' read state, kept on the server so Unread and Mark All Read cover every message.
  ['POST /api/contact/mark-read/{id}', 'admin'],
  ['POST /api/contact/mark-all-read', 'admin'],
  // What waits for the administrators (the navigation's counts), the dashboard's first-run
  // checklist and its test mail to the signed-in administrator.
  ['GET /api/admin/work-counts', 'admin'],
  ['GET /api/admin/setup-checklist', 'admin'],
  ['POST /api/admin/test-mail', 'admin'],
  // Refunds: the customer asks from Billing History; admins list, decide and open them.
  ['POST /api/payment/refund-request', 'user'],
  ['GET /api/admin/refunds', 'admin'],
  ['POST /api/admin/refunds', 'admin'],
  ['POST /api/admin/refunds/{id}/approve', 'admin'],
  ['POST /api/admin/refunds/{id}/refuse', 'admin'],
  // The payment window's order state (found by the wallet watcher) and the unmatched transfers.
  ['GET /api/payment/order/{orderId}', 'user'],
  ['GET /api/admin/unmatched-transfers', 'admin'],
  ['POST /api/admin/unmatched-transfers/{txid}/assign', 'admin'],
  ['POST /api/admin/unmatched-transfers/{txid}/resolve', 'admin'],
  // The mails that still failed after their automatic retries, and sending one again.
  ['GET /api/admin/failed-mails', 'admin'],
  ['POST /api/admin/failed-mails/{id}/resend', 'admin'],
];

const EXPECTED = new Map<string, AuthLevel>([...CUSTOMER_SPEC, ...ADMIN_SPEC, ...PRODUCT_ADDITIONS]);

describe('route table shape', () => {
  it('has unique kebab-case ids', () => {
    const ids = ROUTE_LIST.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it('has unique method + path pairs', () => {
    const keys = ROUTE_LIST.map(key);
    const duplicates = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(duplicates).toEqual([]);
  });

  it('puts every path under /api/ with well-formed {param} placeholders', () => {
    for (const r of ROUTE_LIST) {
      expect(r.path, r.id).toMatch(/^\/api\//);
      expect(r.path, r.id).not.toMatch(/\/$|\/\/|\?|\s/);
      const stripped = r.path.replace(/\{\w+\}/g, '');
      expect(stripped, `${r.id}: stray brace`).not.toMatch(/[{}]/);
      expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(r.method);
      expect(['public', 'user', 'admin']).toContain(r.auth);
      expect(r.summary.trim(), r.id).not.toBe('');
    }
  });

  it('finds routes by id and refuses unknown ids', () => {
    expect(getRoute('contact-delete')).toMatchObject({
      method: 'DELETE',
      path: '/api/contact/del/{id}',
      auth: 'admin',
    });
    expect(() => getRoute('no-such-route' as RouteId)).toThrow(/Unknown route id: no-such-route/);
  });

  it('lists exactly the implemented routes in implementedRoutes()', () => {
    expect(implementedRoutes().map((r) => r.id)).toEqual(ROUTE_LIST.filter((r) => r.implemented).map((r) => r.id));
    expect(implementedRoutes().map((r) => r.id)).toEqual(
      expect.arrayContaining(['health', 'contact-add', 'contact-list', 'contact-delete']),
    );
  });
});

describe('route table against the spec', () => {
  const byKey = new Map(ROUTE_LIST.map((r) => [key(r), r]));

  it.each([...EXPECTED.entries()])('has %s as %s', (endpoint, auth) => {
    const found = byKey.get(endpoint);
    expect(found, `${endpoint} is missing from ROUTES`).toBeDefined();
    expect(found?.auth).toBe(auth);
  });

  it('has no endpoint beyond the spec and the documented additions', () => {
    const unexpected = ROUTE_LIST.map(key).filter((k) => !EXPECTED.has(k));
    expect(unexpected).toEqual([]);
  });

  it('does not expose the replaced google-auth endpoint', () => {
    expect(byKey.has('POST /api/auth/google-auth')).toBe(false);
  });

  it('guards every /api/admin/ path as admin', () => {
    for (const r of ROUTE_LIST.filter((x) => x.path.startsWith('/api/admin/'))) expect(r.auth, r.id).toBe('admin');
  });
});

describe('implemented routes are wired', () => {
  const implemented = ROUTE_LIST.filter((r) => r.implemented);

  it.each(implemented.map((r) => [r.id, r] as const))('%s has a handler exporting `handler`', async (id) => {
    const file = new URL(`${id}.ts`, HANDLERS_DIR);
    expect(existsSync(file), `functions/src/handlers/${id}.ts`).toBe(true);
    const mod = (await import(file.href)) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
  });

  it.each(implemented.map((r) => [r.id, r] as const))('%s has a sample event matching its route', (id, r) => {
    expect(existsSync(sampleEventFile(id)), `events/${id}.json`).toBe(true);
    const event = readSampleEvent(id) as {
      version: string;
      routeKey: string;
      rawPath: string;
      headers: Record<string, string>;
      pathParameters?: Record<string, string>;
      body?: string;
      requestContext: {
        routeKey: string;
        stage: string;
        http: { method: string; path: string };
        authorizer?: { jwt: { claims: Record<string, string>; scopes: unknown } };
      };
    };
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe(`${r.method} ${r.path}`);
    expect(event.requestContext.routeKey).toBe(event.routeKey);
    expect(event.requestContext.stage).toBe('$default');
    expect(event.requestContext.http.method).toBe(r.method);
    expect(event.rawPath).toBe(buildPath(r.path, event.pathParameters ?? {}));
    expect(event.requestContext.http.path).toBe(event.rawPath);
    expect(Object.keys(event.pathParameters ?? {}).sort()).toEqual(pathParams(r.path).sort());
    if (r.method === 'POST' || r.method === 'PUT') {
      expect(event.headers['content-type']).toMatch(/^application\/json/);
      expect(() => JSON.parse(event.body ?? '')).not.toThrow();
    }
    const claims = event.requestContext.authorizer?.jwt.claims;
    if (r.auth === 'public') {
      expect(claims, 'public sample events are anonymous').toBeUndefined();
    } else {
      expect(claims?.sub).toBeTruthy();
      expect(claims?.email).toMatch(/@/);
      expect(event.requestContext.authorizer?.jwt.scopes).toBeNull();
      expect(claims?.['cognito:groups']).toBe(r.auth === 'admin' ? '[admin]' : undefined);
    }
  });

  it.each(implemented.map((r) => [r.id] as const))('%s has a row in the authorization matrix', (id) => {
    expect(AUTHORIZATION_MATRIX[id as RouteId]).toBeDefined();
  });

  it('has no handler file or sample event without a route or a scheduled job', () => {
    const ids = new Set<string>([...ROUTE_LIST.map((r) => r.id), ...SCHEDULES.map((s) => s.id)]);
    const handlers = readdirSync(HANDLERS_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3));
    const events = readdirSync(EVENTS_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    expect(handlers.filter((id) => !ids.has(id))).toEqual([]);
    expect(events.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('resolves sample events by route id only', () => {
    expect(sampleEventFile('health')).toMatch(/[\\/]events[\\/]health\.json$/);
    expect(() => sampleEventFile('../package')).toThrow('Not a route id: "../package"');
    expect(() => readSampleEvent('no-such-route')).toThrow(
      'No sample event for route "no-such-route": create events/no-such-route.json',
    );
  });

  it('has matrix rows only for known routes, consistent with their auth level', () => {
    for (const [id, row] of Object.entries(AUTHORIZATION_MATRIX)) {
      if (!row) throw new Error(`empty matrix row for ${id}`);
      const r = getRoute(id as RouteId);
      expect(row.admin, id).toBe('allowed');
      if (r.auth === 'public') expect([row.anonymous, row.user], id).toEqual(['allowed', 'allowed']);
      if (r.auth === 'user') expect([row.anonymous, row.user], id).toEqual([401, 'allowed']);
      if (r.auth === 'admin') expect([row.anonymous, row.user], id).toEqual([401, 403]);
      expect(Object.keys(row.request.pathParams ?? {}).sort(), id).toEqual(pathParams(r.path).sort());
    }
  });
});

describe('pathParams', () => {
  it('lists placeholders in order', () => {
    expect(pathParams('/api/admin/user/{id}/activate')).toEqual(['id']);
    expect(pathParams('/api/auth/getuserdata/{userId}')).toEqual(['userId']);
    expect(pathParams('/api/a/{first}/b/{second}')).toEqual(['first', 'second']);
  });

  it('returns nothing for a fixed path', () => {
    expect(pathParams('/api/health')).toEqual([]);
  });
});

describe('buildPath', () => {
  it('fills placeholders', () => {
    expect(buildPath('/api/admin/user/{id}/activate', { id: 'abc' })).toBe('/api/admin/user/abc/activate');
    expect(buildPath('/api/a/{first}/b/{second}', { first: '1', second: '2' })).toBe('/api/a/1/b/2');
  });

  it('URL-encodes values so they cannot change the path', () => {
    expect(buildPath('/api/contact/del/{id}', { id: '../x y?z' })).toBe('/api/contact/del/..%2Fx%20y%3Fz');
  });

  it('leaves fixed paths alone and ignores unused params', () => {
    expect(buildPath('/api/health')).toBe('/api/health');
    expect(buildPath('/api/health', { id: 'x' })).toBe('/api/health');
  });

  it('throws on a missing parameter, naming it', () => {
    expect(() => buildPath('/api/contact/del/{id}', {})).toThrow(
      'Missing path parameter "id" for /api/contact/del/{id}',
    );
  });

  it('round-trips with pathParams for every route', () => {
    for (const r of ROUTE_LIST) {
      const params = Object.fromEntries(pathParams(r.path).map((p) => [p, `v-${p}`]));
      const built = buildPath(r.path, params);
      expect(built, r.id).not.toMatch(/[{}]/);
      for (const p of pathParams(r.path)) expect(built, r.id).toContain(`/v-${p}`);
    }
  });
});

describe('implemented scheduled jobs are wired', () => {
  const implemented = SCHEDULES.filter((s) => s.implemented);

  it.each(implemented.map((s) => [s.id] as const))('%s has a handler exporting `handler`', async (id) => {
    const file = new URL(`${id}.ts`, HANDLERS_DIR);
    expect(existsSync(file), `functions/src/handlers/${id}.ts`).toBe(true);
    const mod = (await import(file.href)) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
  });

  it.each(implemented.map((s) => [s.id] as const))('%s has a sample EventBridge Scheduler event', (id) => {
    const event = readSampleEvent(id);
    expect(scheduledJobEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({ source: SCHEDULER_EVENT_SOURCE, jobId: id, attemptNumber: '1' });
  });
});
