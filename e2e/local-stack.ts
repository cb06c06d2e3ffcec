import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localIdToken } from '../scripts/local/cognito-local.js';

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
