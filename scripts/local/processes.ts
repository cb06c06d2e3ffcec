import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { sleep } from '../../functions/src/lib/retry.js';

/** Thrown for problems a person can fix (busy port, missing Java): printed as one line, no stack. */
export class LocalStackError extends Error {}

/**
 * An SDK client's settings for a local emulator at `endpoint`: the emulators accept any region
 * and any credentials, and fixed ones keep the caller's AWS configuration out of the way.
 */
export const emulatorClientConfig = (endpoint: string) => ({
  endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

export async function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new LocalStackError(
          `Port ${port} (${what}) is already in use. Stop whatever uses it, or set ${envName} to another port.`,
        ),
      ),
    );
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

/** A free loopback port chosen by the OS (tests use these so they never collide with `npm start`). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Every child started here, so a signal during start-up can still stop them all. */
const live = new Set<ManagedProcess>();

export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...live].map((p) => stopProcess(p)));
}

// Last resort if the parent exits without a clean stop: never leave a JVM behind.
process.once('exit', () => {
  for (const p of live) p.child.kill('SIGKILL');
});

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Last lines of output, shown if the process dies during start-up. */
  recentOutput(): string;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; verbose?: boolean },
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      if (options.verbose) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const managed: ManagedProcess = { name, child, recentOutput: () => lines.join('\n') };
  live.add(managed);
  child.once('exit', () => live.delete(managed));
  return managed;
}

export async function stopProcess(managed: ManagedProcess, graceMs = 5000): Promise<void> {
  const { child } = managed;
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Polls `check` until it resolves true; fails with the process output if the process exits first. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs?: number; process?: ManagedProcess } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    const child = options.process?.child;
    if (child && child.exitCode !== null) {
      throw new LocalStackError(
        `${what} exited during start-up (code ${child.exitCode}):\n${options.process?.recentOutput() ?? ''}`,
      );
    }
    try {
      if (await check()) return;
    } catch {
      // not ready yet
    }
    await sleep(200);
  }
  throw new LocalStackError(`${what} did not become ready in time.\n${options.process?.recentOutput() ?? ''}`);
}
