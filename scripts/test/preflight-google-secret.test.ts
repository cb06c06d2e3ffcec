import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkGoogleSecret } from '../preflight/checks/google-secret.js';
import { accessDenied, serviceError, TARGET } from './preflight-fixtures.js';

const secrets = mockClient(SecretsManagerClient);
const client = new SecretsManagerClient({ region: TARGET.region });

describe('Google secret check', () => {
  beforeEach(() => secrets.reset());

  it('is OK when the named secret exists, and never asks for its value', async () => {
    secrets.on(DescribeSecretCommand, { SecretId: 'goldbot/google' }).resolves({ Name: 'goldbot/google' });
    expect(await checkGoogleSecret(client, TARGET, 'goldbot/google')).toEqual({
      name: 'Google client secret "goldbot/google"',
      ok: true,
      detail: 'exists in eu-central-1',
    });
    expect(secrets.calls().map((call) => call.args[0].constructor.name)).toEqual(['DescribeSecretCommand']);
  });

  it('gives the create-secret command when it does not exist', async () => {
    secrets
      .on(DescribeSecretCommand)
      .rejects(serviceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret."));
    expect(await checkGoogleSecret(client, TARGET, 'goldbot/google')).toMatchObject({
      ok: false,
      detail: 'no such secret in eu-central-1',
      nextStep:
        "aws secretsmanager create-secret --name goldbot/google --secret-string '<the Google OAuth client secret>' --region eu-central-1 --profile goldbot",
    });
  });

  it('gives the restore command for a secret scheduled for deletion', async () => {
    secrets.on(DescribeSecretCommand).resolves({ Name: 'goldbot/google', DeletedDate: new Date() });
    expect(await checkGoogleSecret(client, TARGET, 'goldbot/google')).toMatchObject({
      ok: false,
      detail: 'scheduled for deletion',
      nextStep: 'aws secretsmanager restore-secret --secret-id goldbot/google --region eu-central-1 --profile goldbot',
    });
  });

  it('names secretsmanager:DescribeSecret when access is denied', async () => {
    secrets.on(DescribeSecretCommand).rejects(accessDenied('secretsmanager:DescribeSecret'));
    expect(await checkGoogleSecret(client, TARGET, 'goldbot/google')).toMatchObject({
      ok: false,
      detail: 'not allowed to call secretsmanager:DescribeSecret',
    });
  });
});
