import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureSynthesized } from '../../../scripts/local/synthesized-functions.js';
import { provideLocalStack } from '../integration/global-setup.js';

/**
 * The stack of the bundled smoke pass: the app synthesized first when infra/cdk.out is missing or
 * stale (CI synthesizes just before the tests, so it is reused), then `npm start -- --bundled` on
 * free ports with a throw-away data folder.
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../../..');
  await ensureSynthesized(root, (line) => process.stdout.write(`${line}\n`));
  return provideLocalStack(project, { bundled: true });
}
