import fc from 'fast-check';
import { EXPORT_DATASETS, PACKAGE_SLUGS, type RouteDefinition } from '@goldbot/shared';
import type * as z from '@goldbot/shared/zod';
import { SELF, type AuthorizationRow } from '../authorization-matrix.js';
import { emailArbitrary, zodArbitrary } from '../helpers/zod-arbitrary.js';
import {
  INVALID_UTF8,
  RAW_BODIES,
  RAW_PATH_SEGMENTS,
  deepValue,
  encodeComponent,
  extraMembers,
  headerSafe,
  hostileHeadString,
  hostileString,
  hostileValue,
  wrongType,
} from './hostile.js';
import { describeCase } from './oracles.js';
import type { RouteSpec } from './route-specs.js';

/**
 * One fuzz case per draw: a caller, the path with its parameters, a query string, headers and a
 * body, derived from the route's own schemas and then (most of the time) mutated. Built once the
 * fuzz accounts exist, so ids and tokens are concrete; a path parameter that means "the caller's
 * own account" is resolved from the caller drawn in the same case.
 */
export type FuzzCaller = 'anonymous' | 'user' | 'otherUser' | 'admin';
export const FUZZ_CALLERS: readonly FuzzCaller[] = ['anonymous', 'user', 'otherUser', 'admin'];

export interface FuzzIdentities {
  tokens: Record<Exclude<FuzzCaller, 'anonymous'>, string>;
  /** Cognito subs; `victim` is an account only the admin routes aim at (it may get deactivated). */
  ids: Record<Exclude<FuzzCaller, 'anonymous'> | 'victim', string>;
  /** Ids of real items (a payment, a contact message, wallets) for the admin routes' `{id}`. */
  items: readonly string[];
}

/** What the generators know beyond one route's schemas (see zod-arbitrary.ts options). */
export interface FuzzKnowledge {
  keys: readonly string[];
  fields: Readonly<Record<string, z.ZodMiniType>>;
  shapes: readonly z.ZodMiniType[];
  numbers: readonly number[];
  /** Addresses of the fuzz accounts: a profile save that keeps its own address gets through. */
  emails: readonly string[];
}

/** Valid addresses: mostly a few fixed ones, sometimes a fuzz account's own. */
const knownEmails = (knowledge: FuzzKnowledge) =>
  knowledge.emails.length === 0
    ? emailArbitrary()
    : fc.oneof(
        { weight: 2, arbitrary: emailArbitrary() },
        { weight: 1, arbitrary: fc.constantFrom(...knowledge.emails) },
      );

export interface FuzzRequest {
  caller: FuzzCaller;
  method: string;
  /** The path as sent on the wire (percent-encoded). */
  path: string;
  /** Each path parameter as the gateway decodes it; null when it cannot be decoded. */
  params: Record<string, string | null>;
  /** '' or '?...' as sent on the wire. */
  query: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** True when the body is valid UTF-8 (its byte size is then what the kit measures). */
  utf8: boolean;
  /** What kind of mutation made this case (for the failure report and the statistics). */
  kind: string;
}

/** A well-formed id that no seed or test creates (the authorization matrix uses the same one). */
export const UNKNOWN_ID = '01KDX3N8W6Q5ZJ4R2T7B9MATRX';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every path into a JSON value (objects and arrays, a few levels deep), root excluded. */
function pathsOf(value: unknown, depth = 0, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth > 4) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : isObject(value)
      ? Object.entries(value)
      : [];
  return entries.flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, depth + 1, [...prefix, k])]);
}

/** A copy of `value` with the member at `path` replaced (or removed when `replacement` is REMOVE). */
const REMOVE = Symbol('remove');
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (replacement === REMOVE && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = replaceAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  if (isObject(value)) {
    const copy: Json = { ...value };
    if (replacement === REMOVE && rest.length === 0) delete copy[head];
    // defineProperty: a key such as "__proto__" stays an own member, as JSON.parse makes it.
    else Object.defineProperty(copy, head, { value: replaceAt(copy[head], rest, replacement), enumerable: true });
    return copy;
  }
  return value;
}

function withMembers(value: unknown, members: [string, unknown][]): Json {
  const copy: Json = isObject(value) ? { ...value } : { value };
  for (const [k, v] of members) {
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** JSON.stringify escapes lone surrogates (\udxxx), so the text is always valid UTF-8. */
const jsonBody = (value: unknown, kind: string) => ({
  body: value === undefined ? undefined : utf8(JSON.stringify(value)),
  utf8: true,
  kind,
});
type BodyChoice = { body?: Buffer; utf8: boolean; kind: string };

/** A body of exactly `bytes` bytes: the valid value with one string member padded. */
function sizedBody(value: unknown, bytes: number, fill: string): BodyChoice {
  const base = isObject(value) ? value : {};
  const key = Object.entries(base).find(([, v]) => typeof v === 'string')?.[0] ?? 'pad';
  const empty = Buffer.byteLength(JSON.stringify({ ...base, [key]: '' }), 'utf8');
  const room = Math.max(0, bytes - empty);
  const unit = Buffer.byteLength(fill, 'utf8');
  const padding = fill.repeat(Math.floor(room / unit)) + 'x'.repeat(room % unit);
  return { body: utf8(JSON.stringify({ ...base, [key]: padding })), utf8: true, kind: `size:${bytes}` };
}

function bodyArbitrary(spec: RouteSpec, knowledge: FuzzKnowledge): fc.Arbitrary<BodyChoice> {
  const valid: fc.Arbitrary<unknown> = spec.body
    ? zodArbitrary(spec.body, {
        mode: 'json',
        keyVocabulary: knowledge.keys,
        fields: knowledge.fields,
        shapes: knowledge.shapes,
        numbers: knowledge.numbers,
        email: knownEmails(knowledge),
      })
    : fc.constant({});
  const at = (value: unknown, index: number) => {
    const paths = pathsOf(value);
    return paths.length === 0 ? [] : (paths[index % paths.length] ?? []);
  };
  const cap = spec.maxBodyBytes;
  const sizes = [...new Set([cap - 1, cap, cap + 1, cap * 2, 16 * 1024 + 1])];
  const deepRaw = fc
    .tuple(fc.constantFrom(1_000, 5_000), fc.boolean())
    .map(([d, arrays]) => (arrays ? '['.repeat(d) + ']'.repeat(d) : `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`));
  const strategies: { weight: number; arbitrary: fc.Arbitrary<BodyChoice> }[] = [
    { weight: 4, arbitrary: valid.map((v) => jsonBody(v ?? {}, 'valid')) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.nat(), hostileValue)
        .map(([v, i, h]) => jsonBody(replaceAt(v ?? {}, at(v, i), h), 'field')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.nat())
        .map(([v, i]) => jsonBody(replaceAt(v ?? {}, at(v, i), REMOVE) ?? {}, 'drop')),
    },
    { weight: 2, arbitrary: fc.tuple(valid, extraMembers).map(([v, m]) => jsonBody(withMembers(v, m), 'extra')) },
    { weight: 1, arbitrary: wrongType.map((v) => jsonBody(v, 'wrong-type')) },
    { weight: 1, arbitrary: hostileString.map((v) => jsonBody(v, 'string-body')) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((t) => ({ body: utf8(t), utf8: true, kind: 'raw' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...INVALID_UTF8).map((b) => ({ body: b, utf8: false, kind: 'invalid-utf8' })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.tuple(valid, fc.nat(), deepValue).map(([v, i, d]) => jsonBody(replaceAt(v ?? {}, at(v, i), d), 'deep')),
        deepRaw.map((t) => ({ body: utf8(t), utf8: true, kind: 'deep-raw' })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...sizes), fc.constantFrom('x', '\u{1F600}', '\u00e9'))
        .map(([v, n, c]) => sizedBody(v, n, c)),
    },
    { weight: 1, arbitrary: fc.constant({ body: undefined, utf8: true, kind: 'none' }) },
  ];
  return fc.oneof(...strategies);
}

type QueryValues = Record<string, string | undefined>;
const encodePairs = (pairs: [string, string][]) =>
  pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`;
const pairsOf = (values: QueryValues): [string, string][] =>
  Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);

function queryArbitrary(spec: RouteSpec, knowledge: FuzzKnowledge): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<QueryValues> = spec.query
    ? (zodArbitrary(spec.query, { mode: 'query', numbers: knowledge.numbers }) as fc.Arbitrary<QueryValues>)
    : fc.constant({});
  const keys = spec.query ? Object.keys((spec.query as z.ZodMiniObject).shape ?? {}) : [];
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string();
  return fc.oneof(
    { weight: spec.query ? 5 : 8, arbitrary: valid.map((v) => encodePairs(pairsOf(v))) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, key, hostileHeadString)
        .map(([v, k, h]) => encodePairs([...pairsOf(v).filter(([name]) => name !== k), [k, h]])),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.subarray(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']))
        .map(([v, extra]) => encodePairs([...pairsOf(v), ...extra.map((k): [string, string] => [k, 'x'])])),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, key, fc.array(hostileHeadString, { minLength: 2, maxLength: 3 }))
        .map(([v, k, values]) => encodePairs([...pairsOf(v), ...values.map((h): [string, string] => [k, h])])),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('?', '?&&', '?=', '?%', '?limit=%zz', '?a=%ED%A0%80', '?%00=%00', '?a=1;b=2', '?+=+'),
    },
  );
}

/** A parameter value: a reference to an account, a raw segment, or text to encode. */
type ParamChoice = { ref: 'self' | 'user' | 'otherUser' | 'admin' | 'victim' } | { raw: string } | { text: string };

function paramArbitrary(
  name: string,
  spec: RouteSpec,
  row: AuthorizationRow | undefined,
  items: readonly string[],
): fc.Arbitrary<ParamChoice> {
  const shape = spec.params ? ((spec.params as z.ZodMiniObject).shape as Record<string, z.ZodMiniType>) : {};
  const schema = shape[name];
  const valid = schema
    ? (zodArbitrary(schema, { mode: 'query' }) as fc.Arbitrary<string | undefined>).map((v) => ({ text: v ?? '' }))
    : fc.string({ minLength: 1 }).map((text) => ({ text }));
  const owner = row?.request.pathParams?.[name] === SELF;
  // Owner parameters name accounts: the caller's own, someone else's. Admin routes aim only at
  // the victim account (never the fuzz callers, whom a deactivation would lock out).
  const refs: ParamChoice[] = owner
    ? [{ ref: 'self' }, { ref: 'user' }, { ref: 'otherUser' }, { ref: 'admin' }]
    : [{ ref: 'victim' }, { text: UNKNOWN_ID }, ...items.map((text) => ({ text }))];
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: owner ? 6 : 3, arbitrary: fc.constantFrom(...refs) },
    { weight: 2, arbitrary: hostileHeadString.map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom(...PACKAGE_SLUGS, ...EXPORT_DATASETS).map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS).map((raw) => ({ raw })) },
  );
}

const decodeSegment = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

function forgedToken(claims: Record<string, unknown>, signature = ''): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.${signature}`;
}

/** What an anonymous caller sends instead of a valid token: nothing, garbage, or a forgery. */
function anonymousAuthorization(identities: FuzzIdentities): fc.Arbitrary<string | undefined> {
  const [header = '', , signature = ''] = identities.tokens.user.split('.');
  const adminClaims = {
    sub: identities.ids.admin,
    token_use: 'id',
    email: 'admin@example.com',
    'cognito:groups': ['admin'],
    exp: 4_102_444_800,
  };
  // A real user token whose payload claims the admin group, the signature left as it was.
  const tampered = `${header}.${Buffer.from(JSON.stringify(adminClaims)).toString('base64url')}.${signature}`;
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'Bearer ',
        'Bearer null',
        'Bearer a.b.c',
        `Bearer ${forgedToken(adminClaims)}`,
        `Bearer ${tampered}`,
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${'A'.repeat(8_000)}`,
        'bearer',
      ),
    },
    { weight: 1, arbitrary: hostileHeadString.map((h) => `Bearer ${headerSafe(h).slice(0, 4_000)}`) },
  );
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  '*/*',
  'application/json, text/plain',
] as const;

const headersArbitrary = fc.record({
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant<string | undefined>('application/json') },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES) },
  ),
  // Each case comes from its own viewer address (CloudFront's last X-Forwarded-For hop), so the
  // per-address limits do not turn most public writes into 429s before their body is read.
  forwardedFor: fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
        .map(([a, b, c]) => `10.${a}.${b}.${c}` as string | undefined),
    },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom('1.1.1.1, 2.2.2.2', ', , ,', 'unknown', '::1', '', `${'9.'.repeat(2_000)}9`),
        hostileHeadString.map((h) => headerSafe(h).slice(0, 2_000)),
      ),
    },
  ),
  cookie: fc.oneof(
    { weight: 10, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        hostileHeadString.map((h) => `goldbot_rt=${headerSafe(h).slice(0, 4_000)}`),
        fc.constantFrom('__proto__=1; constructor=2', '=;;;=', 'goldbot_rt=; goldbot_rt=x', `a=${'b'.repeat(8_000)}`),
      ),
    },
  ),
});

/**
 * Every caller on every route, weighted toward those who may call it, so that most cases get past
 * the guard into validation and the use case while every refusal is still tried.
 */
function callerArbitrary(route: RouteDefinition): fc.Arbitrary<FuzzCaller> {
  const weights: Record<RouteDefinition['auth'], Record<FuzzCaller, number>> = {
    public: { anonymous: 4, user: 1, otherUser: 1, admin: 1 },
    user: { anonymous: 1, user: 3, otherUser: 2, admin: 2 },
    admin: { anonymous: 1, user: 2, otherUser: 1, admin: 4 },
  };
  return fc.oneof(
    ...FUZZ_CALLERS.map((caller) => ({ weight: weights[route.auth][caller], arbitrary: fc.constant(caller) })),
  );
}

export function routeCaseArbitrary(
  spec: RouteSpec,
  row: AuthorizationRow | undefined,
  identities: FuzzIdentities,
  knowledge: FuzzKnowledge,
): fc.Arbitrary<FuzzRequest> {
  const { route } = spec;
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const params = fc.tuple(...names.map((name) => paramArbitrary(name, spec, row, identities.items)));
  const carriesBody = route.method !== 'GET';
  return fc
    .record({
      caller: callerArbitrary(route),
      params,
      query: queryArbitrary(spec, knowledge),
      body: carriesBody ? bodyArbitrary(spec, knowledge) : fc.constant<BodyChoice>({ utf8: true, kind: 'none' }),
      headers: headersArbitrary,
      anonymousAuth: anonymousAuthorization(identities),
      pathVariant: fc.oneof(
        { weight: 30, arbitrary: fc.constant('' as const) },
        { weight: 1, arbitrary: fc.constantFrom('trailing-slash' as const, 'upper-case' as const) },
      ),
    })
    .map(({ caller, params: choices, query, body, headers, anonymousAuth, pathVariant }) => {
      const decoded: Record<string, string | null> = {};
      const ownId = caller === 'anonymous' ? identities.ids.user : identities.ids[caller];
      const segments = choices.map((choice, i) => {
        const name = names[i] ?? '';
        let raw: string;
        if ('ref' in choice) raw = encodeComponent(choice.ref === 'self' ? ownId : identities.ids[choice.ref]);
        else if ('raw' in choice) raw = choice.raw;
        else raw = encodeComponent(choice.text);
        decoded[name] = decodeSegment(raw);
        return raw;
      });
      let i = 0;
      let path = route.path.replace(/\{\w+\}/g, () => segments[i++] ?? '');
      if (pathVariant === 'trailing-slash') path += '/';
      if (pathVariant === 'upper-case') path = path.toUpperCase();
      const wire: Record<string, string> = {};
      if (carriesBody && headers.contentType !== undefined) wire['content-type'] = headers.contentType;
      if (headers.forwardedFor !== undefined) wire['x-forwarded-for'] = headers.forwardedFor;
      if (headers.cookie !== undefined) wire.cookie = headers.cookie;
      const token = caller === 'anonymous' ? anonymousAuth : `Bearer ${identities.tokens[caller]}`;
      if (token !== undefined) wire.authorization = token;
      const request: FuzzRequest = {
        caller,
        method: route.method,
        path,
        params: decoded,
        query,
        headers: wire,
        ...(body.body ? { body: body.body } : {}),
        utf8: body.utf8,
        kind: body.kind,
      };
      // fast-check prints a counterexample with this: one readable line, not every byte.
      Object.defineProperty(request, fc.toStringMethod, { value: () => describeCase(request) });
      return request;
    });
}
