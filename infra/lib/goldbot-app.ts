import type { RouteDefinition, ScheduleDefinition } from '@goldbot/shared';
import { Annotations, Aspects, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { DataStack } from './data-stack.js';
import { EdgeStack } from './edge-stack.js';
import { readSettings } from './settings.js';
import { WebStack } from './web-stack.js';

export interface GoldbotStacks {
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  /** The CloudFront WebACL and site certificate in us-east-1; absent when neither is wanted. */
  readonly edge?: EdgeStack;
}

export interface GoldbotAppOptions {
  /** The SPA build to upload; the entry point passes web/dist when it has been built. */
  readonly webDistPath?: string;
  /** Override the implemented routes / schedules (tests only). */
  readonly routes?: readonly RouteDefinition[];
  readonly jobs?: readonly ScheduleDefinition[];
}

/**
 * The whole product as CDK stacks, shared by `bin/app.ts` and the tests so both check the same app.
 *
 * Env-agnostic stacks (no account/region, no lookups): `cdk synth` runs offline and the same
 * templates deploy to whichever account/region the CLI credentials point at. The one exception is
 * Goldbot-Edge, the CloudFront WebACL, which AWS only accepts in us-east-1 (edge-stack.ts).
 *
 * Dependency order is Data -> Auth -> Api -> Web, and Edge -> Web. The web stack reads the API
 * endpoint (for its `/api/*` origin) and the WebACL ARN; nothing reads the web stack, which is why
 * APP_URL is context (settings.ts).
 *
 * Cross-stack values use weak references (cdk.json `@aws-cdk/core:defaultCrossStackReferences`:
 * "weak" = Fn::GetStackOutput, the CDK's recommended value): no Export locks, so a producer stack
 * can change without the "export in use" deadlock. The cost: a consumer re-reads a value only when
 * it is deployed itself. The referenced values (table, pool, client, API endpoint) are stable; if
 * one is ever replaced, deploy all stacks (`cdk deploy --all --force`).
 */
export function createGoldbotApp(app: App, options: GoldbotAppOptions = {}): GoldbotStacks {
  const settings = readSettings(app.node);
  // Stack tags: CloudFormation propagates them to every resource (cost allocation by app).
  const tags = { app: 'goldbot' };

  const data = new DataStack(app, 'Goldbot-Data', {
    tags,
    description: 'Goldbot: DynamoDB single table and its deploy-time seed',
    logLevel: settings.logLevel,
  });
  const auth = new AuthStack(app, 'Goldbot-Auth', {
    tags,
    description: 'Goldbot: Cognito user pool, clients and admin group',
    appUrl: settings.appUrl,
    google: settings.google,
    table: data.table,
    restoredTableName: settings.restoredTableName,
    logLevel: settings.logLevel,
  });
  const api = new ApiStack(app, 'Goldbot-Api', {
    tags,
    description: 'Goldbot: HTTP API, one Lambda per route, scheduled jobs',
    table: data.table,
    restoredTableName: settings.restoredTableName,
    userPool: auth.userPool,
    userPoolClientId: auth.webClient.userPoolClientId,
    jwtAudiences: [
      auth.webClient.userPoolClientId,
      ...(auth.hostedUiClient ? [auth.hostedUiClient.userPoolClientId] : []),
    ],
    appUrl: settings.appUrl,
    mailFrom: settings.mailFrom,
    sesIdentity: settings.sesIdentity,
    logLevel: settings.logLevel,
    sellerName: settings.sellerName,
    adminMfaRequired: settings.adminMfaRequired,
    rateLimitScale: settings.rateLimitScale,
    tron: settings.tron,
    apiDomain: settings.apiDomain,
    alarmEmail: settings.alarmEmail,
    routes: options.routes,
    jobs: options.jobs,
  });
  // The us-east-1 stack exists for the WAF, or for a site certificate the app creates itself.
  const siteCertificateDomain =
    settings.siteDomain && !settings.siteDomain.certificateArn ? settings.siteDomain.domainName : undefined;
  const edge =
    settings.waf || siteCertificateDomain
      ? new EdgeStack(app, 'Goldbot-Edge', {
          tags,
          description: 'Goldbot: WAF WebACL and site certificate for CloudFront (us-east-1)',
          waf: settings.waf,
          siteCertificateDomain,
        })
      : undefined;
  const siteCertificateArn = settings.siteDomain?.certificateArn ?? edge?.siteCertificateArnReference();
  const siteDomainWithCertificate =
    settings.siteDomain && siteCertificateArn
      ? { domainName: settings.siteDomain.domainName, certificateArn: siteCertificateArn }
      : undefined;
  const web = new WebStack(app, 'Goldbot-Web', {
    tags,
    description: 'Goldbot: S3 + CloudFront for the SPA, /api forwarded to the HTTP API',
    apiOriginDomain: api.originDomainName,
    // A dynamic reference CloudFormation resolves at deploy: the template holds no value.
    originVerifyValue: api.originSecret.secretValueFromJson('current').unsafeUnwrap(),
    originVerifyRotation: settings.originSecretRotation,
    webAclArn: edge?.webAclArnReference(),
    siteDomain: siteDomainWithCertificate,
    cognitoOrigins:
      auth.hostedUiDomainUrl && auth.cognitoApiOrigin ? [auth.hostedUiDomainUrl, auth.cognitoApiOrigin] : undefined,
    videoEmbedOrigins: settings.videoEmbedOrigins,
    webDistPath: options.webDistPath,
    runtimeConfig:
      auth.hostedUiClient && auth.hostedUiDomainUrl
        ? {
            cognito: {
              domain: auth.hostedUiDomainUrl,
              userPoolId: auth.userPool.userPoolId,
              hostedUiClientId: auth.hostedUiClient.userPoolClientId,
            },
          }
        : undefined,
  });

  // The hand-written Fn::GetStackOutput is not a CDK reference, so the order is stated here.
  if (edge) web.addStackDependency(edge, 'reads the WebACL and site certificate ARNs (Fn::GetStackOutput)');

  if (settings.defaulted.length > 0) {
    Annotations.of(api).addWarningV2(
      'goldbot:defaultSettings',
      `Using default context for ${settings.defaulted.join(', ')} (see infra/lib/settings.ts). ` +
        'Fine for a first deploy; then deploy again with -c appUrl=<WebUrl output> -c mailFrom=<verified SES sender>.',
    );
  }

  // Every stack is checked against the AWS Solutions rules; findings that do not apply are
  // suppressed next to the resource they concern, each with its reason.
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));

  return { data, auth, api, web, edge };
}
