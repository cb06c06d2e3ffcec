import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { chainCheckEventSchema } from '../domain/commerce/chain-check-event.js';
import { checkPayment, recheckPayments } from '../domain/commerce/chain-check.js';
import { config } from '../config.js';
import { jobLeaseDeps } from '../wiring/jobs.js';
import { runAlone } from '../domain/jobs/job-lease.js';
import { DomainError } from '../domain/errors.js';
import { defineJob } from '../kit/job-handler.js';
import { createLogger, describeError } from '../kit/logger.js';
import { chainCheckDeps } from '../wiring/chain-check-deps.js';

/**
 * Every 5 minutes (shared/src/schedules.ts): the pending payments of the last 24 hours whose
 * on-chain verdict may still change are checked again, until the chain answers for good or the
 * 24 hours have passed. The same function is invoked asynchronously by
 * payment-submit-usdt with `{source: 'goldbot.payment-submitted', paymentId}` to check one new
 * payment at once (wiring/chain-check-trigger.ts).
 */
/** The longest a sweep holds its lease: the function's timeout (infra scheduled-job.ts), never the local 15 minutes. */
export const CHAIN_RECHECK_LEASE_MAX_MS = 2 * 60_000;

const sweepHandler = defineJob('job-chain-recheck', async ({ now, log, remainingMs }) => {
  // One sweep at a time: a second one (a retry, or the next schedule while this one runs) exits at once.
  const nowMs = now.getTime();
  const leased = await runAlone(
    jobLeaseDeps('job-chain-recheck'),
    { holder: randomUUID(), nowMs, untilMs: nowMs + Math.min(remainingMs(), CHAIN_RECHECK_LEASE_MAX_MS) },
    () =>
      recheckPayments(chainCheckDeps(log), {
        now,
        remainingMs,
        onFailure: (payment, error) =>
          log.error('chain recheck failed; the next run tries again', {
            paymentId: payment._id,
            ...describeError(error),
          }),
      }),
  );
  if (!leased.ran) {
    log.info('another chain recheck sweep holds the lease; this one stops');
    return { processed: 0, failed: 0, complete: true, leaseHeld: 1 };
  }
  const result = leased.result;
  return { processed: result.processed, failed: result.failed, complete: result.complete, ...result.outcomes };
});

const rootLogger = createLogger(config.logLevel);

export async function handler(event: unknown, context?: Partial<Context>) {
  const single = chainCheckEventSchema.safeParse(event);
  if (!single.success) return sweepHandler(event, context);
  const log = rootLogger.child({
    job: 'job-chain-recheck',
    paymentId: single.data.paymentId,
    ...(context?.awsRequestId ? { requestId: context.awsRequestId } : {}),
  });
  try {
    const result = await checkPayment(chainCheckDeps(log), single.data.paymentId, { origin: 'submission' });
    return { paymentId: single.data.paymentId, status: result.check.status, autoApproved: result.autoApproved };
  } catch (error) {
    // No such payment, or no TRON API configured: nothing a retry would change.
    if (error instanceof DomainError) {
      log.warn('chain check not run', { reason: error.message });
      return { paymentId: single.data.paymentId, status: null, autoApproved: false };
    }
    // A DynamoDB failure: Lambda retries the asynchronous invoke, then the dead-letter queue (an alarm).
    throw error;
  }
}
