import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN_GROUP } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../scripts/local/cognito-local.js';

/** What `npm start` wrote about itself (.local/stack.json): pool ids and service URLs. */
interface StackFile {
  /** `tron`: the local TRON API double; absent in a stack.json from before it. */
  urls: { api: string; cognito: string; sesInbox: string; tron?: string };
  pool: { userPoolId: string; clientId: string };
  admin: { email: string };
}

const root = resolve(import.meta.dirname, '..');

export function readStack(): StackFile {
  const file = join(process.env.LOCAL_DATA_DIR ?? join(root, '.local'), 'stack.json');
  return JSON.parse(readFileSync(file, 'utf8')) as StackFile;
}

/** The stack admin's password: `npm start` creates the admin with the same setting and default. */
export const ADMIN_PASSWORD = process.env.LOCAL_ADMIN_PASSWORD || 'Admin123!';

/**
 * An ID token of the stack's admin. Like the SPA after a sign-in, it asks /api/auth/me first: on a
 * fresh stack that creates the admin's profile, without which every admin route answers 401
 * ("not set up yet", docs/security.md, "The per-request session guard"), whichever spec runs first.
 */
export async function adminIdToken(): Promise<string> {
  const stack = readStack();
  const token = await localIdToken(stack.urls.cognito, stack.pool, {
    email: stack.admin.email,
    password: ADMIN_PASSWORD,
  });
  const me = await fetch(`${stack.urls.api}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /api/auth/me as the admin answered ${me.status}: ${await me.text()}`);
  return token;
}

/**
 * A fresh administrator in the local user pool, for tests that change an admin's own account
 * (e-mail, password): the stack's admin stays as the other tests expect it. Its profile is made
 * on first sign-in.
 */
export async function createLocalAdmin(account: { email: string; password: string }): Promise<void> {
  const stack = readStack();
  await ensureUser(localCognitoClient(stack.urls.cognito), stack.pool, { ...account, groups: [ADMIN_GROUP] });
}

/** The SES emulator's stored mail (aws-ses-v2-local `GET /store`); older shapes are accepted too. */
export interface StoredEmail {
  destination?: { to?: string[] };
  to?: string | string[];
  subject?: string;
  body?: { text?: string; html?: string };
  text?: string;
  html?: string;
}

/** A mail's addressees, lower-cased: the emulator keeps them as they were sent. */
const recipients = (mail: StoredEmail): string[] => {
  const to = mail.destination?.to ?? mail.to ?? [];
  return (Array.isArray(to) ? to : [to]).map((address) => address.toLowerCase());
};

/** A mail's HTML part ('' without one, or without a mail). */
export const mailHtml = (mail: StoredEmail | undefined) => mail?.body?.html ?? mail?.html ?? '';

/** A mail's text as a person reads it: the text part, else the HTML part without its tags. */
const mailText = (mail: StoredEmail) => mail.body?.text ?? mail.text ?? mailHtml(mail).replace(/<[^>]+>/g, ' ');

/** Every mail the emulator holds for `address`, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<StoredEmail[]> {
  const response = await request.get(`${readStack().urls.sesInbox}/store`);
  expect(response.ok()).toBe(true);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails.filter((mail) => recipients(mail).includes(address.toLowerCase()));
}

/** The subject of the registration mail ("… verification …") that carries the sign-up code. */
export const VERIFICATION_SUBJECT = /verification/i;

/**
 * The 4-digit code of mail number `index` (0-based) to `address` whose subject matches, once it
 * arrives: mail is sent asynchronously, so the inbox is polled rather than read once.
 */
export async function mailedCode(
  request: APIRequestContext,
  address: string,
  subject: RegExp,
  index = 0,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(request, address)).filter((m) => subject.test(m.subject ?? ''))[index];
        code = mail ? mailText(mail).match(/\b(\d{4})\b/)?.[1] : undefined;
        return code;
      },
      { message: `a code mailed to ${address}`, timeout: 15_000 },
    )
    .toMatch(/^\d{4}$/);
  return code ?? '';
}

/**
 * Runs a scheduled job of the running stack once, now, as `npm run invoke -- <jobId>` does (the same
 * handler the local scheduler runs every minute), and answers what it printed. For journeys that
 * must not wait for the scheduler's next minute.
 */
export function runJobNow(jobId: string): Promise<string> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return new Promise((resolveRun, reject) => {
    execFile(
      process.execPath,
      [tsx, join(root, 'scripts', 'invoke.ts'), jobId],
      { cwd: root, env: process.env, timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${jobId}: ${error.message}\n${stderr}`)) : resolveRun(stdout),
    );
  });
}
