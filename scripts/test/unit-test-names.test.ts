import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { filesUnder } from './repo-files.js';

/**
 * A unit test is found by the name of the module it tests: functions/test/unit/<module>.test.ts,
 * or <module>.<aspect>.test.ts where one module's tests are split (handlers' tests are named after
 * the handler's file). So the part of a test's name before its first dot must be the name of a
 * source file under functions/src or shared/src. Helpers and fixtures beside the tests do not end
 * in .test.ts and are not held to this.
 */
const UNIT_TESTS = join(REPO_ROOT, 'functions/test/unit');
const SOURCE_DIRS = ['functions/src', 'shared/src'].map((dir) => join(REPO_ROOT, dir));

/** The module a test file's name points at: everything before the first dot. */
const moduleOf = (testFile: string): string => basename(testFile).split('.')[0] ?? '';

/** The test files whose name points at no module of `moduleNames`. */
const namelessTests = (testFiles: readonly string[], moduleNames: ReadonlySet<string>): string[] =>
  testFiles.filter((file) => file.endsWith('.test.ts') && !moduleNames.has(moduleOf(file)));

const sourceModuleNames = (): Set<string> =>
  new Set(
    SOURCE_DIRS.flatMap((dir) => filesUnder(dir, ['.ts', '.tsx'])).map((file) => basename(file).replace(/\.tsx?$/, '')),
  );

describe('unit test file names', () => {
  it('reads the module before the first dot and leaves helpers alone', () => {
    const modules = new Set(['define-handler', 'templates']);
    expect(moduleOf('cognito-directory.totp.test.ts')).toBe('cognito-directory');
    expect(
      namelessTests(
        ['templates.test.ts', 'define-handler.logging.test.ts', 'http-handler.test.ts', 'fixtures.ts'],
        modules,
      ),
    ).toEqual(['http-handler.test.ts']);
  });

  it('names every unit test file after a module of functions/src or shared/src', () => {
    const tests = filesUnder(UNIT_TESTS, ['.ts']).map((file) => file.slice(UNIT_TESTS.length + 1));
    expect(tests.length).toBeGreaterThan(50);
    expect(namelessTests(tests, sourceModuleNames())).toEqual([]);
  });
});
