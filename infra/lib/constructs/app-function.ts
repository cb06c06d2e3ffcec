import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { AccessProfile } from '../access.js';
import { handlerEntry } from '../paths.js';
import { functionCode } from './function-bundle.js';
import type { LogLevel } from '../settings.js';

export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;
export const TABLE_READ_WRITE_ACTIONS = [
  ...TABLE_READ_ACTIONS,
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/** What every function needs, shared by route functions and scheduled jobs. */
export interface FunctionContext {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClientId: string;
  readonly appUrl: string;
  readonly mailFrom: string;
  readonly logLevel: LogLevel;
  /** SELLER_NAME (context `sellerName`): the seller receipts name; unset keeps the functions' default. */
  readonly sellerName?: string;
  /** RATE_LIMIT_SCALE of every function (context `rateLimitScale`, see settings.ts). */
  readonly rateLimitScale: string;
  /**
   * The key of the keyed hash one-time codes are stored as. Only functions whose AccessProfile says
   * readsOtpHashKey get its ARN (OTP_HASH_KEY_SECRET_ARN) and may read it, at cold start.
   */
  readonly otpHashKeySecret: ISecret;
  /**
   * The values of the header CloudFront adds to API requests; functions whose AccessProfile says
   * checksOrigin get its ARN (ORIGIN_SECRET_ARN) and may read it. Absent in tests that build functions alone.
   */
  readonly originSecret?: ISecret;
  /**
   * The SES configuration set mail is sent through (bounce and complaint events, reputation
   * metrics); functions that send mail get it as SES_CONFIGURATION_SET and may send through it.
   */
  readonly sesConfigurationSetName?: string;
  /**
   * The on-chain TXID check: functions whose AccessProfile says callsTron get the TRON API
   * URL and the check's tolerance and grace, and, when a TronGrid key secret is configured, its ARN
   * (TRON_API_KEY_SECRET_ARN) and GetSecretValue on it. Absent in tests that build functions alone.
   */
  readonly tron?: {
    readonly apiUrl: string;
    readonly apiKeySecret?: ISecret;
    readonly amountToleranceUsdt: string;
    readonly graceHours: string;
    /** ORDER_OPEN_MINUTES and ORDER_GRACE_MINUTES: every function, as orders and bindings read them. */
    readonly orderOpenMinutes: string;
    readonly orderGraceMinutes: string;
  };
}

export interface AppFunctionProps {
  /** Route or job id: the handler is functions/src/handlers/<id>.ts. */
  readonly handlerId: string;
  readonly description: string;
  readonly access: AccessProfile;
  readonly context: FunctionContext;
  /** Variables only this function gets, on top of the shared ones. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Default ROUTE_FUNCTION_TIMEOUT; scheduled jobs sweep for longer. */
  readonly timeout?: Duration;
}

/**
 * The timeout of a route's function (API Gateway's own limit is 30 s). `npm run bench`'s exports
 * section budgets the admin CSV export against it.
 */
export const ROUTE_FUNCTION_TIMEOUT = Duration.seconds(10);

/**
 * The settings docs/decisions.md ("Stack and runtime") fixes for every function (routes, jobs and
 * Cognito triggers alike): Node 22 on arm64; the code comes from functionCode (function-bundle.ts).
 */
export const NODE_FUNCTION_DEFAULTS: Pick<NodejsFunctionProps, 'runtime' | 'architecture' | 'memorySize'> = {
  runtime: Runtime.NODEJS_22_X,
  architecture: Architecture.ARM_64,
  memorySize: 256,
};

/** The code and handler of the function whose handler module is `entry` (function-bundle.ts). */
export const bundledEntry = (entry: string): Pick<NodejsFunctionProps, 'code' | 'handler'> => ({
  code: functionCode(entry),
  handler: 'index.handler',
});

/**
 * One Lambda function with the settings docs/decisions.md fixes (Node 22, arm64, esbuild, minified,
 * source maps), its own log group and a role holding exactly what its AccessProfile allows.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { access, context } = props;

    const logGroup = new LogGroup(this, 'LogGroup', { retention: RetentionDays.ONE_MONTH });

    // An own role instead of the AWSLambdaBasicExecutionRole managed policy: that policy allows
    // logs:CreateLogGroup and writes to every log group; this role can write to its own group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runtime role of the ${props.handlerId} function`,
    });
    logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      ...NODE_FUNCTION_DEFAULTS,
      ...bundledEntry(handlerEntry(props.handlerId)),
      description: props.description,
      timeout: props.timeout ?? ROUTE_FUNCTION_TIMEOUT,
      role,
      logGroup,
      environment: {
        TABLE_NAME: context.table.tableName,
        USER_POOL_ID: context.userPool.userPoolId,
        USER_POOL_CLIENT_ID: context.userPoolClientId,
        MAIL_FROM: context.mailFrom,
        APP_URL: context.appUrl,
        LOG_LEVEL: context.logLevel,
        RATE_LIMIT_SCALE: context.rateLimitScale,
        ...(context.sellerName ? { SELLER_NAME: context.sellerName } : {}),
        ...(access.readsOtpHashKey ? { OTP_HASH_KEY_SECRET_ARN: context.otpHashKeySecret.secretArn } : {}),
        ...(access.checksOrigin && context.originSecret ? { ORIGIN_SECRET_ARN: context.originSecret.secretArn } : {}),
        ...(access.sendsMail && context.sesConfigurationSetName
          ? { SES_CONFIGURATION_SET: context.sesConfigurationSetName }
          : {}),
        ...(context.tron
          ? { ORDER_OPEN_MINUTES: context.tron.orderOpenMinutes, ORDER_GRACE_MINUTES: context.tron.orderGraceMinutes }
          : {}),
        ...(access.callsTron && context.tron
          ? {
              TRON_API_URL: context.tron.apiUrl,
              CHAIN_CHECK_AMOUNT_TOLERANCE_USDT: context.tron.amountToleranceUsdt,
              CHAIN_CHECK_GRACE_HOURS: context.tron.graceHours,
              ...(context.tron.apiKeySecret ? { TRON_API_KEY_SECRET_ARN: context.tron.apiKeySecret.secretArn } : {}),
            }
          : {}),
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    grantTableAccess(role, context.table, access);

    // GetSecretValue on each secret the function reads, nothing else (grantRead would add DescribeSecret).
    if (access.readsOtpHashKey) allowSecretRead(role, context.otpHashKeySecret);

    // The origin header's values, read at cold start and every few minutes.
    if (access.checksOrigin && context.originSecret) allowSecretRead(role, context.originSecret);

    const tronKey = context.tron?.apiKeySecret;
    // The TronGrid key (an operator-made secret, read when first needed).
    if (access.callsTron && tronKey) allowSecretRead(role, tronKey);

    if (access.cognitoActions.length > 0) {
      context.userPool.grant(role, ...access.cognitoActions);
    }

    if (access.sendsMail) {
      const stack = Stack.of(this);
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          // Mail goes out with SES SendEmail (functions/src/adapters/ses-mailer.ts), which IAM
          // authorises as ses:SendEmail alone, whatever the content (no SendRawEmail).
          actions: ['ses:SendEmail'],
          // SES authorises a send against every identity it involves: the sender's, and in the
          // sandbox also each recipient's (a verified test address). Naming only the sender's
          // identity refuses every sandbox send, so the grant covers the account's identities in this
          // region and the ses:FromAddress condition pins what matters: the sender is mailFrom.
          // Sending through a configuration set is also authorised against the set itself.
          resources: [
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
            ...(context.sesConfigurationSetName
              ? [
                  stack.formatArn({
                    service: 'ses',
                    resource: 'configuration-set',
                    resourceName: context.sesConfigurationSetName,
                  }),
                ]
              : []),
          ],
          conditions: { StringEquals: { 'ses:FromAddress': context.mailFrom } },
        }),
      );
    }

    // One IAM5 suppression per role (cdk-nag reads only one entry per rule id), listing each wildcard.
    const wildcards = [
      ...(access.table !== 'none' && access.tableIndexes === undefined
        ? [
            {
              reason: 'dynamodb:Query on the table’s own GSIs (<table-arn>/index/*), which the lists query',
              regex: '/^Resource::.*\\/index\\/\\*$/',
            },
          ]
        : []),
      ...(access.sendsMail
        ? [
            {
              reason:
                'ses:SendEmail on identity/* (the SES sandbox also authorises against each recipient’s identity), ' +
                'with the ses:FromAddress condition pinning the sender to mailFrom',
              regex: '/^Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity\\/\\*$/',
            },
          ]
        : []),
    ];
    if (wildcards.length > 0) {
      NagSuppressions.addResourceSuppressions(
        role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason: `${wildcards.map((w) => w.reason).join('; ')}.`,
            appliesTo: wildcards.map((w) => ({ regex: w.regex })),
          },
        ],
        true,
      );
    }
    NagSuppressions.addResourceSuppressions(this.function, [
      {
        id: 'AwsSolutions-L1',
        reason: 'docs/decisions.md pins nodejs22.x (arm64); the runtime is raised deliberately, not by the linter.',
      },
    ]);
  }
}

/** GetSecretValue on one secret. */
function allowSecretRead(role: IRole, secret: ISecret): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['secretsmanager:GetSecretValue'],
      resources: [secret.secretArn],
    }),
  );
}

/**
 * Explicit actions instead of grantReadData: that helper includes dynamodb:Scan, and no request path
 * may Scan (docs/decisions.md, "Data: one table"), so IAM enforces it too. TransactWriteItems needs no action of its own; it
 * is authorised by the item actions below, each checked against its own key.
 *
 * Item actions go on the table, limited by `dynamodb:LeadingKeys` to the function's partitions when
 * the AccessProfile names them (ForAllValues: a request may name several keys, as BatchGetItem does).
 * Index queries are a statement of their own, read-only and without that condition: an index is
 * queried by its own key (GSI1PK = CONTACTS...), not by the table's partitions. A function restricted
 * to partitions may query only the indexes its profile names, so no list reads around its partitions.
 */
export function grantTableAccess(role: IRole, table: ITable, access: AccessProfile): void {
  if (access.table === 'none') return;
  const actions = access.table === 'read' ? TABLE_READ_ACTIONS : TABLE_READ_WRITE_ACTIONS;
  role.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...actions],
      resources: [table.tableArn],
      ...(access.tablePartitions
        ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.tablePartitions] } } }
        : {}),
    }),
  );
  const indexes = access.tableIndexes?.map((name) => `${table.tableArn}/index/${name}`) ?? [
    `${table.tableArn}/index/*`,
  ];
  if (indexes.length > 0) {
    role.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:Query'], resources: indexes }),
    );
  }
}
