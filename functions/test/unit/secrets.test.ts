import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSecret } from '../../src/adapters/secrets.js';

/** The one secret reader (adapters/secrets.ts, Powertools Parameters) with the client mocked. */
const secretsManager = mockClient(SecretsManagerClient);
afterAll(() => secretsManager.restore());
beforeEach(() => secretsManager.reset());
afterEach(() => vi.useRealTimers());

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:otp-AbCdEf';
/** Each test reads its own secret id: the reader's cache lives as long as the module. */
let secretNumber = 0;
const freshId = () => `${ARN}-${(secretNumber += 1)}`;

describe('readSecret', () => {
  it('reads the secret with one GetSecretValue', async () => {
    const id = freshId();
    secretsManager.on(GetSecretValueCommand).resolves({ Name: 'otp', SecretString: 'the-value' });
    await expect(readSecret(id, 60)).resolves.toBe('the-value');
    expect(secretsManager.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: id },
    ]);
  });

  it('keeps the value for maxAge seconds, then reads it again (a rotation arrives within that time)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    const id = freshId();
    secretsManager.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'old' }).resolves({ SecretString: 'new' });
    await expect(readSecret(id, 300)).resolves.toBe('old');
    vi.setSystemTime(new Date('2026-06-01T12:05:00Z'));
    await expect(readSecret(id, 300)).resolves.toBe('old');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    vi.setSystemTime(new Date('2026-06-01T12:05:01Z'));
    await expect(readSecret(id, 300)).resolves.toBe('new');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it("fails with the service's refusal named, the client's error as its cause, and tries again next time", async () => {
    const id = freshId();
    const missing = new ResourceNotFoundException({
      message: "Secrets Manager can't find the specified secret.",
      $metadata: { httpStatusCode: 400 },
    });
    secretsManager.on(GetSecretValueCommand).rejectsOnce(missing).resolves({ SecretString: 'created-since' });
    const error = await readSecret(id, 60).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(missing.message);
    expect((error as Error).cause).toBe(missing);
    await expect(readSecret(id, 60)).resolves.toBe('created-since');
  });

  it('refuses a secret without a string value (a binary secret)', async () => {
    const id = freshId();
    secretsManager.on(GetSecretValueCommand).resolves({ Name: 'bin', SecretBinary: new Uint8Array([0, 1, 2]) });
    await expect(readSecret(id, 60)).rejects.toThrow(`Secret ${id} has no string value`);
  });
});
