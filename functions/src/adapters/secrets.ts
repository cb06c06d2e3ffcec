import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config.js';

/**
 * Secrets Manager, read once at cold start by the functions that need a secret (L1): the value is
 * never in the template or the function's environment, only in memory.
 */
export async function readSecret(secretId: string): Promise<string> {
  const client = new SecretsManagerClient({ region: config.region, endpoint: config.endpoints.secretsManager });
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!result.SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return result.SecretString;
}
