import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnLocalStack, type SpawnedStack } from '../local/spawn-stack.js';

/**
 * Runs `use` against a local stack of the section's own: free ports and a throw-away data folder
 * (named from `tmpPrefix`), like the integration stack. `env` is set only while the stack starts
 * (its processes read it then). The stack is stopped and its folder removed afterwards.
 */
export async function withBenchStack<T>(
  options: { root: string; tmpPrefix: string; log: (line: string) => void; env?: Record<string, string> },
  use: (stack: SpawnedStack) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), options.tmpPrefix));
  options.log('  starting the local stack on free ports...');
  const saved = Object.keys(options.env ?? {}).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, options.env);
  const stack = await spawnLocalStack({ root: options.root, dataDir }).finally(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  try {
    return await use(stack);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
