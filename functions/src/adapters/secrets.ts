import { config } from '../config.js';
import { awsRequest } from './aws-signed-request.js';

/**
 * Secrets Manager, read once at cold start by the functions that need a secret (L1): the value is
 * never in the template or the function's environment, only in memory.
 *
 * GetSecretValue (AWS JSON 1.1) over the signed-request adapter, not the Secrets Manager client,
 * which cost its functions +0.03× cold import (issue 12). A refusal throws an Error named by the
 * service's error code (ResourceNotFoundException, AccessDeniedException...), as the client's did.
 */
export async function readSecret(secretId: string): Promise<string> {
  const response = await awsRequest({
    service: 'secretsmanager',
    region: config.region,
    host: `secretsmanager.${config.region}.amazonaws.com`,
    ...(config.endpoints.secretsManager ? { endpoint: config.endpoints.secretsManager } : {}),
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body: JSON.stringify({ SecretId: secretId }),
  });
  const result = (response.body === '' ? {} : JSON.parse(response.body)) as { SecretString?: unknown };
  if (typeof result.SecretString !== 'string' || result.SecretString === '') {
    throw new Error(`Secret ${secretId} has no string value`);
  }
  return result.SecretString;
}
