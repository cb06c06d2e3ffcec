import { METRICS } from '@goldbot/shared';
import { describeError, type Logger } from '../kit/logger.js';
import { emitCount } from '../kit/metrics.js';

/**
 * What happens when Cognito's global sign-out still fails after its retries (docs/security.md, "Sessions and revocation"):
 * our session registry and `tokensValidAfter` already refuse the sessions, but Cognito's refresh
 * tokens may live on, so an operator must look: logged at error and counted (the alarm watches the
 * metric). Shared by the account routes and the admin's deactivation.
 */
export const reportGlobalSignOutFailure = (log: Logger) => (error: unknown, userId: string) => {
  log.error('Cognito global sign-out failed after retries', { userId, ...describeError(error) });
  emitCount(METRICS.globalSignOutFailures.name, METRICS.globalSignOutFailures.dimensions);
};
