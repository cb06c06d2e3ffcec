import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The short chaos run as `npm test` runs it: three seeds of 200 operations each with 10% of the
 * AWS calls, the TRON double's answers and the scheduled deliveries failing, on a throw-away stack
 * of its own (free ports, a temporary data folder), in a child process like `npm run chaos`. It
 * passes when every invariant holds and every answer was one a person may get.
 */
const root = resolve(import.meta.dirname, '..', '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

function chaos(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsx, join(root, 'scripts', 'chaos', 'run.ts'), ...args], {
      cwd: root,
      env: { ...process.env, FAULTS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run chaos, short', () => {
  it('three seeds of 200 operations under 10% faults end with every invariant holding', async () => {
    const run = await chaos([
      '--seed',
      '1,2,3',
      '--ops',
      '200',
      '--faults',
      '0.1',
      '--customers',
      '30',
      '--concurrency',
      '4',
    ]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const seed of [1, 2, 3]) expect(run.stdout).toContain(`chaos run: seed ${seed}, 200 operations, faults 0.1`);
    // The report: operations, faults and every invariant with what it checked.
    expect(run.stdout).toMatch(/Operations by kind\n {2}approve +\d+/);
    expect(run.stdout).toMatch(/Faults by kind \(\d+ calls seen\)\n {2}throttling +\d+/);
    expect(run.stdout).toMatch(/ok {3}referral ledgers balance, none negative +\d+ ledgers, 0 off/);
    expect(run.stdout).toMatch(/ok {3}maintained aggregates equal a recount +\d+ counters, 0 off/);
    expect(run.stdout).not.toContain('FAIL');
  });

  it('refuses settings it does not understand, saying what it expects', async () => {
    const run = await chaos(['--faults', 's3:0.1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"s3" is not one of the clients');
    expect(run.stderr).toContain('--faults dynamodb:0.1');
  });
});
