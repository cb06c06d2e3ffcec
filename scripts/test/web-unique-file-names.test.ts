import { basename, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder, sharedNames } from './repo-files.js';

/**
 * Within web/src no two source files (code or CSS) share a name, as in functions/src
 * (scripts/test/unique-file-names.test.ts): a name in a stack trace, a chunk, a source map
 * or a review then points at one file. That is why a feature's public surface is
 * `<name>-public.ts` and not index.ts. Tests are left out: each sits beside the file it tests.
 */
const WEB_SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));
const SOURCE_ENDINGS = ['.ts', '.tsx', '.css'];
const TEST_FILE = /\.test\.tsx?$/;

const sourceFiles = (dir: string): string[] =>
  filesUnder(dir, SOURCE_ENDINGS).filter((file) => !TEST_FILE.test(basename(file)));

describe('file names in web/src', () => {
  it('gives every source file a name of its own, tests aside', () => {
    const files = sourceFiles(WEB_SRC).map((file) => relative(WEB_SRC, file));
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => TEST_FILE.test(file))).toBe(false);
    expect(sharedNames(files)).toEqual({});
  });
});
