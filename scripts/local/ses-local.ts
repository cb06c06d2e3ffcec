import { createRequire } from 'node:module';
import { startProcess, waitUntil, type ManagedProcess } from './processes.js';

const require = createRequire(import.meta.url);

/** aws-ses-v2-local: accepts SES v1/v2 sends and shows every mail in an inbox UI; `GET /store` lists them. */
export function startSesLocal(options: { port: number; verbose: boolean }): ManagedProcess {
  const bin = require.resolve('aws-ses-v2-local/dist/cli.js');
  return startProcess('ses', process.execPath, [bin, '--port', String(options.port), '--host', '127.0.0.1'], {
    verbose: options.verbose,
  });
}

export async function waitForSes(endpoint: string, process: ManagedProcess): Promise<void> {
  await waitUntil('aws-ses-v2-local', async () => (await fetch(`${endpoint}/health-check`)).ok, { process });
}
