import type { Context } from 'aws-lambda';
import { scheduledJobEventSchema, type JobId, type ScheduledJobEvent } from '@goldbot/shared';
import { config } from '../config.js';
import { createLogger, describeError, type KitLogger, type Logger } from './logger.js';

/**
 * The one wrapper every scheduled job uses (shared/src/schedules.ts), like defineHandler for routes.
 * A job file names its id and a `run` that sweeps its work page by page, one item's failure never
 * stopping the rest, and returns its counts. Here, once: the lenient event parse, one summary log
 * line per run, and the outcome Lambda sees.
 */
export interface JobSummary {
  /** Items the job looked at. */
  processed: number;
  /** Items whose work failed (logged one by one by the job; left for the next run to pick up). */
  failed: number;
  /** False when the job stopped early (time budget): the rest is left for the retry or the next run. */
  complete?: boolean;
  /** What the job did, by name (`expired`, `mailed`, `skipped`...). */
  [count: string]: number | boolean | undefined;
}

export interface JobInput {
  event: ScheduledJobEvent;
  /** The instant the run started; jobs derive "today" (UTC) from it. */
  now: Date;
  log: Logger;
  /** Milliseconds left before Lambda stops the run (a generous default outside Lambda). */
  remainingMs: () => number;
}

/** Thrown after the summary line when items failed, so Lambda records an error and retries the run. */
export class JobFailedError extends Error {
  constructor(
    readonly jobId: string,
    readonly summary: JobSummary,
  ) {
    super(
      summary.complete === false
        ? `${jobId}: stopped before the end (time budget); ${summary.failed} item(s) failed`
        : `${jobId}: ${summary.failed} of ${summary.processed} item(s) failed`,
    );
    this.name = 'JobFailedError';
  }
}

/** Outside Lambda (npm run invoke, the local scheduler, tests) there is no deadline; this stands in. */
const NO_DEADLINE_MS = 15 * 60_000;

const rootLogger = createLogger(config.logLevel);

/**
 * A Lambda handler for `jobId`. It logs exactly one summary line per run,
 * `{"message":"job completed","job",...counts,"durationMs"}` (level error when something failed),
 * and returns the summary. A run with failed items, or one that stopped early, throws after that
 * line: the jobs are idempotent sweeps, so Lambda's retries of the asynchronous invocation redo only
 * what is left, and a run that keeps failing ends in the schedule's dead-letter queue (an alarm).
 */
export function defineJob(
  jobId: JobId,
  run: (input: JobInput) => Promise<JobSummary>,
  options: { logger?: KitLogger } = {},
) {
  const logger = options.logger ?? rootLogger;
  return async (rawEvent: unknown, context?: Partial<Context>): Promise<JobSummary> => {
    const event = scheduledJobEventSchema.parse(rawEvent ?? {});
    const startedAt = Date.now();
    const log = logger.forInvocation(context ?? {}).child({
      job: jobId,
      ...(context?.awsRequestId ? { requestId: context.awsRequestId } : {}),
    });
    const remainingMs = () =>
      typeof context?.getRemainingTimeInMillis === 'function'
        ? context.getRemainingTimeInMillis()
        : NO_DEADLINE_MS - (Date.now() - startedAt);
    const trace = {
      ...(event.scheduledTime ? { scheduledTime: event.scheduledTime } : {}),
      ...(event.executionId ? { executionId: event.executionId } : {}),
      ...(event.attemptNumber !== undefined ? { attemptNumber: String(event.attemptNumber) } : {}),
    };

    let summary: JobSummary;
    try {
      summary = await run({ event, now: new Date(startedAt), log, remainingMs });
    } catch (error) {
      // The sweep itself broke (e.g. the index query failed): still one line, then the error.
      log.error('job completed', {
        ...trace,
        complete: false,
        durationMs: Date.now() - startedAt,
        ...describeError(error),
      });
      throw error;
    }
    const failedRun = summary.failed > 0 || summary.complete === false;
    const line = { ...trace, ...summary, durationMs: Date.now() - startedAt };
    if (failedRun) {
      log.error('job completed', line);
      throw new JobFailedError(jobId, summary);
    }
    log.info('job completed', line);
    return summary;
  };
}
