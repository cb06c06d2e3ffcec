import { createRequire } from 'node:module';
import { startProcess, waitUntil, type ManagedProcess } from './processes.js';
import { sleep } from '../../functions/src/lib/retry.js';

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

/** A mail as the emulator's `GET /store` lists it. */
export interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Every mail the emulator at `endpoint` holds for `address`, oldest first, as a person would read their inbox. */
export async function mailsTo(endpoint: string, address: string): Promise<StoredEmail[]> {
  const response = await fetch(`${endpoint}/store`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails.filter((e) => e.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/**
 * The 4-digit code of the newest mail to `address` whose subject matches, once it arrives (mail is
 * sent after the answer, so the inbox is polled for up to 10 s).
 */
export async function latestCode(endpoint: string, address: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(endpoint, address)).filter((m) => subject.test(m.subject)).at(-1);
    const code = mail?.body.text?.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`No code mailed to ${address}`);
}
