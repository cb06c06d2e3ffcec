import { dynamoJobLease } from '../data/job-lease-store.js';
import { dynamoExpiryStore, dynamoReminderStore } from '../data/subscription-expiry-store.js';

/**
 * The scheduled jobs' stores that need nothing else: the lease that keeps two runs of a job from
 * overlapping, and the sweeps of the expiry and reminder jobs. The jobs that mail or ask TRON take
 * the rest of their wiring from their own modules (new-work-mail-deps.ts, watcher-deps.ts, ...).
 */
export const jobLeaseDeps = dynamoJobLease;
export const expireSubscriptionsDeps = dynamoExpiryStore;
export const expiryRemindersDeps = dynamoReminderStore;
