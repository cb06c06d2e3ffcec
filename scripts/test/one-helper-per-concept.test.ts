import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/lib/paths.js';

/**
 * A concept written once stays written once. Every retry waits by the one backoff of
 * functions/src/lib/retry.ts (`backoffMs`, through `retry` or a caller's own sleep), so no other
 * module of the functions or the scripts computes a wait from its try number; and the functions
 * read every secret through the one reader, functions/src/adapters/secrets.ts (Powertools
 * Parameters, which keeps each value for the time its caller names), so no other module builds a
 * SecretsManagerClient or keeps a secret cache of its own. Dollars become cents by the one
 * shared/src/money.ts (`toCents`, `roundToCents`, `discountedPrice`), used by the functions, the
 * scripts and the web app alike, so no other module rounds money with its own
 * `Math.round(x * 100)`. A link to the site is built by `appLink` of functions/src/config.ts,
 * which trims APP_URL's trailing slashes, so no other module reads `config.appUrl`. The checks
 * read the source text.
 */

const SCANNED = ['functions/src', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'test', 'bundle-stubs']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = SCANNED.flatMap(sourceFiles).map((path) => ({
  path,
  text: readFileSync(join(REPO_ROOT, path), 'utf8'),
}));

/** `2 ** attempt`, `Math.pow(2, conflicts)`, `Math.random() * 40 * attempt`: a backoff of one's own. */
const TRY_COUNTER = String.raw`\(?\s*(?:attempt|tries|try|retr|conflict)\w*`;
const HAND_WRITTEN_BACKOFF = [
  new RegExp(String.raw`[\w)]\s*\*\*\s*${TRY_COUNTER}`, 'i'),
  new RegExp(String.raw`Math\.pow\([^)]*,\s*${TRY_COUNTER}`, 'i'),
  new RegExp(String.raw`Math\.random\(\)[^;\n]*\b(?:attempt|conflicts)\b`, 'i'),
  new RegExp(String.raw`\b(?:attempt|conflicts)\b[^;\n]*Math\.random\(\)`, 'i'),
];

/** Where money is computed: the functions, the scripts, the shared package and the web app (not their tests). */
const moneyFiles = ['functions/src', 'scripts', 'shared/src', 'web/src']
  .flatMap(sourceFiles)
  .filter((path) => !/\.test\.tsx?$/.test(path))
  .map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));

/** `Math.round(usd * 100)`, `Math.round((price - discount) * 100) / 100`: a cents conversion of one's own. */
const HAND_WRITTEN_CENTS = [/Math\.round\([^;\n]*\*\s*100\b/];

const findings = (patterns: readonly RegExp[], allowed: readonly string[], scanned = files) =>
  scanned.flatMap(({ path, text }) =>
    allowed.includes(path)
      ? []
      : text
          .split('\n')
          .flatMap((line, index) =>
            patterns.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
          ),
  );

describe('one helper per concept', () => {
  it('scans the functions and the scripts', () => {
    expect(files.some((f) => f.path === 'functions/src/lib/retry.ts')).toBe(true);
    expect(files.some((f) => f.path.startsWith('scripts/bench/'))).toBe(true);
  });

  it('waits between tries only by the backoff of lib/retry.ts', () => {
    expect(findings(HAND_WRITTEN_BACKOFF, ['functions/src/lib/retry.ts'])).toEqual([]);
  });

  it('converts dollars to cents in shared/src/money.ts only', () => {
    expect(moneyFiles.some((f) => f.path === 'shared/src/money.ts')).toBe(true);
    expect(moneyFiles.some((f) => f.path.startsWith('web/src/'))).toBe(true);
    const allowed = [
      'shared/src/money.ts',
      // Not money: a Lighthouse score (0 to 1) as a percentage, and the trading report's percentages.
      'scripts/lighthouse.ts',
      'web/src/features/reports/data/reports.ts',
    ];
    expect(findings(HAND_WRITTEN_CENTS, allowed, moneyFiles)).toEqual([]);
    expect(
      HAND_WRITTEN_CENTS.some((p) => p.test('return Math.max(0, Math.round((priceUsd - discountUsd) * 100) / 100);')),
    ).toBe(true);
    expect(
      HAND_WRITTEN_CENTS.some((p) => p.test('const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;')),
    ).toBe(false);
  });

  it('builds links to the site with appLink of config.ts only', () => {
    const builders = files.filter(({ path, text }) => path.startsWith('functions/src/') && /\bappUrl\b/.test(text));
    expect(builders.map((f) => f.path)).toEqual(['functions/src/config.ts']);
  });

  it('builds the Secrets Manager client in adapters/secrets.ts only', () => {
    const clients = files.filter(
      ({ path, text }) => path.startsWith('functions/src/') && /SecretsManagerClient|GetSecretValueCommand/.test(text),
    );
    expect(clients.map((f) => f.path)).toEqual(['functions/src/adapters/secrets.ts']);
  });

  it('reads secrets through Powertools Parameters only (no hand-written cache of a secret)', () => {
    const readers = files.filter(
      ({ path, text }) => path.startsWith('functions/src/') && /@aws-lambda-powertools\/parameters/.test(text),
    );
    expect(readers.map((f) => f.path).sort()).toEqual([
      'functions/src/adapters/cognito-directory.ts',
      'functions/src/adapters/secrets.ts',
    ]);
    const secretFiles = files.filter(({ path }) => path.startsWith('functions/src/'));
    // A module-level promise or value named after a secret or key is a cache of one's own.
    const ownCache = /^let \w*(secret|key|accepted)\w*\s*[:=]/im;
    expect(secretFiles.filter(({ text }) => ownCache.test(text)).map((f) => f.path)).toEqual([]);
  });

  it('recognizes a hand-written backoff', () => {
    for (const line of [
      'await sleep(20 * 2 ** attempt + Math.floor(Math.random() * 30));',
      'delayMs: (attempt) => 100 * 2 ** (attempt - 1),',
      'delayMs: (attempt) => 10 + Math.random() * 40 * attempt',
      'await wait(Math.pow(2, conflicts) * 25);',
    ]) {
      expect(
        HAND_WRITTEN_BACKOFF.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    }
    expect(HAND_WRITTEN_BACKOFF.some((pattern) => pattern.test('delayMs: (attempt) => backoffMs(attempt),'))).toBe(
      false,
    );
  });
});
