import fc from 'fast-check';

/**
 * Hostile inputs for the route fuzzer: strings built to make regular expressions backtrack, huge
 * strings, awkward unicode, prototype keys, wrong JSON types, deep nesting and broken encodings.
 * Every arbitrary here is plain data; route-cases.ts decides where each one goes.
 */

/** Lengths for the backtracking strings: small, around common field caps, and past the body cap. */
const runLength = fc.constantFrom(31, 64, 129, 255, 1_000, 5_000, 16_000, 20_000);

/** Each builds a string of about `n` characters that is slow for a naive pattern. */
const BACKTRACKERS: readonly ((n: number) => string)[] = [
  (n) => `${'a'.repeat(n)}!`,
  (n) => '@'.repeat(n),
  (n) => `a@${'a.'.repeat(Math.ceil(n / 2))}!`,
  (n) => `a@${'a'.repeat(n)}.`,
  (n) => `${'a'.repeat(n)}@${'b'.repeat(n)}`,
  (n) => `${'a@'.repeat(Math.ceil(n / 2))}.`,
  (n) => `${'.'.repeat(n)}@x.y`,
  (n) => `${'1'.repeat(n)}x`,
  (n) => '1'.repeat(n),
  (n) => `${' '.repeat(n)}x${' '.repeat(n)}`,
  (n) => `${'Aa1!'.repeat(Math.ceil(n / 4))} `,
  (n) => `${'aA'.repeat(Math.ceil(n / 2))}`,
  (n) => `T${'1'.repeat(n)}`,
  (n) => `${'2026-'.repeat(Math.ceil(n / 5))}`,
  (n) => `${'{{'.repeat(Math.ceil(n / 2))}`,
  (n) => `${'<a'.repeat(Math.ceil(n / 2))}`,
  (n) => `${'a\t'.repeat(Math.ceil(n / 2))}`,
  (n) => `${'-'.repeat(n)}`,
  (n) => `${'\u00e9'.repeat(n)}`,
];

export const backtrackingString: fc.Arbitrary<string> = fc
  .tuple(fc.nat({ max: BACKTRACKERS.length - 1 }), runLength)
  .map(([i, n]) => (BACKTRACKERS[i] ?? BACKTRACKERS[0])?.(n) ?? '');

/** Characters and sequences that break naive text handling. */
export const UNICODE_SAMPLES = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '\uDC00\uD800',
  '\u{1F600}',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  '\u{10FFFF}',
  '\u202Eevil\u202C',
  '\u200B',
  '\uFEFF',
  '\u2028\u2029',
  'e\u0301',
  '\u0130',
  '\u00DF',
  '\uFB03',
  '\uFF20',
  '\u0645\u0631\u062D\u0628\u0627',
  '\u6F22\u5B57',
  '\uFFFF',
  'Z\u0351\u0358\u0307\u0313\u0300\u0360',
] as const;

export const unicodeString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...UNICODE_SAMPLES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.array(fc.constantFrom(...UNICODE_SAMPLES), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('x')),
);

/** Words with a meaning somewhere: keys, operators, template syntax, numbers as text. */
export const TRICKY_WORDS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e308',
  '1e-400',
  '9007199254740993',
  '0x10',
  ' 12 ',
  '1,2',
  'true',
  'false',
  '[]',
  '{}',
  'all',
  'admin',
  "'; DROP TABLE users; --",
  '" OR "1"="1',
  '${7*7}',
  '{{7*7}}',
  '{{constructor.constructor "return process"}}',
  '{{#with "constructor"}}{{#with split as |a|}}{{/with}}{{/with}}',
  '{{> missing}}',
  '{{#each}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'javascript:alert(1)',
  'USER#x',
  'PK',
  '#',
  'ACTIVEWALLET#USDT',
  'ff'.repeat(32),
  'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  '2026-13-45T99:99:99Z',
  '0000-00-00',
  '2026-02-30T00:00:00Z',
  '9999-12-31T23:59:59.999+14:00',
  'Basic Package',
  'basic',
  'Free Trial',
  'payments',
  'pending',
] as const;

export const trickyString: fc.Arbitrary<string> = fc.constantFrom(...TRICKY_WORDS);

/** Hostile text, any of the kinds above, or a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: backtrackingString },
  { weight: 3, arbitrary: unicodeString },
  { weight: 3, arbitrary: trickyString },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(1_024, 8_192, 16_383, 16_385, 40_000), fc.constantFrom('x', '\u{1F600}', 'é', ' '))
      .map(([n, c]) => c.repeat(n)),
  },
);

/**
 * Hostile text for the request head (query, path, headers): mostly short enough for Node's 16 KiB
 * head limit, so the case reaches the handler; now and then huge (Node answers 431).
 */
export const hostileHeadString: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: hostileString.map((s) => s.slice(0, 3_000)) },
  { weight: 1, arbitrary: hostileString },
);

/** Values of the wrong JSON type for any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    5e-324,
    [],
    [null],
    {},
    { $ne: null },
    { length: 1e9 },
    [[[[[]]]]],
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A value nested `depth` deep, e.g. [[[...]]] or {"a":{"a":...}}, built without recursion limits. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = kind === 'array' ? [] : 'deep';
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(50, 1_000, 1_500), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nested(depth, kind));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: wrongType },
  { weight: 1, arbitrary: deepValue },
);

/** Keys that mean something to JavaScript objects, and fields a caller should never set. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const PRIVILEGED_FIELDS: Record<string, unknown> = {
  isAdmin: true,
  'cognito:groups': ['admin'],
  userId: 'someone-else',
  _id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX',
  status: 'completed',
  isActive: false,
  referralEarnings: 1e9,
  amount: 0,
  priceUsd: 0,
  role: 'admin',
  PK: 'USER#x',
  SK: 'PROFILE',
};

/** Extra members: prototype keys carrying privilege-looking payloads, privileged fields, noise. */
export const extraMembers: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...PROTOTYPE_KEYS),
        fc.constantFrom<unknown>({ isAdmin: true, polluted: 'yes' }, { prototype: { isAdmin: true } }, 'x', null, []),
      )
      .map(([k, v]) => [k, v] as [string, unknown]),
    fc.constantFrom(...Object.entries(PRIVILEGED_FIELDS)),
    fc.tuple(fc.string({ maxLength: 20 }), hostileValue),
  ),
  { minLength: 1, maxLength: 4 },
);

/** Body texts that are not the JSON object a route expects. */
export const RAW_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '[',
  'null',
  'true',
  '0',
  '"text"',
  'undefined',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{"amount": NaN}',
  '{"amount": 1e999}',
  '{"amount": -0}',
  '{"amount": 100000000000000000000000000000}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  'a=1&b=2',
  'email=a%40b.c&password=x',
  '<?xml version="1.0"?><a/>',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  '\u0000\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '[1,2,3]',
  '{"a":[' + '1,'.repeat(2000) + '1]}',
] as const;

/** Bytes that are not valid UTF-8 (sent as they are). */
export const INVALID_UTF8: readonly Buffer[] = [
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0x7b, 0x7d, 0x80]),
];

/** Path segments as sent on the wire: broken percent-encodings, traversal, separators, huge. */
export const RAW_PATH_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF',
  '%C0%AF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '%00',
  '%20',
  '+',
  '%25',
  '%3F',
  '%23',
  'a'.repeat(5_000),
  '%F0%9F%98%80',
] as const;

/** Percent-encodes any JavaScript string, lone surrogates included (as their WTF-8 bytes). */
export function encodeComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(value[i] ?? '');
    }
  }
  return out;
}

/** Header values must be latin-1 without control characters on the wire: map the rest to '?'. */
export const headerSafe = (value: string): string => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
