import { expireSubscriptionsDeps } from '../wiring/jobs.js';
import { expireSubscriptions } from '../domain/jobs/expire-subscriptions.js';
import { defineJob } from '../kit/job-handler.js';
import { describeError } from '../kit/logger.js';

/** Daily at 00:05 UTC (shared/src/schedules.ts): active subscriptions whose end date has passed become expired. */
export const handler = defineJob('job-expire-subscriptions', ({ now, log, remainingMs }) =>
  expireSubscriptions({
    store: expireSubscriptionsDeps,
    now,
    remainingMs,
    onFailure: (subscription, error) =>
      log.error('subscription not expired; the next run retries it', {
        subscriptionId: subscription._id,
        userId: subscription.userId,
        endDate: subscription.endDate,
        ...describeError(error),
      }),
  }),
);
