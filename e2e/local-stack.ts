import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ADMIN_GROUP } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../scripts/local/cognito-local.js';

/** What `npm start` wrote about itself (.local/stack.json): pool ids and service URLs. */
interface StackFile {
  urls: { api: string; cognito: string; sesInbox: string };
  pool: { userPoolId: string; clientId: string };
  admin: { email: string };
}

const root = resolve(import.meta.dirname, '..');

export function readStack(): StackFile {
  const file = join(process.env.LOCAL_DATA_DIR ?? join(root, '.local'), 'stack.json');
  return JSON.parse(readFileSync(file, 'utf8')) as StackFile;
}

export async function adminIdToken(): Promise<string> {
  const stack = readStack();
  return localIdToken(stack.urls.cognito, stack.pool.clientId, {
    email: stack.admin.email,
    password: process.env.LOCAL_ADMIN_PASSWORD || 'Admin123!',
  });
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
