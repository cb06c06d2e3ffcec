import { METRICS } from '@goldbot/shared';
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  type AlarmProps,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** One function to watch, named by its route or job id (the alarm descriptions list them). */
export interface WatchedFunction {
  readonly id: string;
  readonly function: IFunction;
}

export interface OperationsAlarmsProps {
  /** The one alarm topic (SecurityAlarms.topic, subscribed to context `alarmEmail`). */
  readonly topic: ITopic;
  readonly httpApi: IHttpApi;
  readonly functions: readonly WatchedFunction[];
  readonly table: ITable;
  /** The scheduled jobs' dead-letter queue; absent when no job is deployed. */
  readonly jobsDeadLetterQueue?: IQueue;
}

const PERIOD = Duration.minutes(5);

/**
 * API 5xx: a rate when there is traffic to speak of, a count when there is not. A handler that
 * fails answers 500 itself (the handler kit), so Lambda's Errors metric never sees it; this does.
 */
export const API_5XX = {
  /** Alarm at this percentage of requests answered 5xx in 5 minutes... */
  ratePercent: 5,
  /** ...once there are at least this many requests in those 5 minutes; */
  minRequests: 20,
  /** below that, at this many 5xx answers. */
  minErrorsAtLowTraffic: 3,
} as const;

/** CloudWatch alarms on metric math take at most 10 metrics: functions are watched in groups of 10. */
export const FUNCTIONS_PER_ALARM = 10;

/** SES account reputation (AWS/SES, fractions): AWS reviews an account at 5% bounces and 0.1% complaints. */
export const SES_REPUTATION = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/**
 * Requests the handler kit refused for a missing or wrong origin header (metric OriginCheckRefusals,
 * functions/src/kit/origin-header.ts), summed over 5 minutes. A rotation that did not reach
 * CloudFront refuses every API call that comes through the site, and a single visit makes several, so
 * a real outage passes the threshold within minutes; a few direct calls to the API's own host (a
 * scanner, someone who found it) are refused and counted too, but stay below it. `health` skips the
 * check, so it cannot show such an outage: this alarm does.
 */
export const ORIGIN_CHECK_REFUSALS = {
  namespace: METRICS.namespace,
  metricName: METRICS.originCheckRefusals.name,
  dimensionsMap: METRICS.originCheckRefusals.dimensions,
  threshold: 20,
} as const;

/** The table operations the functions use (data/*-store.ts), each a dimension of ThrottledRequests / SystemErrors. */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
] as const;

/**
 * The operational alarms, all on the one alarm topic: API 5xx, Lambda errors and
 * throttles of every function, DynamoDB throttles and system errors on the table, the SES bounce and
 * complaint rates, origin-check refusals, and scheduled jobs that ended in their dead-letter queue. No data is the healthy
 * case for every one of them (docs/operations.md, "Alarms", says what to do when each fires).
 */
export class OperationsAlarms extends Construct {
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    const action = new SnsAction(props.topic);
    const add = (alarmId: string, options: Omit<AlarmProps, 'evaluationPeriods'>) => {
      const alarm = new Alarm(this, alarmId, {
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        ...options,
      });
      alarm.addAlarmAction(action);
      this.alarms.push(alarm);
      return alarm;
    };

    add('Api5xxRate', {
      alarmDescription:
        `HTTP API: ${API_5XX.ratePercent}% or more of the requests in 5 minutes answered 5xx (or ` +
        `${API_5XX.minErrorsAtLowTraffic}+ 5xx answers with fewer than ${API_5XX.minRequests} requests). Find the ` +
        'route in the access log (status >= 500) and the error in its function log (docs/operations.md, "Alarms").',
      metric: new MathExpression({
        label: 'API 5xx (% of requests)',
        expression:
          `IF(requests >= ${API_5XX.minRequests}, 100 * errors / requests, ` +
          `IF(errors >= ${API_5XX.minErrorsAtLowTraffic}, 100, 0))`,
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
      }),
      threshold: API_5XX.ratePercent,
    });

    const groups = chunk(props.functions, FUNCTIONS_PER_ALARM);
    groups.forEach((group, index) => {
      const label = `${index + 1}of${groups.length}`;
      const names = group.map((f) => f.id).join(', ');
      add(`LambdaErrors${label}`, {
        alarmDescription:
          `Lambda Errors (crash, timeout, out of memory, or a job run with failed items) in one of: ${names}. ` +
          'See that function’s log group (level error).',
        metric: sumOf(group, (fn) => fn.metricErrors({ period: PERIOD, statistic: 'Sum' }), 'Errors'),
        threshold: 1,
      });
      add(`LambdaThrottles${label}`, {
        alarmDescription: `Lambda Throttles (concurrency limit reached) in one of: ${names}.`,
        metric: sumOf(group, (fn) => fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }), 'Throttles'),
        threshold: 1,
      });
    });

    add('TableThrottledRequests', {
      alarmDescription:
        'DynamoDB throttled requests on the table (on-demand: a partition is hot, see docs/data-model.md, "Hot partitions").',
      metric: props.table.metricThrottledRequestsForOperations({
        operations: [...TABLE_OPERATIONS],
        period: PERIOD,
      }),
      threshold: 1,
    });
    add('TableSystemErrors', {
      alarmDescription: 'DynamoDB answered with internal server errors (HTTP 500) on the table.',
      metric: props.table.metricSystemErrorsForOperations({ operations: [...TABLE_OPERATIONS], period: PERIOD }),
      threshold: 1,
    });

    add('SesBounceRate', {
      alarmDescription:
        `SES account bounce rate at ${SES_REPUTATION.bounceRate * 100}% or more: AWS reviews the account from 5% and ` +
        'may pause sending from 10%. See the mail events topic and docs/operations.md, "SES: sending real mail".',
      metric: sesReputation('Reputation.BounceRate'),
      threshold: SES_REPUTATION.bounceRate,
    });
    add('SesComplaintRate', {
      alarmDescription:
        `SES account complaint rate at ${SES_REPUTATION.complaintRate * 100}% or more: AWS reviews the account from ` +
        '0.1% and may pause sending from 0.5%.',
      metric: sesReputation('Reputation.ComplaintRate'),
      threshold: SES_REPUTATION.complaintRate,
    });

    add('OriginCheckRefusals', {
      alarmDescription:
        `${ORIGIN_CHECK_REFUSALS.threshold} or more API requests in 5 minutes refused with 403 "Requests to the API ` +
        'must come through the site." (origin header missing or wrong). Right after an origin-secret rotation: ' +
        'CloudFront still sends a value the functions no longer accept; put the old value back as previous. ' +
        'Otherwise someone calls the API host directly (docs/operations.md, "Alarms").',
      metric: new Metric({
        namespace: ORIGIN_CHECK_REFUSALS.namespace,
        metricName: ORIGIN_CHECK_REFUSALS.metricName,
        dimensionsMap: { ...ORIGIN_CHECK_REFUSALS.dimensionsMap },
        statistic: 'Sum',
        period: PERIOD,
      }),
      threshold: ORIGIN_CHECK_REFUSALS.threshold,
    });

    if (props.jobsDeadLetterQueue) {
      // The sum of messages sent per period, not the visible messages: a queue that still holds
      // last week's message would keep the alarm in ALARM for its 14 days of retention, and a new
      // failure would then notify no one. Each failure is a message sent, so each period with one
      // fires again (and the alarm returns to OK by itself when a period has none).
      add('JobsDeadLetterMessageSent', {
        alarmDescription:
          'A scheduled job run failed for good (not delivered, or still failing after its retries): the message in ' +
          'the jobs dead-letter queue names it. Read the job’s log ("job completed" with failed > 0), fix, then run ' +
          'it by hand (docs/operations.md, "A failed run: the dead-letter queue").',
        metric: props.jobsDeadLetterQueue.metricNumberOfMessagesSent({ period: PERIOD, statistic: 'Sum' }),
        threshold: 1,
      });
    }
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** The sum of one metric over a group of functions (missing points count as 0). */
function sumOf(group: readonly WatchedFunction[], metric: (fn: IFunction) => IMetric, label: string): MathExpression {
  return new MathExpression({
    label: `${label} (sum)`,
    expression: 'SUM(FILL(METRICS(), 0))',
    usingMetrics: Object.fromEntries(group.map((watched, i) => [`f${i}`, metric(watched.function)])),
    period: PERIOD,
  });
}

/** SES reputation metrics are account-wide (per region) and published about every hour or so. */
function sesReputation(metricName: string): Metric {
  return new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
}
