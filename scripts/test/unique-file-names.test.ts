import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { filesUnder, sharedNames } from './repo-files.js';

/**
 * Within functions/src no two source files share a name, so a name found in a stack trace, a
 * bundle or a review points at one file. A handler is named after its route or job id
 * (handlers/<id>.ts), so no other file may take that name either: both follow from one rule.
 */
const SRC = join(REPO_ROOT, 'functions/src');

describe('file names in functions/src', () => {
  it.each([
    [
      ['a/withdrawals.ts', 'b/withdrawals.ts', 'b/other.ts'],
      { 'withdrawals.ts': ['a/withdrawals.ts', 'b/withdrawals.ts'] },
    ],
    // web-unique-file-names.test.ts holds web/src to the same rule.
    [['a/index.ts', 'b/index.ts', 'b/format.ts'], { 'index.ts': ['a/index.ts', 'b/index.ts'] }],
  ])('finds a name two files share in %j', (files, shared) => {
    expect(sharedNames(files)).toEqual(shared);
  });

  it('gives every source file a name of its own', () => {
    const files = filesUnder(SRC, ['.ts']).map((file) => relative(SRC, file));
    expect(files.length).toBeGreaterThan(100);
    expect(sharedNames(files)).toEqual({});
  });
});
