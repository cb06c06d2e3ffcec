import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { readSecret } from '../adapters/secrets.js';
import { sesMailer } from '../adapters/ses-mailer.js';
import { config } from '../config.js';
import { authStore } from '../data/auth-store.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { AuthService } from '../domain/auth/auth-service.js';
import { createLogger } from '../kit/logger.js';
import { reportGlobalSignOutFailure } from './global-sign-out.js';

/**
 * The account use cases wired to DynamoDB, Cognito and SES; built once per execution environment.
 * The code key is a plain value locally and a Secrets Manager secret in AWS, read once, on the
 * first code a function handles; only the functions that use codes are given the secret (L1).
 */
async function otpHashKey(): Promise<string> {
  if (config.otpHashKey) return config.otpHashKey;
  if (config.otpHashKeySecretArn) return readSecret(config.otpHashKeySecretArn);
  throw new Error('Invalid function configuration: OTP_HASH_KEY or OTP_HASH_KEY_SECRET_ARN is required');
}

const log = createLogger(config.logLevel, { service: 'auth' });

export const authService = new AuthService({
  store: authStore,
  directory: cognitoDirectory,
  mailer: sesMailer,
  loadTemplate: loadEmailTemplate,
  otpHashKey,
  now: () => Date.now(),
  adminMfaRequired: config.adminMfaRequired,
  onGlobalSignOutFailure: reportGlobalSignOutFailure(log),
});
