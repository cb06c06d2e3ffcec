import { METRICS } from '@goldbot/shared';
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/**
 * The metric the auth functions emit (CloudWatch Embedded Metric Format, functions/src/kit/metrics.ts
 * and functions/src/wiring/accounts.ts) when Cognito's AdminUserGlobalSignOut still fails after
 * its retries. Our session registry already refuses the user's sessions, but Cognito's refresh tokens
 * may live on: an operator has to sign the user out by hand (docs/operations.md, "Alarms").
 */
export const GLOBAL_SIGN_OUT_FAILURES = {
  namespace: METRICS.namespace,
  metricName: METRICS.globalSignOutFailures.name,
  dimensionsMap: METRICS.globalSignOutFailures.dimensions,
} as const;

export interface SecurityAlarmsProps {
  /** Subscribed to the alarm topic by e-mail (context `alarmEmail`); none = subscribe by hand. */
  readonly alarmEmail?: string;
}

/** Alarms that need a person, and the SNS topic they notify. */
export class SecurityAlarms extends Construct {
  readonly topic: Topic;
  readonly globalSignOutFailures: Alarm;

  constructor(scope: Construct, id: string, props: SecurityAlarmsProps) {
    super(scope, id);

    // Always created, so an operator can subscribe a pager or chat hook without a deploy. Not
    // KMS-encrypted: CloudWatch alarms cannot publish to a topic under the AWS-managed SNS key, and the
    // notices carry no personal data (alarm name and state), so a customer-managed key would buy nothing.
    this.topic = new Topic(this, 'Topic', { displayName: 'Goldbot alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    this.globalSignOutFailures = new Alarm(this, 'GlobalSignOutFailures', {
      alarmDescription:
        'Cognito AdminUserGlobalSignOut failed after retries: a reset or deactivated user may still hold Cognito ' +
        'refresh tokens. See the auth function logs at that time ("Cognito global sign-out failed after retries") ' +
        'and docs/operations.md, "Alarms".',
      metric: new Metric({
        ...GLOBAL_SIGN_OUT_FAILURES,
        dimensionsMap: { ...GLOBAL_SIGN_OUT_FAILURES.dimensionsMap },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // The metric only exists when something failed; no data is the healthy case.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.globalSignOutFailures.addAlarmAction(new SnsAction(this.topic));
  }
}
