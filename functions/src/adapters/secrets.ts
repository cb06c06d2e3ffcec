import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config.js';

/**
 * Secrets Manager, read once at cold start by the functions that need a secret: the value is never
 * in the template or the function's environment, only in memory. The callers import this module
 * only on the path that reads a secret (wiring/otp-hash-key.ts, wiring/tron-api-client.ts), so a
 * function loads the client only where a secret is configured (in AWS, not locally). A refusal is
 * the client's error, named by the service's code (ResourceNotFoundException, AccessDeniedException...).
 */
const secretsManager = new SecretsManagerClient({ region: config.region, endpoint: config.endpoints.secretsManager });

export async function readSecret(secretId: string): Promise<string> {
  const result = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof result.SecretString !== 'string' || result.SecretString === '') {
    throw new Error(`Secret ${secretId} has no string value`);
  }
  return result.SecretString;
}
