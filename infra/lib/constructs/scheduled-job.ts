import type { ScheduleDefinition } from '@goldbot/shared';
import { SCHEDULER_EVENT_SOURCE, type ScheduledJobEvent } from '@goldbot/shared';
import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { jobAccess } from '../access.js';
import { toEventBridgeCron } from '../cron.js';
import { AppFunction, type FunctionContext } from './app-function.js';

export interface ScheduledJobProps {
  readonly job: ScheduleDefinition;
  readonly context: FunctionContext;
  /**
   * Where a run that could not be delivered (the scheduler's dead-letter queue) or that kept failing
   * after Lambda's retries (the function's on-failure destination) ends up; an alarm watches it.
   */
  readonly deadLetterQueue: IQueue;
}

/** A job sweeps page by page and stops itself before this (functions/src/domain/jobs/sweep.ts). */
export const JOB_TIMEOUT = Duration.minutes(5);
/**
 * The timeout of a job that runs every few minutes (an increment in the cron's minute field, e.g.
 * `0/5`): well under its interval, so a run, or Lambda's retry of a failed one, never overlaps the
 * next scheduled run by much. The job also takes a lease item so a second run exits at once
 * (functions/src/domain/jobs/job-lease.ts). Not reserved concurrency: the chain re-check function
 * also checks each new payment, and a new account's quota of 10 refuses any reservation.
 */
export const FREQUENT_JOB_TIMEOUT = Duration.minutes(2);

/**
 * The timeout of a job that runs every minute (the wallet watcher): well under the minute, so a run
 * is over before the next one starts; its lease (55 s at most) ends with it.
 */
export const MINUTELY_JOB_TIMEOUT = Duration.seconds(50);

/**
 * The timeout of a job: MINUTELY_JOB_TIMEOUT for one that runs every minute, FREQUENT_JOB_TIMEOUT
 * for one that repeats within the hour, else JOB_TIMEOUT.
 */
export function jobTimeout(job: Pick<ScheduleDefinition, 'cron'>): Duration {
  const [minutes = ''] = job.cron.trim().split(/\s+/);
  if (minutes === '*') return MINUTELY_JOB_TIMEOUT;
  return minutes.includes('/') || minutes.includes(',') ? FREQUENT_JOB_TIMEOUT : JOB_TIMEOUT;
}

/** Retries of a failed run; the jobs are idempotent sweeps, so a retry only redoes what is left. */
export const JOB_RETRY_ATTEMPTS = 2;
/** A run older than this is dropped (to the dead-letter queue): the next day's run covers the same ground. */
export const JOB_MAX_EVENT_AGE = Duration.hours(1);

/**
 * The input each schedule sends (shared/src/schedules.ts `scheduledJobEventSchema`): the job id and
 * the scheduler's own context attributes, so a run's log line names its schedule and attempt.
 */
export function scheduledJobInput(jobId: string): ScheduledJobEvent {
  return {
    source: SCHEDULER_EVENT_SOURCE,
    jobId,
    scheduledTime: ContextAttribute.scheduledTime,
    executionId: ContextAttribute.executionId,
    attemptNumber: ContextAttribute.attemptNumber,
    scheduleArn: ContextAttribute.scheduleArn,
  };
}

/**
 * One entry of SCHEDULES (shared/src/schedules.ts) as deployed: the job's function and an
 * EventBridge Scheduler schedule on the same cron the local scheduler uses.
 *
 * Failures, both kinds: EventBridge Scheduler invokes the function asynchronously, so its retry
 * policy and dead-letter queue only cover delivery (throttling, a missing function or permission).
 * A run that throws (the job kit throws when items failed or the run was cut short) is retried by
 * Lambda's asynchronous invocation, and its on-failure destination is the same queue. So the queue
 * holds every scheduled run that did not end well, and one alarm (queue not empty) covers both.
 */
export class ScheduledJob extends Construct {
  readonly function: NodejsFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    const { job } = props;

    this.function = new AppFunction(this, 'Handler', {
      handlerId: job.id,
      description: `Scheduled (${job.cron} UTC): ${job.summary}`,
      access: jobAccess(job),
      context: props.context,
      timeout: jobTimeout(job),
    }).function;
    this.function.configureAsyncInvoke({
      retryAttempts: JOB_RETRY_ATTEMPTS,
      maxEventAge: JOB_MAX_EVENT_AGE,
      onFailure: new SqsDestination(props.deadLetterQueue),
    });

    // Own invoke role per job (instead of the target's shared default) so it can be reviewed and
    // suppressed here; the account condition stops other accounts' schedules from using it.
    const invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: `EventBridge Scheduler invoking the ${job.id} function`,
    });

    this.schedule = new Schedule(this, 'Schedule', {
      description: job.summary,
      schedule: ScheduleExpression.expression(toEventBridgeCron(job.cron), TimeZone.ETC_UTC),
      // Jobs are idempotent sweeps over the table (conditional writes), so a retry is safe, and a run
      // older than an hour is pointless because the next day's run covers the same ground.
      target: new LambdaInvoke(this.function, {
        role: invokeRole,
        retryAttempts: JOB_RETRY_ATTEMPTS,
        maxEventAge: JOB_MAX_EVENT_AGE,
        deadLetterQueue: props.deadLetterQueue,
        input: ScheduleTargetInput.fromObject(scheduledJobInput(job.id)),
      }),
    });

    NagSuppressions.addResourceSuppressions(
      invokeRole,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'lambda:InvokeFunction on this job’s function and its versions (<function-arn>:*) only.',
          appliesTo: [{ regex: '/^Resource::<.*Function.*\\.Arn>:\\*$/' }],
        },
      ],
      true,
    );
  }
}
