import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';

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
  const client = new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.pool.clientId,
      AuthParameters: { USERNAME: stack.admin.email, PASSWORD: process.env.LOCAL_ADMIN_PASSWORD || 'Admin123!' },
    }),
  );
  const token = result.AuthenticationResult?.IdToken;
  if (!token) throw new Error('The local admin could not sign in');
  return token;
}
