import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import fc from 'fast-check';
import { EMAIL_PATTERN, TRON_ADDRESS_PATTERN } from '@goldbot/shared';
import type * as z from '@goldbot/shared/zod';

/**
 * fast-check arbitraries derived from zod 4 schemas by walking `schema._zod.def` (no maintained
 * bridge supports zod 4: zod-fast-check wants zod 3 and fast-check 3). The values aim at what the
 * schema accepts (lengths, patterns, formats, bounds, enums), so a fuzzer reaches the use case
 * behind the validation; transforms and refinements are not inverted, so a few values may still be
 * refused. The route fuzzer (functions/test/fuzz) mutates these values into hostile ones.
 *
 * `mode: 'query'` renders leaves as the strings a query string or path carries (coerced numbers and
 * booleans as text).
 */
export interface ZodArbitraryOptions {
  mode: 'json' | 'query';
  /** Extra keys for records keyed by free strings (e.g. every field name the routes know). */
  keyVocabulary?: readonly string[];
  /**
   * Schemas of named fields (see collectFields): a record of unknown values (a body whose shape
   * the handler picks at run time) gives such a key a value that field accepts.
   */
  fields?: Readonly<Record<string, AnySchema>>;
  /**
   * Whole request shapes (e.g. every `*InputSchema` the shared package exports): a record of
   * unknown values, whose real shape the handler picks at run time, is sometimes one of them.
   */
  shapes?: readonly AnySchema[];
  /** Numbers that mean something (e.g. the catalog's prices): mixed into number fields they fit. */
  numbers?: readonly number[];
  /** Replaces the generic valid e-mail (see emailArbitrary). */
  email?: fc.Arbitrary<string>;
}

type Def = Record<string, unknown> & { type: string };
type AnySchema = z.core.$ZodType | { _zod: { def: Def; optin?: string } };

interface Check {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: AnySchema): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Lookaheads are not supported by fc.stringMatching: generate without them, keep what matches. */
const LOOKAROUND = /\(\?<?[=!](?:[^()\\]|\\.)*\)/g;
/** Upper, lower, digit and a special character that every password rule here accepts. */
const PASSWORD_SHAPED = fc.stringMatching(/^[A-Z][a-z]{3,8}\d{1,3}[!@$%*?&]$/);

/**
 * A valid address: mostly one of a few fixed ones (so registrations, and the mails they send,
 * stay bounded: the second time the address is taken), sometimes any string the pattern accepts.
 */
export const emailArbitrary = (fixed = 8): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 9, arbitrary: fc.nat({ max: fixed - 1 }).map((n) => `fuzz-${n}@example.com`) },
    {
      weight: 1,
      arbitrary: fc.stringMatching(EMAIL_PATTERN, { size: 'small' }).filter((s) => s.trim().length <= 254),
    },
  );

/**
 * A TRON address: mostly a real one (Base58Check of 0x41 and 20 random bytes, which the checksum
 * check accepts, so the case reaches the use case), sometimes any string the pattern accepts
 * (whose checksum almost never matches).
 */
export const tronAddressArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((account) => createBase58check(sha256).encode(Uint8Array.of(0x41, ...account))),
  },
  { weight: 1, arbitrary: fc.stringMatching(TRON_ADDRESS_PATTERN) },
);

function stringArbitrary(def: Def, options: ZodArbitraryOptions): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 64;
  let exact: number | undefined;
  const patterns: RegExp[] = [];
  let format: string | undefined;
  const visit = (check: Check) => {
    if (check.check === 'min_length' && check.minimum !== undefined) minLength = Math.max(minLength, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) maxLength = Math.min(maxLength, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) exact = check.length;
    if (check.check === 'string_format') {
      if (check.format && check.format !== 'regex') format = check.format;
      if (check.pattern) patterns.push(check.pattern);
    }
  };
  visit(def as Check);
  for (const check of checksOf(def)) visit(check);
  if (exact !== undefined) minLength = maxLength = exact;
  if (maxLength < minLength) maxLength = minLength;

  if (format === 'datetime') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .chain((d) =>
        fc.constantFrom(d.toISOString(), d.toISOString().replace('Z', '+02:00'), d.toISOString().slice(0, 19) + 'Z'),
      );
  }
  if (format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (format === 'email' || patterns.some((p) => p.source === EMAIL_PATTERN.source)) {
    return options.email ?? emailArbitrary();
  }
  if (patterns.some((p) => p.source === TRON_ADDRESS_PATTERN.source)) return tronAddressArbitrary;
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'url') return fc.webUrl();
  // No filters (an unsatisfiable one would spin forever): a value that misses a second pattern or
  // a length is simply one more invalid input.
  const [first] = patterns;
  if (first) {
    const generator = new RegExp(first.source.replace(LOOKAROUND, ''), first.flags);
    const matching = fc.stringMatching(generator, { size: minLength > 4 ? 'medium' : 'small' });
    // Lookaheads mostly demand one character of each class (a password rule): add such values.
    return generator.source === first.source ? matching : fc.oneof(matching, PASSWORD_SHAPED);
  }
  const free = fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 40) });
  // A free string may still have to meet rules no schema states as data (a password's
  // superRefine): a share of password-shaped values (upper, lower, digit, special) meets those.
  if (maxLength < 8) return free;
  return fc.oneof({ weight: 3, arbitrary: free }, { weight: 1, arbitrary: PASSWORD_SHAPED });
}

function numberArbitrary(def: Def, known: readonly number[] = []): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) {
      min = check.value;
      minExcluded = check.inclusive === false;
    }
    if (check.check === 'less_than' && check.value !== undefined) {
      max = check.value;
      maxExcluded = check.inclusive === false;
    }
    if (check.check === 'number_format' && check.format !== undefined && /int/.test(check.format)) integer = true;
  }
  const low = minExcluded && Number.isInteger(min) ? min + 1 : Math.ceil(min);
  const high = maxExcluded && Number.isInteger(max) ? max - 1 : Math.floor(max);
  const fits = known.filter((n) => n >= low && n <= high && (!integer || Number.isInteger(n)));
  const integers = fc.integer({ min: low, max: Math.max(low, high) });
  const doubles = fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
  const generic = integer ? integers : high >= low ? fc.oneof(doubles, integers) : doubles;
  return fits.length === 0 ? generic : fc.oneof(generic, fc.constantFrom(...fits));
}

/**
 * Calls `visit` with every named field and its schema anywhere in `schema`, depth first: an
 * object's fields, what wraps or holds another schema, and a union's options.
 */
function visitFields(schema: AnySchema | undefined, visit: (key: string, inner: AnySchema) => void, depth = 0): void {
  if (!schema || depth > 20) return;
  const def = defOf(schema);
  if (def.type === 'object') {
    for (const [key, inner] of Object.entries(def.shape as Record<string, AnySchema>)) {
      visit(key, inner);
      visitFields(inner, visit, depth + 1);
    }
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType', 'left', 'right', 'catchall']) {
    const inner = def[key] as AnySchema | undefined;
    if (inner && typeof inner === 'object' && '_zod' in inner) visitFields(inner, visit, depth + 1);
  }
  for (const option of (def.options as AnySchema[] | undefined) ?? []) visitFields(option, visit, depth + 1);
}

/** Each named field's schema, anywhere in the schemas (the first one seen wins). */
export function collectFields(
  schema: AnySchema | undefined,
  into: Record<string, AnySchema> = {},
  depth = 0,
): Record<string, AnySchema> {
  visitFields(
    schema,
    (key, inner) => {
      if (!Object.hasOwn(into, key)) into[key] = inner;
    },
    depth,
  );
  return into;
}

/** Field names anywhere in the schemas: a fuzzer adds them where a record takes free keys. */
export function collectKeys(schema: AnySchema | undefined, into = new Set<string>(), depth = 0): Set<string> {
  visitFields(schema, (key) => into.add(key), depth);
  return into;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** An arbitrary of values the schema accepts (best effort; see the module comment). */
export function zodArbitrary(schema: AnySchema, options: ZodArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => zodArbitrary(def[key] as AnySchema, options, depth + 1);
  const asQuery = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
    options.mode === 'query' ? arb.map((v) => (v === undefined ? undefined : String(v))) : arb;
  if (depth > 12) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return asQuery(numberArbitrary(def, options.numbers));
    case 'bigint':
      return asQuery(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n }).map((n) => Number(n)));
    case 'boolean':
      return asQuery(fc.boolean());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc
        .constantFrom(...Object.values(def.entries as Record<string, string | number>))
        .map((v) => (options.mode === 'query' ? String(v) : v));
    case 'literal':
      return asQuery(fc.constantFrom(...(def.values as unknown[])));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: inner('innerType') });
    case 'nullable':
      return options.mode === 'query'
        ? inner('innerType')
        : fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: inner('innerType') });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner('innerType');
    case 'pipe': {
      // preprocess(fn, schema) is pipe(transform, schema): the transform takes anything.
      const first = defOf(def.in as AnySchema);
      return first.type === 'transform' ? inner('out') : inner('in');
    }
    case 'transform':
    case 'unknown':
    case 'any':
    case 'custom':
      return options.mode === 'query' ? fc.string() : fc.jsonValue({ maxDepth: 3 });
    case 'union': {
      const options_ = (def.options as AnySchema[]).map((o) => zodArbitrary(o, options, depth + 1));
      return fc.oneof(...options_);
    }
    case 'intersection':
      return inner('left');
    case 'lazy':
      return zodArbitrary((def.getter as () => AnySchema)(), options, depth + 1);
    case 'array': {
      const checks = checksOf(def);
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const maxLength = Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? 5, minLength + 5);
      return fc.array(inner('element'), { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items as AnySchema[]).map((i) => zodArbitrary(i, options, depth + 1)));
    case 'record':
    case 'map': {
      const keyDef = defOf(def.keyType as AnySchema);
      const vocabulary = options.keyVocabulary ?? [];
      const freeKey = (inner('keyType') as fc.Arbitrary<string>).map(text);
      const value = inner('valueType');
      const entry = (key: fc.Arbitrary<string>) => fc.tuple(key, value);
      const entries: fc.Arbitrary<[string, unknown]>[] = [entry(freeKey)];
      if (keyDef.type !== 'enum' && vocabulary.length > 0) {
        const valueType = defOf(def.valueType as AnySchema).type;
        const fields = options.fields ?? {};
        // A record of unknown values is a shape picked at run time: known keys get their own values.
        entries.push(
          valueType === 'unknown' || valueType === 'any'
            ? fc
                .constantFrom(...vocabulary)
                .chain((k) =>
                  fc.tuple(
                    fc.constant(k),
                    Object.hasOwn(fields, k) ? zodArbitrary(fields[k] as AnySchema, options, depth + 1) : value,
                  ),
                )
            : entry(fc.constantFrom(...vocabulary)),
          entry(fc.constantFrom(...vocabulary)),
        );
      }
      const pairs = fc
        .array(fc.oneof(...entries), { minLength: 1, maxLength: 4 })
        .map((list) => Object.fromEntries(list.filter(([, v]) => v !== undefined)));
      const valueType = defOf(def.valueType as AnySchema).type;
      const shapes = options.shapes ?? [];
      if ((valueType !== 'unknown' && valueType !== 'any') || shapes.length === 0 || depth > 0) return pairs;
      return fc.oneof(
        pairs,
        fc.constantFrom(...shapes).chain((shape) => zodArbitrary(shape, options, depth + 1)),
      );
    }
    case 'object': {
      const shape = def.shape as Record<string, AnySchema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) model[key] = zodArbitrary(value, options, depth + 1);
      return fc
        .record(model)
        .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    default:
      return options.mode === 'query' ? fc.string() : fc.jsonValue({ maxDepth: 2 });
  }
}
