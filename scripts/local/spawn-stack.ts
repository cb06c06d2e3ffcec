import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from './processes.js';
import type { LocalStackInfo } from './stack.js';

const require = createRequire(import.meta.url);

/**
 * Starts `scripts/start.ts --ready-json` in a child process on free ports (never the `npm start`
 * ports) and resolves with what it printed once ready. Used by the integration suite and tests
 * that need a stack of their own.
 */
export interface SpawnedStack {
  info: LocalStackInfo & { webUrl?: string };
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  root: string;
  dataDir: string;
  withWeb?: boolean;
  ports?: Partial<
    Record<'DYNAMODB_PORT' | 'COGNITO_PORT' | 'SES_PORT' | 'API_PORT' | 'TRON_PORT' | 'WEB_PORT', number>
  >;
  timeoutMs?: number;
  /** `--bundled`: the synthesized bundles instead of the TypeScript handlers. */
  bundled?: boolean;
}

export async function spawnLocalStack(options: SpawnOptions): Promise<SpawnedStack> {
  const ports = {
    DYNAMODB_PORT: options.ports?.DYNAMODB_PORT ?? (await freePort()),
    COGNITO_PORT: options.ports?.COGNITO_PORT ?? (await freePort()),
    SES_PORT: options.ports?.SES_PORT ?? (await freePort()),
    API_PORT: options.ports?.API_PORT ?? (await freePort()),
    TRON_PORT: options.ports?.TRON_PORT ?? (await freePort()),
    WEB_PORT: options.ports?.WEB_PORT ?? (await freePort()),
  };
  const tsx = require.resolve('tsx/cli');
  const args = [tsx, join(options.root, 'scripts', 'start.ts'), '--ready-json', '--data-dir', options.dataDir];
  if (!options.withWeb) args.push('--no-web');
  if (options.bundled) args.push('--bundled');
  const child = spawn(process.execPath, args, {
    cwd: options.root,
    env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const info = await new Promise<SpawnedStack['info']>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`local stack did not start in time:\n${output}`)),
      options.timeoutMs ?? 180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((l) => l.startsWith('LOCAL_STACK_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('LOCAL_STACK_READY '.length)) as SpawnedStack['info']);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with code ${code} before it was ready:\n${output}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { info, child, stop };
}
