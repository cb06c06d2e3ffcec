import { DescribeSecretCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { failedCall, isNotFound } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { cliFlags, type Target } from '../target.js';

/**
 * Secrets Manager DescribeSecret on `googleClientSecretName`, the secret the auth stack resolves at
 * deploy (SecretValue.secretsManager in infra/lib/auth-stack.ts). Never reads its value.
 */
export async function checkGoogleSecret(
  secrets: SecretsManagerClient,
  target: Target,
  secretName: string,
): Promise<CheckResult> {
  const name = `Google client secret "${secretName}"`;
  const create = `aws secretsmanager create-secret --name ${secretName} --secret-string '<the Google OAuth client secret>' ${cliFlags(target)}`;
  try {
    const secret = await secrets.send(new DescribeSecretCommand({ SecretId: secretName }));
    if (secret.DeletedDate) {
      return todo(
        name,
        'scheduled for deletion',
        `aws secretsmanager restore-secret --secret-id ${secretName} ${cliFlags(target)}`,
      );
    }
    return ok(name, `exists in ${target.region}`);
  } catch (error) {
    if (isNotFound(error)) return todo(name, `no such secret in ${target.region}`, create);
    return failedCall(name, 'secretsmanager:DescribeSecret', error);
  }
}
