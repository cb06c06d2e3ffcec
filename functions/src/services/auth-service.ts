import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { sesMailer } from '../adapters/ses-mailer.js';
import { config } from '../config.js';
import { authStore } from '../data/auth-store.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { AuthService } from '../domain/auth/auth-service.js';

/** The account use cases wired to DynamoDB, Cognito and SES; built once per execution environment. */
export const authService = new AuthService({
  store: authStore,
  directory: cognitoDirectory,
  mailer: sesMailer,
  loadTemplate: loadEmailTemplate,
  otpHashKey: config.otpHashKey,
  now: () => Date.now(),
});
