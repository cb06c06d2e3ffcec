import { config } from '../config.js';
import { authStore } from '../data/auth-store.js';
import type { AccountDeps } from '../domain/auth/auth-service.js';
import { createLogger } from '../kit/logger.js';
import { reportGlobalSignOutFailure } from './global-sign-out.js';

const log = createLogger(config.logLevel, { service: 'auth' });

/**
 * What every account use case runs on (domain/auth/auth-service.ts): the table, the clock and the
 * settings; built once per execution environment. Each auth handler adds only the capabilities
 * its use case asks for, so its function bundles only those clients (lean bundles, docs/performance.md):
 * Cognito (adapters/cognito-directory.ts), the code key (otp-hash-key.ts, a Secrets Manager read
 * in AWS) and the account mails (template-mail.ts: SES and the template renderer).
 */
export const accounts: AccountDeps = {
  store: authStore,
  now: () => Date.now(),
  adminMfaRequired: config.adminMfaRequired,
  onGlobalSignOutFailure: reportGlobalSignOutFailure(log),
};
