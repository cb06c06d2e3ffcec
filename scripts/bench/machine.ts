import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/** The method notes' last sentence: the day a run measured (UTC) and the machine it ran on. */
export const measuredOn = (startedAt: Date, machine: string): string =>
  `Measured on ${startedAt.toISOString().slice(0, 10)}: ${machine}.`;

/** One line naming the machine and toolchain a run measured on, for the method notes. */
export function describeMachine(root: string): string {
  const cores = cpus();
  const model = cores[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const javaVersion = /version "([^"]+)"/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`)?.[1];
  const autocannonVersion = packageVersion(root, 'autocannon');
  return [
    `${cores.length} × ${model}, ${memory} RAM`,
    `Node ${process.version}`,
    ...(javaVersion ? [`Java ${javaVersion}`] : []),
    ...(autocannonVersion ? [`autocannon ${autocannonVersion}`] : []),
    // Other work on the machine slows seeding and load figures (not capacity units): say how busy it was.
    `load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the start`,
  ].join(', ');
}

function packageVersion(root: string, name: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return manifest.version;
  } catch {
    return undefined;
  }
}
