import { config } from '../config.js';
import { dynamoAccountIdentityStore } from '../data/account-identity-store.js';
import { dynamoLoginBackoffStore } from '../data/login-backoff-store.js';
import { dynamoMfaSetupStore } from '../data/mfa-setup-store.js';
import { dynamoOneTimeCodeStore } from '../data/one-time-code-store.js';
import { dynamoRegistrationStore } from '../data/registration-store.js';
import { dynamoSessionStore } from '../data/session-store.js';
import type { AccountDeps } from '../domain/auth/account-deps.js';
import { createLogger } from '../kit/logger.js';
import { reportGlobalSignOutFailure } from './global-sign-out.js';

const log = createLogger(config.logLevel, { service: 'auth' });

/**
 * What every account use case runs on (domain/auth/account-deps.ts): the account stores over the
 * table, the clock and the settings; built once per execution environment. Each auth handler adds
 * only the capabilities its use case asks for, so its function bundles only those clients:
 * Cognito (adapters/cognito-directory.ts), the code key (otp-hash-key.ts, a Secrets Manager read
 * in AWS) and the account mails (template-mail.ts: SES and the template renderer).
 */
export const accountDeps: AccountDeps = {
  store: {
    ...dynamoRegistrationStore,
    ...dynamoOneTimeCodeStore,
    ...dynamoLoginBackoffStore,
    ...dynamoSessionStore,
    ...dynamoMfaSetupStore,
    ...dynamoAccountIdentityStore,
  },
  now: () => Date.now(),
  adminMfaRequired: config.adminMfaRequired,
  onGlobalSignOutFailure: reportGlobalSignOutFailure(log),
};
