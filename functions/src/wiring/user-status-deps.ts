import { cognitoDirectory, setUserEnabled } from '../adapters/cognito-directory.js';
import { dynamoAdminUserStore } from '../data/admin-user-store.js';
import { dynamoSessionStore } from '../data/session-store.js';
import type { UserStatusDeps } from '../domain/admin/users.js';
import { endAllSessions } from '../domain/auth/end-sessions.js';
import { newId } from '../kit/ids.js';
import type { Logger } from '../kit/logger.js';
import { reportGlobalSignOutFailure } from './global-sign-out.js';
import { sleep } from '../lib/retry.js';

/** The admin user use cases wired to DynamoDB and Cognito (one set per request, for its logger). */

export const changeUserStatusDeps = (log: Logger): UserStatusDeps => ({
  store: dynamoAdminUserStore,
  accounts: { setUserEnabled },
  endSessions: (userId, email) =>
    endAllSessions(
      {
        revokeSessions: (id, nowMs) => dynamoSessionStore.revokeSessions(id, nowMs),
        signOutEverywhere: (address) => cognitoDirectory.signOutEverywhere(address),
        now: () => Date.now(),
        sleep,
        onGlobalSignOutFailure: reportGlobalSignOutFailure(log),
      },
      userId,
      email,
    ),
  now: () => new Date(),
  newId,
  sleep,
  onAccountMissing: (userId) =>
    log.warn('no Cognito user by the profile address; the profile flag alone refuses the user', { userId }),
});
