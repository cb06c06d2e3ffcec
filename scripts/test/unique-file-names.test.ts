import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { filesUnder } from './repo-files.js';

/**
 * Within functions/src no two source files share a name, so a name found in a stack trace, a
 * bundle or a review points at one file. A handler is named after its route or job id
 * (handlers/<id>.ts), so no other file may take that name either: both follow from one rule.
 */
const SRC = join(REPO_ROOT, 'functions/src');

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
    const files = filesUnder(SRC, ['.ts']).map((file) => relative(SRC, file));
    expect(files.length).toBeGreaterThan(100);
    expect(sharedNames(files)).toEqual({});
  });
});
