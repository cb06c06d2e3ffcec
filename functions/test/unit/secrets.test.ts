import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readSecret } from '../../src/adapters/secrets.js';

/** The Secrets Manager adapter (adapters/secrets.ts) with the client mocked. */
const secretsManager = mockClient(SecretsManagerClient);
afterAll(() => secretsManager.restore());
beforeEach(() => secretsManager.reset());

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:otp-AbCdEf';

describe('readSecret', () => {
  it('reads the secret with one GetSecretValue', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ Name: 'otp', SecretString: 'the-value' });
    await expect(readSecret(ARN)).resolves.toBe('the-value');
    expect(secretsManager.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: ARN },
    ]);
  });

  it("lets the service's refusal through as the client threw it", async () => {
    const missing = new ResourceNotFoundException({
      message: "Secrets Manager can't find the specified secret.",
      $metadata: { httpStatusCode: 400 },
    });
    secretsManager.on(GetSecretValueCommand).rejects(missing);
    await expect(readSecret('missing')).rejects.toBe(missing);
  });

  it('refuses a secret without a string value (a binary secret)', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ Name: 'bin', SecretBinary: new Uint8Array([0, 1, 2]) });
    await expect(readSecret('bin')).rejects.toThrow('Secret bin has no string value');
  });
});
