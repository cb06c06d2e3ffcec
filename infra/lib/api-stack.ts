import { implementedRoutes, SCHEDULES, type RouteDefinition, type ScheduleDefinition } from '@goldbot/shared';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CorsHttpMethod, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { FunctionContext } from './constructs/app-function.js';
import { RouteFunction } from './constructs/route-function.js';
import { ScheduledJob } from './constructs/scheduled-job.js';
import type { LogLevel } from './settings.js';

export interface ApiStackProps extends StackProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  /** The client the auth Lambdas call Cognito with (USER_POOL_CLIENT_ID). */
  readonly userPoolClientId: string;
  /** Every client whose tokens the API accepts (the web client, plus the hosted-UI client when Google is on). */
  readonly jwtAudiences: readonly string[];
  readonly appUrl: string;
  readonly mailFrom: string;
  readonly logLevel: LogLevel;
  /** Defaults to the implemented routes of the route table; tests may pass others. */
  readonly routes?: readonly RouteDefinition[];
  /** Defaults to the implemented entries of SCHEDULES; tests may pass others. */
  readonly jobs?: readonly ScheduleDefinition[];
}

/**
 * Stage-wide default throttling: well above what the product needs, low enough that a runaway client
 * or a scripted attack cannot run up the Lambda and DynamoDB bill. (Account default is 10,000 rps.)
 */
const DEFAULT_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/** HTTP API access-log fields (JSON, one line per request). Only $context variables HTTP APIs support. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
} as const;

/**
 * The HTTP API, generated from the route table (DESIGN.md §4): one RouteFunction per implemented
 * route, and one ScheduledJob per implemented schedule. No function is written out by hand here.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly routeFunctions: readonly RouteFunction[];
  readonly scheduledJobs: readonly ScheduledJob[];
  /** OTP_HASH_KEY of every function (rotation is manual, see the suppression below). */
  readonly otpHashKey: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Goldbot API (routes from shared/src/routes.ts)',
      // The SPA calls the API through its own CloudFront origin (same-origin); CORS only admits the
      // configured app URL, e.g. the Vite dev server against a deployed API. Bearer tokens, no cookies.
      corsPreflight: {
        allowOrigins: [props.appUrl],
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ['authorization', 'content-type'],
        allowCredentials: false,
        maxAge: Duration.hours(1),
      },
      // The default stage is created below, with access logging and throttling.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    // Tokens are verified by API Gateway: signature (JWKS), issuer, expiry and audience (our clients;
    // Cognito access tokens carry client_id, which API Gateway also matches against the audience).
    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      { jwtAudience: [...props.jwtAudiences], identitySource: ['$request.header.Authorization'] },
    );

    // The key of the keyed hash (HMAC-SHA-256) that one-time codes are stored as (DESIGN.md §6):
    // 64 random hex characters, generated by Secrets Manager at the first deploy, never in the
    // template or the repository.
    this.otpHashKey = new Secret(this, 'OtpHashKey', {
      description: 'Goldbot: key of the keyed hash one-time codes are stored as (OTP_HASH_KEY)',
      generateSecretString: {
        passwordLength: 64,
        excludeUppercase: true,
        excludePunctuation: true,
        includeSpace: false,
        // Lower-case hex only: 256 bits of key, easy to copy into a local .env if ever needed.
        excludeCharacters: 'ghijklmnopqrstuvwxyz',
        requireEachIncludedType: false,
      },
    });
    NagSuppressions.addResourceSuppressions(this.otpHashKey, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotation is manual on purpose: the key only protects one-time codes that live 10 minutes, so rotating it just ' +
          'invalidates the codes in flight (people ask for a new one). Procedure: docs/operations.md §4.8.',
      },
    ]);

    const context: FunctionContext = {
      table: props.table,
      userPool: props.userPool,
      userPoolClientId: props.userPoolClientId,
      appUrl: props.appUrl,
      mailFrom: props.mailFrom,
      logLevel: props.logLevel,
      // Passed as an environment variable: CloudFormation resolves the {{resolve:secretsmanager}}
      // reference at deploy time, so the value is never in the template, but it is visible to anyone
      // allowed lambda:GetFunctionConfiguration. The alternative (GetSecretValue at cold start) would
      // add a Secrets Manager call and ~50-100 ms to every cold start, an IAM grant per function and
      // a per-call cost, to protect a key whose worst case is guessing 10-minute, 4-digit codes faster
      // (and only together with read access to the table). Functions read it like any other config.
      otpHashKey: this.otpHashKey.secretValue.unsafeUnwrap(),
    };

    // Grouped by kind so a route and a job may share an id without colliding.
    const routesScope = new Construct(this, 'Routes');
    this.routeFunctions = (props.routes ?? implementedRoutes()).map(
      (route) => new RouteFunction(routesScope, route.id, { route, httpApi: this.httpApi, authorizer, context }),
    );

    const jobsScope = new Construct(this, 'Jobs');
    const jobs = props.jobs ?? SCHEDULES.filter((job) => job.implemented);
    this.scheduledJobs = jobs.map((job) => new ScheduledJob(jobsScope, job.id, { job, context }));

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
