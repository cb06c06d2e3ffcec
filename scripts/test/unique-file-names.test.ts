import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Within functions/src no two source files share a name, so a name found in a stack trace, a
 * bundle or a review points at one file. A handler is named after its route or job id
 * (handlers/<id>.ts), so no other file may take that name either: both follow from one rule.
 */
const SRC = fileURLToPath(new URL('../../functions/src/', import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );

/** Every name carried by more than one file, with the files that carry it. */
function sharedNames(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
  return Object.fromEntries([...byName].filter(([, paths]) => paths.length > 1));
}

describe('file names in functions/src', () => {
  it('finds a name two files share', () => {
    expect(sharedNames(['a/withdrawals.ts', 'b/withdrawals.ts', 'b/other.ts'])).toEqual({
      'withdrawals.ts': ['a/withdrawals.ts', 'b/withdrawals.ts'],
    });
  });

  it('gives every source file a name of its own', () => {
    const files = sourceFiles(SRC).map((file) => relative(SRC, file));
    expect(files.length).toBeGreaterThan(100);
    expect(sharedNames(files)).toEqual({});
  });
});
