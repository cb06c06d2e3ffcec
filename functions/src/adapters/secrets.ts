import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { config } from '../config.js';

/**
 * The one secret reader: Powertools Parameters over the one Secrets Manager client of the
 * functions. A value is kept in memory for the `maxAgeSeconds` its caller names and read again on
 * the first use after that, so a rotated secret reaches every warm function within that time; it
 * is never in the template or the function's environment. Callers import this module only on the
 * path that reads a secret (dynamic import: wiring/otp-hash-key.ts, wiring/tron-api-client.ts, wiring/origin-header-check.ts), so a function loads the client only where a secret is
 * configured (in AWS, not locally). No other module builds a SecretsManagerClient
 * (scripts/test/one-helper-per-concept.test.ts). A refusal is the service's error (its name and
 * message: ResourceNotFoundException, AccessDeniedException...), kept as the thrown error's `cause`.
 */
const secrets = new SecretsProvider({
  awsSdkV3Client: new SecretsManagerClient({ region: config.region, endpoint: config.endpoints.secretsManager }),
});

export async function readSecret(secretId: string, maxAgeSeconds: number): Promise<string> {
  const value = await secrets.get(secretId, { maxAge: maxAgeSeconds });
  if (typeof value !== 'string' || value === '') throw new Error(`Secret ${secretId} has no string value`);
  return value;
}
