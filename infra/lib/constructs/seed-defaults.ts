import { createHash } from 'node:crypto';
import { CustomResource, Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { TEMPLATES_PARTITION } from '../../../functions/src/data/email-template-key.js';
import { defaultSeedItems, type SeedItem } from '../../../functions/src/data/seed-items.js';
import { TXID_START_BACKFILL_KEY } from '../../../functions/src/data/txid-start-backfill.js';
import { triggerEntry } from '../paths.js';
import type { LogLevel } from '../settings.js';
import { bundledEntry, NODE_FUNCTION_DEFAULTS } from './app-function.js';

/** Attributes that only say when an item was written; they do not make a seed item different. */
const TIMESTAMP_ATTRIBUTES = new Set(['createdAt', 'updatedAt']);

/** `PK/SK` of every seed item, sorted: what the custom resource lists and a reviewer reads in the template. */
export const seedItemKeys = (items: readonly SeedItem[]): string[] => items.map((i) => `${i.PK}/${i.SK}`).sort();

/**
 * A digest of the seed items without their timestamps. It is a property of the custom resource, so
 * the seeding runs again exactly when the defaults change (a new template type, a new package), and
 * a synth on another day does not show up as a change in `cdk diff`.
 */
export function seedDigest(items: readonly SeedItem[]): string {
  const stable = [...items]
    .sort((a, b) => `${a.PK}/${a.SK}`.localeCompare(`${b.PK}/${b.SK}`))
    .map((item) =>
      Object.fromEntries(
        Object.entries(item)
          .filter(([k]) => !TIMESTAMP_ATTRIBUTES.has(k))
          .sort(),
      ),
    );
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
}

/**
 * The one-off data migrations the seeding runs after the seed items (each once per table, then it
 * only reads its completion item). A property of the custom resource: adding one runs the seeding
 * on the next deploy.
 */
export const SEED_MIGRATIONS = ['txid-start-keys'] as const;

/** The partitions the seed writes (CATALOG, SETTINGS, TEMPLATES): the function may write only there. */
export const seedPartitions = (items: readonly SeedItem[]): string[] => [...new Set(items.map((i) => i.PK))].sort();

export interface SeedDefaultsProps {
  readonly table: ITable;
  readonly logLevel: LogLevel;
}

/**
 * Deploy-time seeding: a custom resource whose handler (functions/src/triggers/seed-defaults.ts)
 * writes the catalog, the subscription settings and the default e-mail templates of
 * functions/src/data/seed-items.ts, the same items the local bootstrap writes, each only if absent
 * (`attribute_not_exists(PK)`), so an admin's edits are never overwritten. It runs on the first
 * deploy and again whenever the seed items change; deleting it deletes nothing.
 *
 * A small Lambda provider rather than one AwsCustomResource PutItem per item: the items carry their
 * write time, which an AwsCustomResource would freeze into the template at synth (and change on every
 * synth); the handler stamps them at deploy time with the same code the local bootstrap runs.
 */
export class SeedDefaults extends Construct {
  readonly function: NodejsFunction;
  readonly resource: CustomResource;
  /** `PK/SK` of the items seeded (a property of the custom resource). */
  readonly itemKeys: readonly string[];

  constructor(scope: Construct, id: string, props: SeedDefaultsProps) {
    super(scope, id);
    const items = defaultSeedItems(new Date(0));
    this.itemKeys = seedItemKeys(items);

    const logGroup = new LogGroup(this, 'LogGroup', { retention: RetentionDays.ONE_MONTH });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runtime role of the deploy-time seeding (catalog, settings, default templates)',
    });
    logGroup.grantWrite(role);
    // Conditional Puts of the seed partitions only: no read, no delete, no other item.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': seedPartitions(items) } },
      }),
    );
    // The one update it makes: a template still holding a retired default moves to today's
    // (seed-items.ts migrateRetiredDefault, conditioned on the old subject and HTML).
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TEMPLATES_PARTITION] } },
      }),
    );

    // The TXID-start keys backfill (functions/src/data/txid-start-backfill.ts): the payments list
    // read through GSI1, the markers given their keys, and its completion item read and written.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:Query'],
        resources: [`${props.table.tableArn}/index/GSI1`],
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TXID#*'] } },
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TXID_START_BACKFILL_KEY.PK] } },
      }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      ...NODE_FUNCTION_DEFAULTS,
      ...bundledEntry(triggerEntry('seed-defaults')),
      description: 'Deploy-time seeding: catalog, settings and default e-mail templates, each only if absent',
      // The first run of a migration reads every payment once (a few minutes at a million).
      timeout: Duration.minutes(10),
      role,
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: props.logLevel,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    const providerLogs = new LogGroup(this, 'ProviderLogGroup', { retention: RetentionDays.ONE_MONTH });
    const provider = new Provider(this, 'Provider', { onEventHandler: this.function, logGroup: providerLogs });

    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::GoldbotSeedDefaults',
      properties: {
        TableName: props.table.tableName,
        Items: this.itemKeys,
        Digest: seedDigest(items),
        Migrations: [...SEED_MIGRATIONS],
      },
    });

    NagSuppressions.addResourceSuppressions(this.function, [
      {
        id: 'AwsSolutions-L1',
        reason: 'docs/decisions.md pins nodejs22.x (arm64); the runtime is raised deliberately, not by the linter.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(
      provider,
      [
        { id: 'AwsSolutions-IAM4', reason: 'CDK-provided custom-resource framework uses AWSLambdaBasicExecutionRole.' },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'CDK-provided custom-resource framework: lambda:InvokeFunction on the seeding function and its versions.',
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'Runtime of the CDK-provided custom-resource framework is chosen by the CDK.',
        },
      ],
      true,
    );
  }
}
