import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '@goldbot/shared';
import { secretHash } from '../../functions/src/adapters/cognito-secret-hash.js';
import { emulatorClientConfig, startProcess, waitUntil, type ManagedProcess } from './processes.js';

const require = createRequire(import.meta.url);

export const LOCAL_POOL_NAME = 'goldbot-local';
/**
 * The web client, confidential as in AWS (infra/lib/auth-stack.ts). Named apart from the public
 * client earlier builds created, so a kept `.local/` pool gets a client with a secret.
 */
export const LOCAL_CLIENT_NAME = 'goldbot-web-confidential';

/** cognito-local keeps its data in `.cognito/` under its working directory. */
export function startCognitoLocal(options: { dataDir: string; port: number; verbose: boolean }): ManagedProcess {
  mkdirSync(options.dataDir, { recursive: true });
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  return startProcess('cognito', process.execPath, [bin], {
    cwd: options.dataDir,
    env: { PORT: String(options.port), HOST: '127.0.0.1' },
    verbose: options.verbose,
  });
}

export const localCognitoClient = (endpoint: string) =>
  new CognitoIdentityProviderClient(emulatorClientConfig(endpoint));

export async function waitForCognito(endpoint: string, process: ManagedProcess): Promise<void> {
  await waitUntil('cognito-local', async () => (await fetch(`${endpoint}/health`)).ok, { process });
}

export interface LocalPool {
  userPoolId: string;
  clientId: string;
}

/** Idempotent: finds the pool and client by name, creating them (and the admin group) if missing. */
export async function ensureUserPool(client: CognitoIdentityProviderClient): Promise<LocalPool> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');

  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_CLIENT_NAME,
        // The AWS client's settings. cognito-local stores the secret and hands it out with
        // DescribeUserPoolClient as AWS does, but checks neither SECRET_HASH nor the flows.
        GenerateSecret: true,
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
  }
  if (!clientId) throw new Error('cognito-local did not return an app client id');

  try {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'GroupExistsException') throw error;
  }
  return { userPoolId, clientId };
}

/** Creates a confirmed user with a permanent password; returns false if it already existed. */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  pool: LocalPool,
  user: { email: string; password: string; groups?: string[] },
): Promise<boolean> {
  let created = true;
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'UsernameExistsException') throw error;
    created = false;
  }
  if (created) {
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        Password: user.password,
        Permanent: true,
      }),
    );
  }
  for (const group of user.groups ?? []) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: user.email, GroupName: group }),
    );
  }
  return created;
}

/** The secret of cognito-local's confidential web client, read as the functions read it. */
export async function localClientSecret(endpoint: string, pool: LocalPool): Promise<string> {
  const described = await localCognitoClient(endpoint).send(
    new DescribeUserPoolClientCommand({ UserPoolId: pool.userPoolId, ClientId: pool.clientId }),
  );
  const secret = described.UserPoolClient?.ClientSecret;
  if (!secret) throw new Error(`cognito-local's client ${pool.clientId} has no secret`);
  return secret;
}

/**
 * Signs a user in against cognito-local the way the API does (tests and tooling only):
 * ADMIN_USER_PASSWORD_AUTH with the SECRET_HASH of the confidential web client. All three tokens.
 */
export async function localSignIn(
  endpoint: string,
  pool: LocalPool,
  credentials: { email: string; password: string },
): Promise<AuthenticationResultType> {
  const secret = await localClientSecret(endpoint, pool);
  const result = await localCognitoClient(endpoint).send(
    new AdminInitiateAuthCommand({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: pool.userPoolId,
      ClientId: pool.clientId,
      AuthParameters: {
        USERNAME: credentials.email,
        PASSWORD: credentials.password,
        SECRET_HASH: secretHash(credentials.email, pool.clientId, secret),
      },
    }),
  );
  if (!result.AuthenticationResult) throw new Error(`cognito-local signed ${credentials.email} in without tokens`);
  return result.AuthenticationResult;
}

/** The ID token of a local sign-in (send it as `Authorization: Bearer <token>`). */
export async function localIdToken(
  endpoint: string,
  pool: LocalPool,
  credentials: { email: string; password: string },
): Promise<string> {
  const token = (await localSignIn(endpoint, pool, credentials)).IdToken;
  if (!token) throw new Error(`cognito-local returned no ID token for ${credentials.email}`);
  return token;
}
