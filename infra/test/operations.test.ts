import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRICS, SCHEDULES, SCHEDULER_EVENT_SOURCE, scheduledJobEventSchema } from '@goldbot/shared';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSampleEvent } from '../../events/index.js';
import { defaultSeedItems, SEED_CONDITION } from '../../functions/src/data/seed-items.js';
import { jobAccess } from '../lib/access.js';
import { REPO_ROOT } from '../lib/paths.js';
import {
  API_5XX,
  FUNCTIONS_PER_ALARM,
  ORIGIN_CHECK_REFUSALS,
  SES_REPUTATION,
  TABLE_OPERATIONS,
} from '../lib/constructs/operations-alarms.js';
import { MAIL_EVENTS } from '../lib/constructs/mail-sending.js';
import {
  FREQUENT_JOB_TIMEOUT,
  MINUTELY_JOB_TIMEOUT,
  JOB_MAX_EVENT_AGE,
  JOB_RETRY_ATTEMPTS,
  JOB_TIMEOUT,
  jobTimeout,
} from '../lib/constructs/scheduled-job.js';
import { SEED_MIGRATIONS, seedDigest, seedItemKeys, seedPartitions } from '../lib/constructs/seed-defaults.js';
import { DEFAULT_SETTINGS } from '../lib/settings.js';
import { toEventBridgeCron } from '../lib/cron.js';
import {
  asArray,
  fakeWebDist,
  policyStatements,
  resourcesOfType,
  synthGoldbot,
  type SynthResult,
  useSynth,
} from './helpers/synth.js';

/**
 * What an operator relies on once the product runs in AWS: a schedule per implemented
 * job with its retries and dead-letter queue, the alarms on the one alarm topic, the deploy-time
 * seeding, SES's configuration set and bounce/complaint events, and a retention on every log group.
 * Checked on the default synth, and on one with every optional feature on (log groups, SES identity).
 */
const implementedJobs = SCHEDULES.filter((job) => job.implemented);

type Resource = { Type: string; Properties: Record<string, unknown> };

const synth = useSynth();

const api = () => synth().templates.api;
const resources = (type: string) =>
  Object.entries(resourcesOfType(api(), type)) as unknown as Array<[string, Resource]>;
const alarmTopicRef = () => {
  const [topicId] = resources('AWS::SNS::Topic').find(([, t]) => t.Properties.DisplayName === 'Goldbot alarms') ?? [];
  return { Ref: topicId };
};
const alarmNamed = (name: string): Resource => {
  const found = resources('AWS::CloudWatch::Alarm').filter(([id]) => id.startsWith(`OperationsAlarms${name}`));
  expect(found, name).toHaveLength(1);
  return (found[0] as [string, Resource])[1];
};
const functionIdOf = (job: string) => {
  const found = resources('AWS::Lambda::Function').filter(([, fn]) =>
    String(fn.Properties.Description).startsWith(`Scheduled (${SCHEDULES.find((s) => s.id === job)?.cron} UTC)`),
  );
  return found.map(([id]) => id).find((id) => id.startsWith(`Jobs${job.replace(/-/g, '')}`));
};

describe('scheduled jobs', () => {
  it('has exactly one schedule per implemented job, on its cron in UTC', () => {
    expect(implementedJobs.map((j) => j.id)).toEqual(
      expect.arrayContaining(['job-expire-subscriptions', 'job-expiry-reminders']),
    );
    api().resourceCountIs('AWS::Scheduler::Schedule', implementedJobs.length);
    for (const job of implementedJobs) {
      api().hasResourceProperties('AWS::Scheduler::Schedule', {
        Description: job.summary,
        ScheduleExpression: toEventBridgeCron(job.cron),
        ScheduleExpressionTimezone: 'Etc/UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        State: 'ENABLED',
      });
    }
  });

  it('retries each schedule target, dead-letters it, and sends the job its scheduler event', () => {
    const [dlqId] = resources('AWS::SQS::Queue').map(([id]) => id);
    expect(dlqId).toBeDefined();
    for (const job of implementedJobs) {
      const fnId = functionIdOf(job.id);
      expect(fnId, job.id).toBeDefined();
      const [, schedule] =
        resources('AWS::Scheduler::Schedule').find(([, s]) => s.Properties.Description === job.summary) ?? [];
      const target = schedule?.Properties.Target as Record<string, unknown>;
      expect(target.Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
      expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [dlqId, 'Arn'] } });
      expect(target.RetryPolicy).toEqual({
        MaximumRetryAttempts: JOB_RETRY_ATTEMPTS,
        MaximumEventAgeInSeconds: JOB_MAX_EVENT_AGE.toSeconds(),
      });
      const input = JSON.parse(String(target.Input)) as Record<string, string>;
      expect(input).toEqual({
        source: SCHEDULER_EVENT_SOURCE,
        jobId: job.id,
        scheduledTime: '<aws.scheduler.scheduled-time>',
        executionId: '<aws.scheduler.execution-id>',
        attemptNumber: '<aws.scheduler.attempt-number>',
        scheduleArn: '<aws.scheduler.schedule-arn>',
      });
      // Filled in by the scheduler, it is the shape of the sample event (what the job kit parses).
      const sample = readSampleEvent(job.id) as Record<string, string>;
      expect(Object.keys(input).sort()).toEqual(Object.keys(sample).sort());
      expect(scheduledJobEventSchema.parse(sample)).toEqual(sample);
    }
  });

  it('gives a daily job 5 minutes and one that runs every few minutes 2, well under its interval', () => {
    expect(jobTimeout({ cron: '5 0 * * *' })).toBe(JOB_TIMEOUT);
    expect(jobTimeout({ cron: '0/5 * * * *' })).toBe(FREQUENT_JOB_TIMEOUT);
    expect(jobTimeout({ cron: '*/10 * * * *' })).toBe(FREQUENT_JOB_TIMEOUT);
    expect(FREQUENT_JOB_TIMEOUT.toMinutes()).toBeLessThanOrEqual(2);
    // The wallet watcher runs every minute: its run is over well before the next one.
    expect(jobTimeout({ cron: '* * * * *' })).toBe(MINUTELY_JOB_TIMEOUT);
    expect(MINUTELY_JOB_TIMEOUT.toSeconds()).toBeLessThan(60);
    const recheck = implementedJobs.find((job) => job.id === 'job-chain-recheck');
    const [, fn] = resources('AWS::Lambda::Function').find(([id]) => id === functionIdOf('job-chain-recheck')) ?? [];
    expect(recheck && fn?.Properties.Timeout).toBe(120);
    // No reserved concurrency: the function also checks each new payment, and a new account's
    // concurrency quota of 10 refuses any reservation. The lease item keeps sweeps apart instead.
    for (const [id, f] of resources('AWS::Lambda::Function')) {
      expect(f.Properties.ReservedConcurrentExecutions, id).toBeUndefined();
    }
  });

  it('gives each job its timeout, retries a failed run twice and dead-letters it to the same queue', () => {
    const [dlqId] = resources('AWS::SQS::Queue').map(([id]) => id);
    for (const job of implementedJobs) {
      const fnId = functionIdOf(job.id);
      const [, fn] = resources('AWS::Lambda::Function').find(([id]) => id === fnId) ?? [];
      expect(fn?.Properties.Timeout, job.id).toBe(jobTimeout(job).toSeconds());
      api().hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId },
        MaximumRetryAttempts: JOB_RETRY_ATTEMPTS,
        MaximumEventAgeInSeconds: JOB_MAX_EVENT_AGE.toSeconds(),
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
      });
    }
    api().resourceCountIs('AWS::Lambda::EventInvokeConfig', implementedJobs.length);
  });

  it('keeps the dead-letter queue encrypted, TLS-only, for 14 days', () => {
    api().resourceCountIs('AWS::SQS::Queue', 1);
    api().hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86400 });
    api().hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sqs:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});

describe('alarms, all on the one alarm topic', () => {
  it('sends every alarm to the topic the global sign-out alarm uses', () => {
    const alarms = resources('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(10);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([alarmTopicRef()]);
      expect(alarm.Properties.TreatMissingData, id).toBe('notBreaching');
    }
    api().resourceCountIs('AWS::SNS::Topic', 2); // the alarm topic and the mail events topic
  });

  it('watches the API 5xx rate, with a count at low traffic', () => {
    const alarm = alarmNamed('Api5xxRate');
    expect(alarm.Properties).toMatchObject({
      Threshold: API_5XX.ratePercent,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    const metrics = alarm.Properties.Metrics as Array<Record<string, unknown>>;
    expect(metrics[0]?.Expression).toBe(
      `IF(requests >= ${API_5XX.minRequests}, 100 * errors / requests, IF(errors >= ${API_5XX.minErrorsAtLowTraffic}, 100, 0))`,
    );
    const names = metrics.slice(1).map((m) => (m.MetricStat as { Metric: { MetricName: string } }).Metric.MetricName);
    expect(names.sort()).toEqual(['5xx', 'Count']);
    for (const m of metrics.slice(1)) {
      expect((m.MetricStat as { Metric: { Namespace: string } }).Metric.Namespace).toBe('AWS/ApiGateway');
    }
  });

  it('watches Lambda errors and throttles of every function, each in exactly one alarm of at most 10', () => {
    const allFunctions = resources('AWS::Lambda::Function')
      .map(([id]) => id)
      .sort();
    for (const metricName of ['Errors', 'Throttles']) {
      const alarms = resources('AWS::CloudWatch::Alarm').filter(([id]) =>
        id.startsWith(`OperationsAlarmsLambda${metricName}`),
      );
      expect(alarms).toHaveLength(Math.ceil(allFunctions.length / FUNCTIONS_PER_ALARM));
      const watched: string[] = [];
      for (const [, alarm] of alarms) {
        const metrics = alarm.Properties.Metrics as Array<Record<string, unknown>>;
        expect(metrics[0]?.Expression).toBe('SUM(FILL(METRICS(), 0))');
        expect(metrics.length - 1).toBeLessThanOrEqual(FUNCTIONS_PER_ALARM);
        expect(alarm.Properties.Threshold).toBe(1);
        for (const m of metrics.slice(1)) {
          const metric = (m.MetricStat as { Metric: Record<string, unknown> }).Metric;
          expect(metric).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metricName });
          watched.push((metric.Dimensions as Array<{ Value: { Ref: string } }>)[0]?.Value.Ref ?? '');
        }
      }
      expect(watched.sort(), metricName).toEqual(allFunctions);
    }
  });

  it('watches DynamoDB throttled requests and system errors on the table, for every operation used', () => {
    for (const [name, metricName] of [
      ['TableThrottledRequests', 'ThrottledRequests'],
      ['TableSystemErrors', 'SystemErrors'],
    ] as const) {
      const metrics = alarmNamed(name).Properties.Metrics as Array<Record<string, unknown>>;
      const watched = metrics.slice(1).map((m) => (m.MetricStat as { Metric: Record<string, unknown> }).Metric);
      expect(watched.map((m) => m.MetricName)).toEqual(TABLE_OPERATIONS.map(() => metricName));
      const operations = watched.map(
        (m) => (m.Dimensions as Array<{ Name: string; Value: unknown }>).find((d) => d.Name === 'Operation')?.Value,
      );
      expect(operations).toEqual([...TABLE_OPERATIONS]);
      for (const m of watched) {
        expect(JSON.stringify(m.Dimensions)).toContain('Goldbot-Data'); // the table's name, from the data stack
      }
    }
  });

  it('watches the SES bounce and complaint rates', () => {
    expect(alarmNamed('SesBounceRate').Properties).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: SES_REPUTATION.bounceRate,
      Statistic: 'Maximum',
    });
    expect(alarmNamed('SesComplaintRate').Properties).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Threshold: SES_REPUTATION.complaintRate,
    });
    expect(SES_REPUTATION).toEqual({ bounceRate: 0.05, complaintRate: 0.001 });
  });

  it('sums the origin-check refusals the handler kit emits over 5 minutes, against a threshold an outage passes', () => {
    expect(alarmNamed('OriginCheckRefusals').Properties).toMatchObject({
      // The metric and dimension the kit writes (functions/src/kit/origin-header.ts, METRICS in shared/).
      Namespace: METRICS.namespace,
      MetricName: METRICS.originCheckRefusals.name,
      Dimensions: [{ Name: 'service', Value: METRICS.originCheckRefusals.dimensions.service }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: ORIGIN_CHECK_REFUSALS.threshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(METRICS.originCheckRefusals.name).toBe('OriginCheckRefusals');
    // Above a handful of direct calls to the API host, far below what a refused site makes in 5 minutes.
    expect(ORIGIN_CHECK_REFUSALS.threshold).toBeGreaterThanOrEqual(10);
    expect(ORIGIN_CHECK_REFUSALS.threshold).toBeLessThanOrEqual(50);
    expect(String(alarmNamed('OriginCheckRefusals').Properties.AlarmDescription)).toContain(
      'Requests to the API must come through the site.',
    );
  });

  it('fires for every period in which a message reaches the jobs dead-letter queue (not while one sits there)', () => {
    const [dlqId] = resources('AWS::SQS::Queue').map(([id]) => id);
    expect(alarmNamed('JobsDeadLetterMessageSent').Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'NumberOfMessagesSent',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});

describe('deploy-time seeding (data stack)', () => {
  const items = defaultSeedItems(new Date(0));

  it('runs one custom resource listing every seed item: catalog, settings and default templates', () => {
    const seeds = Object.values(resourcesOfType(synth().templates.data, 'Custom::GoldbotSeedDefaults'));
    expect(seeds).toHaveLength(1);
    const properties = seeds[0]?.Properties as Record<string, unknown>;
    expect(properties.Items).toEqual(seedItemKeys(items));
    expect(properties.Items).toEqual(
      expect.arrayContaining([
        'CATALOG/PACKAGE#basic',
        'CATALOG/PACKAGE#pro',
        'CATALOG/PACKAGE#ultimate',
        'CATALOG/PACKAGE#freeTrial',
        'SETTINGS/SUBSCRIPTION',
        'TEMPLATES/TEMPLATE#subscriptionExpiryReminder',
      ]),
    );
    expect(properties.Digest).toBe(seedDigest(items));
    expect(properties.Migrations).toEqual([...SEED_MIGRATIONS]);
    expect(SEED_MIGRATIONS).toEqual(['txid-start-keys']);
    expect(properties.TableName).toEqual({
      Ref: Object.keys(resourcesOfType(synth().templates.data, 'AWS::DynamoDB::Table'))[0],
    });
  });

  it('seeds again only when the items change, not when the clock does', () => {
    expect(seedDigest(defaultSeedItems(new Date('2030-05-05T05:05:05Z')))).toBe(seedDigest(items));
    const changed = items.map((item, i) => (i === 0 ? { ...item, priceUsd: 12345 } : item));
    expect(seedDigest(changed)).not.toBe(seedDigest(items));
  });

  it('writes each item only if absent, and the seeding function may only put items of the seed partitions (and update templates)', () => {
    expect(SEED_CONDITION).toBe('attribute_not_exists(PK)');
    synth().templates.data.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Deploy-time seeding'),
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) },
    });
    const tableStatements = policyStatements(synth().templates.data).filter((s) =>
      JSON.stringify(s.Resource).includes('AppTable'),
    );
    expect(tableStatements).toHaveLength(5);
    expect(tableStatements[0]).toMatchObject({
      Action: 'dynamodb:PutItem',
      Effect: 'Allow',
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': seedPartitions(items) } },
    });
    // Only a template still holding a retired default is updated (to today's default).
    expect(tableStatements[1]).toMatchObject({
      Action: 'dynamodb:UpdateItem',
      Effect: 'Allow',
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['TEMPLATES'] } },
    });
    // The TXID-start keys backfill: the payments list through GSI1, the TXID markers, and its own
    // completion item; nothing else.
    expect(tableStatements[2]).toMatchObject({ Action: 'dynamodb:Query', Effect: 'Allow' });
    expect(JSON.stringify(tableStatements[2]?.Resource)).toContain('/index/GSI1');
    expect(tableStatements[3]).toMatchObject({
      Action: 'dynamodb:UpdateItem',
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TXID#*'] } },
    });
    expect(tableStatements[4]).toMatchObject({
      Action: ['dynamodb:GetItem', 'dynamodb:PutItem'],
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['MIGRATION#txidStartKeys'] } },
    });
    expect(seedPartitions(items)).toEqual(['CATALOG', 'SETTINGS', 'TEMPLATES']);
  });
});

describe('SES', () => {
  it('sends through a configuration set with reputation metrics and the suppression list', () => {
    api().resourceCountIs('AWS::SES::ConfigurationSet', 1);
    api().hasResourceProperties('AWS::SES::ConfigurationSet', {
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  it('publishes bounces, complaints and rejects to a TLS-only topic SES alone may publish to', () => {
    const [topicId] =
      resources('AWS::SNS::Topic').find(
        ([, t]) => t.Properties.DisplayName === 'Goldbot mail bounces and complaints',
      ) ?? [];
    api().hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: [...MAIL_EVENTS],
        SnsDestination: { TopicARN: { Ref: topicId } },
      },
    });
    expect([...MAIL_EVENTS]).toEqual(['bounce', 'complaint', 'reject']);
    api().hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'ses.amazonaws.com' }, Action: 'sns:Publish' }),
        ]),
      },
    });
    api().hasOutput('MailEventsTopicArn', { Value: { Ref: topicId } });
  });

  it('gives the configuration set to the functions that send mail, and only to them', () => {
    const [setId] = resources('AWS::SES::ConfigurationSet').map(([id]) => id);
    const fns = resources('AWS::Lambda::Function');
    const withSet = fns.filter(([, fn]) => {
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      return env.SES_CONFIGURATION_SET !== undefined;
    });
    expect(withSet.length).toBeGreaterThan(0);
    for (const [id, fn] of withSet) {
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.SES_CONFIGURATION_SET, id).toEqual({ Ref: setId });
    }
    // Route functions are checked by their env keys in app.test.ts; here the jobs: the reminder job sends.
    for (const job of implementedJobs) {
      const fnId = functionIdOf(job.id);
      const [, fn] = fns.find(([id]) => id === fnId) ?? [];
      const env = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.SES_CONFIGURATION_SET !== undefined, job.id).toBe(jobAccess(job).sendsMail);
    }
    const mailer = readFileSync(join(REPO_ROOT, 'functions/src/adapters/ses-mailer.ts'), 'utf8');
    const mailerActions = [...mailer.matchAll(/\bnew ([A-Z][A-Za-z]+)Command\(/g)].map((m) => `ses:${m[1] ?? ''}`);
    expect(mailerActions).toEqual(['ses:SendEmail']);
    const sesStatements = policyStatements(api()).filter((s) =>
      asArray(s.Action as string[]).includes('ses:SendEmail'),
    );
    expect(sesStatements).toHaveLength(withSet.length);
    for (const statement of sesStatements) {
      // SES SendEmail is authorised as ses:SendEmail alone, on every identity involved (the sender's,
      // and in the sandbox each recipient's) and, sending through the set, on the set too: the one
      // command the mailer sends.
      expect(asArray(statement.Action as string[])).toEqual(mailerActions);
      expect(JSON.stringify(statement.Resource)).toContain(JSON.stringify({ Ref: setId }));
      expect(JSON.stringify(statement.Resource)).toContain(':identity/*');
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': DEFAULT_SETTINGS.mailFrom } });
    }
  });

  it('creates no SES identity unless asked to (it is verified by hand by default)', () => {
    api().resourceCountIs('AWS::SES::EmailIdentity', 0);
  });
});

describe('with every optional feature on', () => {
  let full: SynthResult;
  let dist: ReturnType<typeof fakeWebDist>;
  beforeAll(() => {
    dist = fakeWebDist();
    full = synthGoldbot({
      webDistPath: dist.path,
      context: {
        googleClientId: 'test-client.apps.googleusercontent.com',
        googleClientSecretName: 'goldbot/google-client-secret',
        cognitoDomainPrefix: 'goldbot-test',
        appUrl: 'https://app.example.com',
        mailFrom: 'no-reply@mail.example.com',
        alarmEmail: 'ops@example.com',
        sesIdentity: 'domain',
      },
    });
  });
  afterAll(() => {
    full.cleanup();
    dist.cleanup();
  });

  it('sets a retention on every log group, and every function logs to one of them', () => {
    let groups = 0;
    for (const [name, template] of Object.entries(full.templates)) {
      const logGroups = resourcesOfType(template, 'AWS::Logs::LogGroup');
      for (const [id, group] of Object.entries(logGroups)) {
        groups += 1;
        expect(group.Properties?.RetentionInDays, `${name} ${id}`).toBe(30);
      }
      for (const [id, fn] of Object.entries(resourcesOfType(template, 'AWS::Lambda::Function'))) {
        const logGroup = (fn.Properties?.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup;
        // Without a log group of its own, Lambda would create /aws/lambda/<name> and keep it forever.
        expect(logGroup?.Ref, `${name} ${id}`).toBeDefined();
        expect(Object.keys(logGroups), `${name} ${id}`).toContain(logGroup?.Ref);
      }
      expect(Object.keys(resourcesOfType(template, 'Custom::LogRetention')), name).toEqual([]);
    }
    expect(groups).toBeGreaterThan(60);
    // The HTTP API's access log is one of them.
    full.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });

  it('creates the sender domain as an SES identity with Easy DKIM and outputs its DNS records', () => {
    full.templates.api.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.com' });
    for (const i of [1, 2, 3]) full.templates.api.hasOutput(`SesDkimRecord${i}`, {});
  });

  it('retains the SES identity: destroying or replacing the API stack leaves the verified sender in place', () => {
    const identities = Object.values(full.templates.api.findResources('AWS::SES::EmailIdentity')) as Array<{
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
      Properties: Record<string, unknown>;
    }>;
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    // It stays in the API stack (the data stack holds only the table and its seeding)...
    full.templates.data.resourceCountIs('AWS::SES::EmailIdentity', 0);
    // ...and names no default configuration set: SES refuses mail from an identity whose default set
    // was deleted, which a retained identity outlives. Every mailing function names the set itself.
    expect(identities[0]?.Properties.ConfigurationSetAttributes).toBeUndefined();
  });

  it('subscribes the alarm e-mail to the one alarm topic, not to the mail events', () => {
    full.templates.api.resourceCountIs('AWS::SNS::Subscription', 1);
    full.templates.api.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('stays under CloudFormation’s 500 resources per stack', () => {
    // Per template CloudFormation deploys: `templates.api` folds the nested route stacks in, which
    // CloudFormation never sees as one template.
    for (const [name, template] of Object.entries(full.deployedTemplates)) {
      const count = Object.keys((template.toJSON() as { Resources: object }).Resources).length;
      expect(count, name).toBeLessThan(500);
    }
  });
});

describe('switching to a restored table (context restoredTableName)', () => {
  // With Google sign-in, so the PreSignUp trigger (auth stack) is there to follow the switch too.
  const restored = useSynth({
    context: {
      restoredTableName: 'goldbot-restore-2026-11-23',
      googleClientId: 'restore-client.apps.googleusercontent.com',
      googleClientSecretName: 'goldbot/google-client-secret',
      cognitoDomainPrefix: 'goldbot-restore',
    },
  });

  it('points every function, its table permissions and the table alarms at the restored table', () => {
    const template = restored().templates.api;
    const fns = Object.values(resourcesOfType(template, 'AWS::Lambda::Function'));
    expect(fns.length).toBeGreaterThan(0);
    for (const fn of fns) {
      const env = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.TABLE_NAME).toBe('goldbot-restore-2026-11-23');
    }
    const tableStatements = policyStatements(template).filter((s) =>
      asArray(s.Action as string[]).includes('dynamodb:GetItem'),
    );
    expect(tableStatements.length).toBeGreaterThan(0);
    for (const statement of tableStatements) {
      expect(JSON.stringify(statement.Resource)).toContain(':table/goldbot-restore-2026-11-23');
    }
    // Nothing in the API stack reads the data stack's table any more; the data stack keeps it (retained).
    expect(JSON.stringify(template.toJSON())).not.toContain('AppTable');
    restored().templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    const throttles = Object.entries(resourcesOfType(template, 'AWS::CloudWatch::Alarm')).find(([id]) =>
      id.startsWith('OperationsAlarmsTableThrottledRequests'),
    );
    expect(JSON.stringify(throttles?.[1].Properties)).toContain('goldbot-restore-2026-11-23');
  });

  it("points the PreSignUp trigger's table and its read of the e-mail markers at the restored table", () => {
    const auth = restored().templates.auth;
    const [trigger] = Object.values(resourcesOfType(auth, 'AWS::Lambda::Function'));
    const env = (trigger?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.TABLE_NAME).toBe('goldbot-restore-2026-11-23');
    const reads = policyStatements(auth).filter((s) => asArray(s.Action as string[]).includes('dynamodb:GetItem'));
    expect(reads).toHaveLength(1);
    expect(JSON.stringify(reads[0]?.Resource)).toContain(':table/goldbot-restore-2026-11-23');
    expect(JSON.stringify(auth.toJSON())).not.toContain('Goldbot-Data');
  });
});
