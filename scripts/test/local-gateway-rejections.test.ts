import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A fault once killed the whole local gateway: a handler left a promise that rejected with
 * nobody listening, and Node ends a process on an unhandled rejection. In AWS only that
 * invocation would end. The local stack now logs it and keeps serving (gateway.ts,
 * keepServingThroughUnhandledRejections). Run in a child process: an unhandled rejection is
 * process-wide, and this test runner would count it as its own failure.
 */
const root = resolve(import.meta.dirname, '..', '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

function run(args: string[]) {
  const child = spawnSync(
    process.execPath,
    [tsx, join(root, 'scripts', 'test', 'stray-rejection-gateway.ts'), ...args],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  return {
    status: child.status,
    result: line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : null,
    stderr: child.stderr,
  };
}

describe('an unhandled rejection in a handler', () => {
  it('is logged and the local gateway keeps answering the next requests', { timeout: 60_000 }, () => {
    const { status, result } = run(['--guarded']);
    expect(status).toBe(0);
    expect(result).toMatchObject({ statuses: [200, 200, 200], logged: 3 });
    expect(String(result?.first)).toContain('a background write failed');
  });

  it('without the guard, ends the whole process (what the guard prevents)', { timeout: 60_000 }, () => {
    const { status, result, stderr } = run([]);
    expect(status).not.toBe(0);
    expect(result).toBeNull();
    expect(stderr).toContain('a background write failed');
  });
});
