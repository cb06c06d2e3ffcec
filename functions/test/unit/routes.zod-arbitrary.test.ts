import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REGISTER_PASSWORD_PATTERN,
  contactListQuerySchema,
  paymentStatsQuerySchema,
  trc20AddressSchema,
} from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import { loadRouteSpecs } from '../fuzz/route-specs.js';
import { collectFields, collectKeys, zodArbitrary } from '../helpers/zod-arbitrary.js';

/**
 * The zod → fast-check bridge the route fuzzer builds on: its values must mostly pass the schema
 * they come from, or the fuzzer would never get past validation into the use cases.
 */
const acceptedShare = (schema: z.ZodMiniType, mode: 'json' | 'query', runs = 60, seed = 7) => {
  const values = fc.sample(zodArbitrary(schema, { mode }), { numRuns: runs, seed });
  return (
    values.filter((v) => schema.safeParse(v === undefined && schema.def.type === 'object' ? {} : v).success).length /
    values.length
  );
};

describe('zodArbitrary', () => {
  it('honours lengths, patterns with lookaheads, enums and bounds', () => {
    const fields = {
      password: z.string().check(z.regex(REGISTER_PASSWORD_PATTERN)),
      code: z.string().check(z.regex(/^\d{4}$/)),
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(5)),
      kind: z.enum(['a', 'b']),
      count: z.number().check(z.int(), z.gte(1), z.lte(3)),
      share: z.number().check(z.gt(0), z.lt(1)),
      flag: z.optional(z.boolean()),
    };
    // Exact where the schema is data (patterns without lookaheads, enums, bounds); most of the time
    // where a lookahead or the trimmed length decides.
    for (const [name, schema] of Object.entries(fields)) {
      const minimum = name === 'password' || name === 'name' ? 0.5 : 1;
      expect(acceptedShare(schema, 'json', 100), name).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('renders query values as strings that coerce, and skips preprocess steps', () => {
    const values = fc.sample(zodArbitrary(paymentStatsQuerySchema, { mode: 'query' }), { numRuns: 50, seed: 3 });
    for (const value of values) {
      for (const v of Object.values(value as Record<string, unknown>)) expect(typeof v).toBe('string');
      expect(paymentStatsQuerySchema.safeParse(value).success).toBe(true);
    }
    expect(acceptedShare(contactListQuerySchema, 'query')).toBe(1);
  });

  it('draws record keys from a vocabulary as well', () => {
    const schema = z.record(z.string(), z.unknown());
    const values = fc.sample(zodArbitrary(schema, { mode: 'json', keyVocabulary: ['password'] }), {
      numRuns: 60,
      seed: 1,
    });
    expect(values.some((v) => Object.keys(v as object).includes('password'))).toBe(true);
  });

  it('gives known keys of a record of unknown values the values their own field accepts', () => {
    const email = z.string().check(z.regex(/^[a-z]+@[a-z]+\.[a-z]+$/));
    const schema = z.record(z.string(), z.unknown());
    const values = fc.sample(zodArbitrary(schema, { mode: 'json', keyVocabulary: ['email'], fields: { email } }), {
      numRuns: 60,
      seed: 2,
    }) as Record<string, unknown>[];
    const emails = values.map((v) => v.email).filter((v) => v !== undefined);
    expect(emails.filter((v) => email.safeParse(v).success).length).toBeGreaterThan(emails.length / 2);
  });

  it('mixes known numbers into number fields they fit', () => {
    const schema = z.number().check(z.int(), z.gte(0), z.lte(500));
    const values = fc.sample(zodArbitrary(schema, { mode: 'json', numbers: [79, 250, 9_999] }), {
      numRuns: 100,
      seed: 4,
    });
    expect(values).toContain(79);
    expect(values).toContain(250);
    expect(values).not.toContain(9_999);
  });

  it('collects field names through pipes, optionals, unions and records', () => {
    const schema = z.object({
      a: z.pipe(z.string(), z.string()),
      b: z.optional(z.object({ c: z.number() })),
      d: z.record(z.string(), z.union([z.string(), z.object({ e: z.string() })])),
    });
    expect([...collectKeys(schema)].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(Object.keys(collectFields(schema)).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('draws TRON addresses whose checksum matches, so a withdrawal case reaches its use case', () => {
    // The checksum is a refinement the bridge cannot invert; real addresses are drawn instead.
    expect(acceptedShare(trc20AddressSchema, 'json', 200)).toBeGreaterThanOrEqual(0.8);
  });

  it("mostly passes every route's own body, query and path schemas", async () => {
    const specs = await loadRouteSpecs();
    expect(specs.length).toBeGreaterThan(40);
    for (const spec of specs) {
      for (const [source, schema] of [
        ['body', spec.body],
        ['query', spec.query],
        ['params', spec.params],
      ] as const) {
        if (!schema) continue;
        const share = acceptedShare(schema, source === 'body' ? 'json' : 'query', 40);
        // Refinements ("send at least one of", a password's rules) are not inverted: often, not always.
        expect(share, `${spec.route.id} ${source}`).toBeGreaterThanOrEqual(0.15);
      }
    }
    // Every route's schemas, 40 values each: about 10 s alone, more beside the other projects.
  }, 90_000);
});
