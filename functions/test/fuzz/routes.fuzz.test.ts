import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@goldbot/shared';
import { implementedRoutes, pathParams, type RouteId } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import { AUTHORIZATION_MATRIX } from '../authorization-matrix.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { collectFields, collectKeys } from '../helpers/zod-arbitrary.js';
import { api, idTokenFor, newCustomer, stack, withOrder } from '../integration/http-client.js';
import {
  LATENCY_LIMIT_MS,
  carriesLeakMarker,
  describeCase,
  problemsOf,
  requestText,
  send,
  type FuzzResponse,
} from './oracles.js';
import { routeCaseArbitrary, type FuzzIdentities, type FuzzKnowledge, type FuzzRequest } from './route-cases.js';
import { loadRouteSpecs, type RouteSpec } from './route-specs.js';

/**
 * Property-based fuzzing of every route in the route table over real HTTP (docs/security.md
 * "Route fuzzing"). One property per route; each case draws its caller (anonymous, user, other
 * user, admin) and a request derived from the handler's own zod schemas, mostly mutated.
 *
 * `npm test` runs a seed-fixed sample (FUZZ_RUNS=25, FUZZ_SEED fixed); `npm run test:fuzz` runs
 * FUZZ_RUNS=1000 cases per route with a fresh seed (printed on failure; FUZZ_SEED=n replays it).
 * FUZZ_SURVEY=1 runs every case and lists every problem instead of stopping and shrinking at the first.
 * FUZZ_ROUTES=id,id limits the run to some routes. FUZZ_STATS=1 prints each route's answer statuses
 * (always on above 25 cases), to see how far the cases get: validation, use case, success.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SAMPLE_SEED = 20_261_112;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : RUNS <= 25 ? SAMPLE_SEED : Date.now() % 2 ** 31;
const SURVEY = process.env.FUZZ_SURVEY === '1';
const ONLY = new Set((process.env.FUZZ_ROUTES ?? '').split(',').filter(Boolean));
const STATS = process.env.FUZZ_STATS === '1' || RUNS > 25;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string; email: string };
const subOf = (token: string) => String(claimsOf(token).sub);

let identities: FuzzIdentities;
let specs: Map<string, RouteSpec>;
let knowledge: FuzzKnowledge;

/**
 * Real items for the admin routes' `{id}`: a pending USDT payment of the fuzz user, a contact
 * message and the wallets. The catalog's prices become known numbers (a payment whose amount
 * matches its package gets past the amount check).
 */
async function seedItems(userToken: string, adminToken: string): Promise<{ items: string[]; prices: number[] }> {
  const catalog = await api<{ packages: { packageName: string; priceUsd: number }[] }>('/api/packages');
  const prices = catalog.body.packages.map((p) => p.priceUsd);
  const pro = catalog.body.packages.find((p) => p.packageName === 'Pro Package');
  const txid = `FUZZSEED${Date.now()}`;
  const submitted = await api('/api/payment/submit-usdt-payment', {
    method: 'POST',
    token: userToken,
    body: await withOrder(userToken, {
      packageName: 'Pro Package',
      txid,
      amount: pro?.priceUsd ?? 0,
      referralCode: null,
    }),
  });
  const contact = await api<{ data?: { _id: string } }>('/api/contact/add', {
    method: 'POST',
    body: { name: 'Fuzz Seed', email: 'fuzz-seed@example.com', message: 'Seeded by the route fuzzer.' },
  });
  const pending = await api<{ pendingPayments: { _id: string; transactionId: string }[] }>(
    '/api/payment/pending-usdt-payments?limit=100',
    { token: adminToken },
  );
  const wallets = await api<{ wallets: { _id: string }[] }>('/api/payment/wallets', { token: adminToken });
  const payment = pending.body.pendingPayments.find((p) => p.transactionId === txid);
  if (submitted.status !== 201 || !payment || !contact.body.data) {
    throw new Error(`could not seed the fuzz items: payment ${submitted.status}, contact ${contact.status}`);
  }
  return { items: [payment._id, contact.body.data._id, ...wallets.body.wallets.map((w) => w._id)], prices };
}

beforeAll(async () => {
  // Importing a handler validates the function config: give the test process the stack's.
  Object.assign(process.env, stack().handlerEnv);
  const loaded = await loadRouteSpecs();
  specs = new Map(loaded.map((s) => [s.route.id, s]));
  // Field names and their schemas from every route, and the template types (keys of the template
  // save's record, which no schema lists).
  const keys = new Set<string>(Object.keys(DEFAULT_EMAIL_TEMPLATES));
  const fields = {};
  for (const spec of loaded) {
    for (const schema of [spec.body, spec.query, spec.params]) {
      collectKeys(schema, keys);
      collectFields(schema, fields);
    }
  }
  const [user, otherUser, admin, victim] = await Promise.all([
    idTokenFor('user'),
    idTokenFor('other-user'),
    idTokenFor('admin'),
    newCustomer('fuzz-victim'),
  ]);
  const { items, prices } = await seedItems(user, admin);
  // Every request shape the shared package exports, those a handler picks at run time included.
  const shapes = Object.entries(shared)
    .filter(([name, value]) => name.endsWith('InputSchema') && value instanceof z.ZodMiniObject)
    .map(([, value]) => value as z.ZodMiniType);
  const emails = [user, otherUser].map((token) => claimsOf(token).email);
  knowledge = { keys: [...keys].sort(), fields, shapes, numbers: prices, emails };
  identities = {
    tokens: { user, otherUser, admin },
    ids: { user: subOf(user), otherUser: subOf(otherUser), admin: subOf(admin), victim: victim.userId },
    items,
  };
  // Load every handler in the gateway once (a first request compiles and imports it, which a
  // deployed function does at cold start, not per request), so the latency limit measures requests.
  for (const spec of loaded) {
    const caller = spec.route.auth === 'admin' ? admin : user;
    const params = Object.fromEntries(pathParams(spec.route.path).map((name) => [name, 'warm-up']));
    const path = spec.route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
    await send(stack().urls.api, {
      caller: spec.route.auth === 'admin' ? 'admin' : 'user',
      method: spec.route.method,
      path,
      params,
      query: '',
      headers: { authorization: `Bearer ${caller}`, 'content-type': 'application/json' },
      ...(spec.route.method === 'GET' ? {} : { body: Buffer.from('{}') }),
      utf8: true,
      kind: 'warm-up',
    });
  }
}, 300_000);

/** The first answer, or the second when the first was slower than the limit (see oracles.ts). */
async function answer(fuzz: FuzzRequest): Promise<{ response: FuzzResponse; slow?: string }> {
  const first = await send(stack().urls.api, fuzz);
  if (first.ms <= LATENCY_LIMIT_MS) return { response: first };
  const again = await send(stack().urls.api, fuzz);
  if (again.ms <= LATENCY_LIMIT_MS) return { response: first };
  return {
    response: first,
    slow: `slower than ${LATENCY_LIMIT_MS} ms twice: ${Math.round(first.ms)} ms, then ${Math.round(again.ms)} ms`,
  };
}

const routes = implementedRoutes().filter((r) => ONLY.size === 0 || ONLY.has(r.id));

describe(`route fuzzing: ${RUNS} cases per route, seed ${SEED}`, () => {
  routes.forEach((route, index) => {
    it(
      `${route.method} ${route.path}`,
      async () => {
        const spec = specs.get(route.id);
        if (!spec) throw new Error(`no spec for ${route.id}`);
        const row = AUTHORIZATION_MATRIX[route.id as RouteId];
        const cases = routeCaseArbitrary(spec, row, identities, knowledge).filter(
          // No input carries a leak marker, so a marker in an answer is never an echo.
          (fuzz) => !carriesLeakMarker(requestText(fuzz)),
        );
        const statuses = new Map<number, number>();
        const found: string[] = [];
        const property = fc.asyncProperty(cases, async (fuzz) => {
          const { response, slow } = await answer(fuzz);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const problems = problemsOf(spec, row, fuzz, response, identities);
          if (slow) problems.push(slow);
          if (problems.length === 0) return;
          const report = `${problems.join('; ')}\n    ${describeCase(fuzz, response)}`;
          if (!SURVEY) throw new Error(report);
          found.push(report);
        });
        await fc.assert(property, { numRuns: RUNS, seed: SEED + index });
        if (STATS) {
          const summary = [...statuses.entries()]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}×${n}`)
            .join(' ');
          console.log(`${route.id}: ${summary}`);
        }
        expect(found, `${found.length} problem(s):\n${found.slice(0, 20).join('\n')}`).toEqual([]);
      },
      60_000 + RUNS * 2_000,
    );
  });
});
