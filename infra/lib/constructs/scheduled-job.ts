import type { ScheduleDefinition } from '@goldbot/shared';
import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { jobAccess } from '../access.js';
import { toEventBridgeCron } from '../cron.js';
import { AppFunction, type FunctionContext } from './app-function.js';

export interface ScheduledJobProps {
  readonly job: ScheduleDefinition;
  readonly context: FunctionContext;
}

/**
 * One entry of SCHEDULES (shared/src/schedules.ts) as deployed: the job's function and an
 * EventBridge Scheduler schedule on the same cron the local scheduler uses.
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
    }).function;

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
      target: new LambdaInvoke(this.function, { role: invokeRole, retryAttempts: 2, maxEventAge: Duration.hours(1) }),
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
