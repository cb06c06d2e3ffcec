import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Within web/src no two source files (code or CSS) share a name, as in functions/src
 * (functions/test/unit/unique-file-names.test.ts): a name in a stack trace, a chunk, a source map
 * or a review then points at one file. That is why a feature's public surface is
 * `<name>-public.ts` and not index.ts. Tests are left out: each sits beside the file it tests.
 */
const WEB_SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));
const SOURCE_FILE = /\.(?:ts|tsx|css)$/;
const TEST_FILE = /\.test\.tsx?$/;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** Every name carried by more than one file, with the files that carry it. */
function sharedNames(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
  return Object.fromEntries([...byName].filter(([, paths]) => paths.length > 1));
}

describe('file names in web/src', () => {
  it('finds a name two files share', () => {
    expect(sharedNames(['a/index.ts', 'b/index.ts', 'b/format.ts'])).toEqual({
      'index.ts': ['a/index.ts', 'b/index.ts'],
    });
  });

  it('gives every source file a name of its own, tests aside', () => {
    const files = sourceFiles(WEB_SRC).map((file) => relative(WEB_SRC, file));
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => TEST_FILE.test(file))).toBe(false);
    expect(sharedNames(files)).toEqual({});
  });
});
