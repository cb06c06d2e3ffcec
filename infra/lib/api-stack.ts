import {
  implementedRoutes,
  ORIGIN_VERIFY_HEADER,
  SCHEDULES,
  type RouteDefinition,
  type ScheduleDefinition,
} from '@goldbot/shared';
import { CfnOutput, Duration, Fn, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  type CfnStage,
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { enforcesAdminMfa, routeAccess } from './access.js';
import type { FunctionContext } from './constructs/app-function.js';
import { MailSending } from './constructs/mail-sending.js';
import { OperationsAlarms } from './constructs/operations-alarms.js';
import { RouteFunction } from './constructs/route-function.js';
import { ScheduledJob } from './constructs/scheduled-job.js';
import { SecurityAlarms } from './constructs/security-alarms.js';
import { DEFAULT_THROTTLE, stageRouteSettings } from './route-throttles.js';
import type { ApiDomainSettings, LogLevel, SesIdentityKind, TronSettings } from './settings.js';

export interface ApiStackProps extends StackProps {
  readonly table: ITable;
  /**
   * Context `restoredTableName`: the functions (and the table alarms) use this table instead of
   * `table`, e.g. one restored from a point in time (docs/operations.md, "Backups and restoring the table").
   */
  readonly restoredTableName?: string;
  readonly userPool: IUserPool;
  /** The client the auth Lambdas call Cognito with (USER_POOL_CLIENT_ID). */
  readonly userPoolClientId: string;
  /** Every client whose tokens the API accepts (the web client, plus the hosted-UI client when Google is on). */
  readonly jwtAudiences: readonly string[];
  readonly appUrl: string;
  readonly mailFrom: string;
  /** Context `sesIdentity`: the SES identity this stack creates for mailFrom (none: verified by hand). */
  readonly sesIdentity?: SesIdentityKind;
  readonly logLevel: LogLevel;
  /** Context `sellerName`: the seller receipts name (SELLER_NAME); unset keeps the functions' default. */
  readonly sellerName?: string;
  /** ADMIN_MFA_REQUIRED of the auth and admin route functions (context `adminMfa`). */
  readonly adminMfaRequired: boolean;
  /** RATE_LIMIT_SCALE of every function (context `rateLimitScale`). */
  readonly rateLimitScale: string;
  /** Custom domain of the API; with it the execute-api endpoint is switched off. */
  readonly apiDomain?: ApiDomainSettings;
  /** Subscribed to the alarm topic (context `alarmEmail`). */
  readonly alarmEmail?: string;
  /** The on-chain TXID check's TRON API (context tronApiUrl, tronApiKeySecretArn...). */
  readonly tron?: TronSettings;
  /** Defaults to the implemented routes of the route table; tests may pass others. */
  readonly routes?: readonly RouteDefinition[];
  /** Defaults to the implemented entries of SCHEDULES; tests may pass others. */
  readonly jobs?: readonly ScheduleDefinition[];
}

/**
 * The area of a route: the path segment after `/api/` (auth, payment, admin...). Each area's routes
 * are one nested stack of the API stack.
 */
export function routeArea(route: Pick<RouteDefinition, 'path'>): string {
  return route.path.split('/')[2] || 'root';
}

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
 * The HTTP API, generated from the route table (docs/decisions.md, "One route table"): one RouteFunction per implemented
 * route, and one ScheduledJob per implemented schedule. No function is written out by hand here.
 *
 * No WAF here: API Gateway HTTP APIs cannot be associated with a WAFv2 WebACL (only REST APIs,
 * CloudFront, ALB, AppSync, Cognito... can). The WebACL sits on the CloudFront distribution instead
 * (edge-stack.ts), and a custom domain with the execute-api endpoint switched off makes CloudFront's
 * `/api/*` origin the documented way in (docs/operations.md, "Edge protection").
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly routeFunctions: readonly RouteFunction[];
  /** The nested stack of each route area (routeArea), which holds that area's route functions. */
  readonly routeStacks: ReadonlyMap<string, NestedStack>;
  readonly scheduledJobs: readonly ScheduledJob[];
  /** The key of the keyed hash of one-time codes (rotation is manual, see the suppression below). */
  readonly otpHashKey: Secret;
  /**
   * The values of the header CloudFront adds to every API request (ORIGIN_VERIFY_HEADER):
   * `{"current": ..., "previous": ...}`. CloudFront sends `current` (with the rotation tag of context
   * `originSecretRotation` after it); the functions accept either value, so a rotation needs no
   * downtime (docs/operations.md "Rotating the origin header").
   */
  readonly originSecret: Secret;
  /** The host CloudFront forwards `/api/*` to: the custom domain, or the execute-api host without one. */
  readonly originDomainName: string;
  readonly alarms: SecurityAlarms;
  /** The table the functions use: the data stack's, or the one named by `restoredTableName`. */
  readonly table: ITable;
  readonly operationsAlarms: OperationsAlarms;
  readonly mail: MailSending;
  /** Scheduled runs that failed for good; absent when no job is deployed. */
  readonly jobsDeadLetterQueue?: Queue;

  /**
   * The routes whose AccessProfile says invokesChainCheck (payment-submit-usdt) start the
   * on-chain check of the payment they saved with an asynchronous ('Event') invoke of the
   * job-chain-recheck function: its name as CHAIN_CHECK_FUNCTION_NAME and lambda:InvokeFunction on
   * that one function (no versions or aliases), nothing else. An async invoke rather than a queue:
   * Lambda already queues the event, retries a failed run twice and sends what keeps failing to the
   * jobs' dead-letter queue (scheduled-job.ts), and the submission needs no TRON access at all.
   */
  private wireChainCheckInvokes(routes: readonly RouteDefinition[]): void {
    const checker = this.scheduledJobs.find((job) => job.node.id === 'job-chain-recheck');
    routes.forEach((route, index) => {
      const routeFunction = this.routeFunctions[index];
      if (!routeAccess(route).invokesChainCheck || !routeFunction || !checker) return;
      routeFunction.function.addEnvironment('CHAIN_CHECK_FUNCTION_NAME', checker.function.functionName);
      routeFunction.function.role?.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['lambda:InvokeFunction'],
          resources: [checker.function.functionArn],
        }),
      );
    });
  }

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Goldbot API (routes from shared/src/routes.ts)',
      // The SPA calls the API through its own CloudFront origin (same-origin); CORS only admits the
      // configured app URL, e.g. the Vite dev server against a deployed API. No credentials: the
      // refresh cookie (SameSite=Strict, Path=/api/auth) is a same-origin matter, never cross-origin.
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
      // With a custom domain, the only way in is that domain (CloudFront's origin); without one the
      // execute-api endpoint is CloudFront's origin and stays on.
      disableExecuteApiEndpoint: props.apiDomain !== undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    this.originDomainName = props.apiDomain
      ? this.addCustomDomain(props.apiDomain, stage)
      : Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));

    // Tokens are verified by API Gateway: signature (JWKS), issuer, expiry and audience (our clients;
    // Cognito access tokens carry client_id, which API Gateway also matches against the audience).
    // Created here rather than bound lazily by the first route that uses it (HttpJwtAuthorizer), so
    // it stays in this stack while the routes live in the nested route stacks.
    const jwtAuthorizer = new HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.httpApi,
      authorizerName: 'CognitoJwt',
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      jwtAudience: [...props.jwtAudiences],
    });
    const authorizer: IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: jwtAuthorizer.authorizerId, authorizationType: 'JWT' }),
    };

    // The key of the keyed hash (HMAC-SHA-256) that one-time codes are stored as (docs/decisions.md, "Identity and sessions"):
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
          'invalidates the codes in flight (people ask for a new one). Procedure: docs/operations.md, "Rotating the OTP hash key".',
      },
    ]);

    // Generated by Secrets Manager at the first deploy: never in the template or the repository. The
    // web stack hands it to CloudFront as a dynamic reference, resolved by CloudFormation.
    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `Goldbot: values of the ${ORIGIN_VERIFY_HEADER} header CloudFront adds to API requests`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ previous: '' }),
        generateStringKey: 'current',
        passwordLength: 48,
        excludePunctuation: true,
        includeSpace: false,
      },
    });
    NagSuppressions.addResourceSuppressions(this.originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotated by hand (new value as current, the old one kept as previous until CloudFront sends the new one), ' +
          'because CloudFront only takes a new header value when a deploy with a new originSecretRotation tag updates ' +
          'the distribution: docs/operations.md, "Rotating the origin header".',
      },
    ]);

    // SES: the configuration set every mailing function sends through, bounce/complaint events.
    this.mail = new MailSending(this, 'Mail', { mailFrom: props.mailFrom, identity: props.sesIdentity });

    // A restored table is referenced by name; its indexes are the same (a restore keeps the GSIs).
    this.table = props.restoredTableName
      ? Table.fromTableAttributes(this, 'RestoredTable', {
          tableName: props.restoredTableName,
          grantIndexPermissions: true,
        })
      : props.table;

    const context: FunctionContext = {
      table: this.table,
      userPool: props.userPool,
      userPoolClientId: props.userPoolClientId,
      appUrl: props.appUrl,
      mailFrom: props.mailFrom,
      logLevel: props.logLevel,
      sellerName: props.sellerName,
      rateLimitScale: props.rateLimitScale,
      // Not an environment variable: only the functions that use codes get the secret's ARN and may
      // read it, once per cold start (least privilege). The value is never in the template nor in
      // any function's configuration, where lambda:GetFunctionConfiguration would show it.
      otpHashKeySecret: this.otpHashKey,
      originSecret: this.originSecret,
      sesConfigurationSetName: this.mail.configurationSet.configurationSetName,
      tron: props.tron && {
        apiUrl: props.tron.apiUrl,
        // An operator-made secret, referenced by its full ARN (so the grant names exactly it).
        apiKeySecret: props.tron.apiKeySecretArn
          ? Secret.fromSecretCompleteArn(this, 'TronApiKey', props.tron.apiKeySecretArn)
          : undefined,
        amountToleranceUsdt: props.tron.amountToleranceUsdt,
        graceHours: props.tron.graceHours,
        orderOpenMinutes: props.tron.orderOpenMinutes,
        orderGraceMinutes: props.tron.orderGraceMinutes,
      },
    };

    // The routes live in one nested stack per area (routeArea: auth, payment, admin...), so no
    // template comes near CloudFormation's 500 resources: each route brings 7 (function, role,
    // policy, log group, integration, permission, route). This stack keeps the HTTP API, the
    // authorizer, the stage, the jobs and the alarms.
    const routes = props.routes ?? implementedRoutes();
    const areaStacks = new Map<string, NestedStack>();
    const areaStackOf = (route: RouteDefinition): NestedStack => {
      const area = routeArea(route);
      let nested = areaStacks.get(area);
      if (!nested) {
        nested = new NestedStack(this, `Routes-${area}`, { description: `Goldbot: the /api/${area} routes` });
        areaStacks.set(area, nested);
      }
      return nested;
    };
    this.routeStacks = areaStacks;
    this.routeFunctions = routes.map(
      (route) =>
        new RouteFunction(areaStackOf(route), route.id, {
          route,
          httpApi: this.httpApi,
          authorizer,
          context,
          // The auth functions enforce it at admin sign-in (and getuserdata on another user's
          // account); every admin route's function refuses an administrator's token without TOTP.
          environment: enforcesAdminMfa(route) ? { ADMIN_MFA_REQUIRED: String(props.adminMfaRequired) } : undefined,
        }),
    );

    // Per-route throttles derived from the route table (route-throttles.ts). The L2 stage has no
    // per-route settings, hence the L1 property. A route key in RouteSettings must exist when the
    // stage is created or updated, so the stage (in this stack) waits for every route (in the
    // nested route stacks): CloudFormation orders it after each nested stack.
    const cfnStage = stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = stageRouteSettings(routes);
    for (const routeFunction of this.routeFunctions) stage.node.addDependency(routeFunction.route);

    const jobsScope = new Construct(this, 'Jobs');
    const jobs = props.jobs ?? SCHEDULES.filter((job) => job.implemented);
    if (jobs.length > 0) {
      // Every scheduled run that did not end well: not delivered by the scheduler, or still failing
      // after Lambda's retries (scheduled-job.ts). An alarm fires as soon as it holds a message.
      const deadLetterQueue = new Queue(jobsScope, 'DeadLetterQueue', {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      NagSuppressions.addResourceSuppressions(deadLetterQueue, [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            'This queue is itself the dead-letter queue of the job schedules (EventBridge Scheduler) and of the job ' +
            'functions (Lambda on-failure destination); cdk-nag only recognises SQS redrive policies.',
        },
      ]);
      this.jobsDeadLetterQueue = deadLetterQueue;
    }
    const jobsDeadLetterQueue = this.jobsDeadLetterQueue;
    this.scheduledJobs = jobsDeadLetterQueue
      ? jobs.map((job) => new ScheduledJob(jobsScope, job.id, { job, context, deadLetterQueue: jobsDeadLetterQueue }))
      : [];
    this.wireChainCheckInvokes(routes);

    this.alarms = new SecurityAlarms(this, 'Alarms', { alarmEmail: props.alarmEmail });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
    this.operationsAlarms = new OperationsAlarms(this, 'OperationsAlarms', {
      topic: this.alarms.topic,
      httpApi: this.httpApi,
      table: this.table,
      functions: [
        // Construct ids are the route and job ids.
        ...[...this.routeFunctions, ...this.scheduledJobs].map((c) => ({ id: c.node.id, function: c.function })),
      ],
      jobsDeadLetterQueue: this.jobsDeadLetterQueue,
    });
    if (this.jobsDeadLetterQueue) {
      new CfnOutput(this, 'JobsDeadLetterQueueUrl', { value: this.jobsDeadLetterQueue.queueUrl });
    }
    new CfnOutput(this, 'MailEventsTopicArn', { value: this.mail.eventsTopic.topicArn });
    new CfnOutput(this, 'SesConfigurationSetName', { value: this.mail.configurationSet.configurationSetName });
    if (this.mail.identity && props.sesIdentity === 'domain') {
      // Easy DKIM: three CNAME records verify the domain once they are in its DNS.
      this.mail.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `SesDkimRecord${i + 1}`, { value: Fn.join(' CNAME ', [record.name, record.value]) });
      });
    }

    new CfnOutput(this, 'ApiEndpoint', {
      value: props.apiDomain ? `https://${props.apiDomain.domainName}` : this.httpApi.apiEndpoint,
    });
  }

  /**
   * `apiDomainName` on the HTTP API (regional endpoint, TLS 1.2), mapped to the $default stage. DNS
   * is the operator's: a CNAME (or alias) from the domain to the ApiDomainTarget output.
   */
  private addCustomDomain(apiDomain: ApiDomainSettings, stage: HttpStage): string {
    const domainName = new DomainName(this, 'ApiDomain', {
      domainName: apiDomain.domainName,
      certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', apiDomain.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    new ApiMapping(this, 'ApiDomainMapping', { api: this.httpApi, domainName, stage });
    new CfnOutput(this, 'ApiDomainTarget', { value: domainName.regionalDomainName });
    return apiDomain.domainName;
  }
}
