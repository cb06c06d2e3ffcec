import { ADMIN_GROUP, AUTH, implementedRoutes, SCHEDULES, TABLE_DEFINITION } from '@goldbot/shared';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeAccess } from '../lib/access.js';
import { GLOBAL_SIGN_OUT_FAILURES } from '../lib/constructs/security-alarms.js';
import { EDGE_REGION, WAF_RATE_LIMITS } from '../lib/edge-stack.js';
import { stageRouteSettings } from '../lib/route-throttles.js';
import { DEFAULT_SETTINGS, DEFAULT_VIDEO_EMBED_ORIGINS } from '../lib/settings.js';
import { asArray, policyStatements, resourcesOfType, useSynth } from './helpers/synth.js';

/**
 * The app as `cdk synth` builds it by default (no web build, no Google, the implemented routes and
 * schedules of the shared tables). Counts are derived from the route table, never hard-coded.
 */
const routes = implementedRoutes();
const implementedJobs = SCHEDULES.filter((job) => job.implemented);

const synth = useSynth();

type Fn = { Properties: { Description: string; Role: { 'Fn::GetAtt': [string, string] }; [k: string]: unknown } };

/** The function deployed for a route, found by the description RouteFunction gives it. */
function functionOf(route: (typeof routes)[number]): [string, Fn] {
  const fns = Object.entries(resourcesOfType(synth().templates.api, 'AWS::Lambda::Function')) as unknown as Array<
    [string, Fn]
  >;
  const matches = fns.filter(([, fn]) => fn.Properties.Description.startsWith(`${route.method} ${route.path}:`));
  expect(matches, `functions for ${route.id}`).toHaveLength(1);
  return matches[0] as [string, Fn];
}

/** A secret's logical id by the key it generates; functions get its ARN (Ref), never its value. */
function secretIdGenerating(key: 'otp' | 'current'): string {
  const [secretId] = Object.entries(resourcesOfType(synth().templates.api, 'AWS::SecretsManager::Secret'))
    .filter(([, r]) => JSON.stringify(r.Properties).includes('"GenerateStringKey":"current"') === (key === 'current'))
    .map(([id]) => id);
  return secretId ?? '';
}
const otpHashKeySecretId = () => secretIdGenerating('otp');

type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };

/** Every statement of the policies attached to the function's role. */
function statementsOf(fn: Fn): Statement[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOfType(synth().templates.api, 'AWS::IAM::Policy')).filter((p) =>
    JSON.stringify(p.Properties?.Roles).includes(`"${roleId}"`),
  );
  return policies.flatMap((p) => asArray((p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement));
}

/** Every action the function's role is allowed, from the policies attached to it. */
const actionsOf = (fn: Fn): string[] => statementsOf(fn).flatMap((s) => asArray(s.Action));

const envOf = (fn: Fn) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

describe('API stack', () => {
  it('has exactly one Lambda function per implemented route (plus one per implemented job)', () => {
    expect(routes.length).toBeGreaterThan(0);
    synth().templates.api.resourceCountIs('AWS::Lambda::Function', routes.length + implementedJobs.length);
    synth().templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    for (const route of routes) functionOf(route);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    'routes %s with the right authorization',
    (key, route) => {
      const expected =
        route.auth === 'public'
          ? { RouteKey: key, AuthorizationType: 'NONE' }
          : { RouteKey: key, AuthorizationType: 'JWT', AuthorizerId: Match.anyValue() };
      synth().templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', expected);
    },
  );

  it('protects every non-public route with the JWT authorizer and leaves public ones open', () => {
    const byKey = new Map(
      Object.values(resourcesOfType(synth().templates.api, 'AWS::ApiGatewayV2::Route')).map((r) => [
        r.Properties?.RouteKey as string,
        r.Properties?.AuthorizationType,
      ]),
    );
    for (const route of routes) {
      expect(byKey.get(`${route.method} ${route.path}`), route.id).toBe(route.auth === 'public' ? 'NONE' : 'JWT');
    }
  });

  it('verifies Cognito tokens: issuer is the user pool, audience the app client', () => {
    synth().templates.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: {
          'Fn::Join': ['', Match.arrayWith(['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/'])],
        },
        Audience: [Match.objectLike({ 'Fn::GetStackOutput': Match.objectLike({ StackName: 'Goldbot-Auth' }) })],
      },
    });
  });

  it('runs every route function on nodejs22.x, arm64, 256 MB, 10 s, with the config env vars', () => {
    for (const route of routes) {
      const [, fn] = functionOf(route);
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 256,
        Timeout: 10,
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: expect.anything() },
      });
      const env = envOf(fn);
      const access = routeAccess(route);
      const isAuth = route.path.startsWith('/api/auth/');
      const readsAdminMfa = isAuth || route.auth === 'admin' || route.id === 'payment-receipt';
      expect(Object.keys(env).sort(), route.id).toEqual(
        [
          'APP_URL',
          'LOG_LEVEL',
          'MAIL_FROM',
          'NODE_OPTIONS',
          // How long orders stay open and bind late transfers: every function reads the same config.
          'ORDER_GRACE_MINUTES',
          'ORDER_OPEN_MINUTES',
          'RATE_LIMIT_SCALE',
          'TABLE_NAME',
          'USER_POOL_CLIENT_ID',
          'USER_POOL_ID',
          ...(access.readsOtpHashKey ? ['OTP_HASH_KEY_SECRET_ARN'] : []),
          ...(access.checksOrigin ? ['ORIGIN_SECRET_ARN'] : []),
          ...(access.sendsMail ? ['SES_CONFIGURATION_SET'] : []),
          ...(readsAdminMfa ? ['ADMIN_MFA_REQUIRED'] : []),
          // The on-chain check (infra/test/chain-check.test.ts): the TRON API where TRON is asked, the checker's name where a payment is saved.
          ...(access.callsTron ? ['TRON_API_URL', 'CHAIN_CHECK_AMOUNT_TOLERANCE_USDT', 'CHAIN_CHECK_GRACE_HOURS'] : []),
          ...(access.invokesChainCheck ? ['CHAIN_CHECK_FUNCTION_NAME'] : []),
        ].sort(),
      );
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.APP_URL).toBe(DEFAULT_SETTINGS.appUrl);
      expect(env.RATE_LIMIT_SCALE, route.id).toBe('1');
      if (readsAdminMfa) expect(env.ADMIN_MFA_REQUIRED, route.id).toBe('true');
    }
  });

  it('turns admin MFA on in every function that serves an admin action', () => {
    // Every admin route, getuserdata, whose view of another user's account is an admin action, and
    // the receipt, whose view of another customer's payment is one too: a function without the
    // variable would read the local default (off) and let a password-only administrator token through.
    const adminActions = routes.filter(
      (route) => route.auth === 'admin' || route.id === 'auth-get-user-data' || route.id === 'payment-receipt',
    );
    expect(adminActions.length).toBeGreaterThan(20);
    for (const route of adminActions) {
      const [, fn] = functionOf(route);
      expect(envOf(fn).ADMIN_MFA_REQUIRED, route.id).toBe('true');
    }
  });

  it('never puts the OTP hash key into a function: the code routes get the secret ARN and may read that secret only', () => {
    const secretRef = { Ref: otpHashKeySecretId() };
    const originRef = JSON.stringify({ Ref: secretIdGenerating('current') });
    for (const route of routes) {
      const [, fn] = functionOf(route);
      const env = envOf(fn);
      expect(env.OTP_HASH_KEY, route.id).toBeUndefined();
      expect(JSON.stringify(env), route.id).not.toContain('resolve:secretsmanager');
      // The origin header's secret is read by every route but health (production-readiness.test.ts);
      // CDK merges reads of several secrets into one statement, so resources are compared one by one.
      const secretStatements = statementsOf(fn).filter((s) =>
        asArray(s.Action).some((a) => a.startsWith('secretsmanager:')),
      );
      for (const statement of secretStatements)
        expect(statement.Action, route.id).toBe('secretsmanager:GetSecretValue');
      const secretsRead = secretStatements
        .flatMap((s) => asArray(s.Resource))
        .filter((resource) => JSON.stringify(resource) !== originRef);
      if (routeAccess(route).readsOtpHashKey) {
        expect(env.OTP_HASH_KEY_SECRET_ARN, route.id).toEqual(secretRef);
        expect(secretsRead, route.id).toEqual([secretRef]);
      } else {
        expect(env.OTP_HASH_KEY_SECRET_ARN, route.id).toBeUndefined();
        expect(secretsRead, route.id).toEqual([]);
      }
    }
    const readers = routes.filter((r) => routeAccess(r).readsOtpHashKey).map((r) => r.id);
    expect(readers).toEqual(expect.arrayContaining(['auth-register', 'auth-login', 'auth-reset-password']));
    expect(readers).not.toContain('auth-me');
    expect(readers).not.toContain('contact-add');
  });

  it('generates the OTP hash key in Secrets Manager and never writes its value into the template', () => {
    // The OTP hash key, and the origin header's values (production-readiness.test.ts).
    synth().templates.api.resourceCountIs('AWS::SecretsManager::Secret', 2);
    synth().templates.api.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({
        PasswordLength: 64,
        ExcludeUppercase: true,
        ExcludePunctuation: true,
        ExcludeCharacters: 'ghijklmnopqrstuvwxyz',
      }),
    });
    synth().templates.api.resourceCountIs('AWS::SecretsManager::RotationSchedule', 0); // manual, see the suppression
  });

  it('gives each function a log group kept for one month', () => {
    synth().templates.api.resourcePropertiesCountIs(
      'AWS::Logs::LogGroup',
      { RetentionInDays: 30 },
      routes.length + implementedJobs.length + 1, // + the API access log
    );
  });

  it('grants each function only what its route needs', () => {
    for (const route of routes) {
      const access = routeAccess(route);
      const actions = actionsOf(functionOf(route)[1]);
      // No request path may Scan (docs/decisions.md, "Data: one table"); IAM refuses it too.
      expect(actions, route.id).not.toContain('dynamodb:Scan');
      expect(actions.includes('dynamodb:GetItem'), `${route.id} reads`).toBe(access.table !== 'none');
      expect(actions.includes('dynamodb:PutItem'), `${route.id} writes`).toBe(access.table === 'readWrite');
      expect(actions.filter((a) => a.startsWith('cognito-idp:')).sort(), `${route.id} cognito`).toEqual(
        [...access.cognitoActions].sort(),
      );
      expect(actions.includes('ses:SendEmail'), `${route.id} ses`).toBe(access.sendsMail);
      expect(actions.filter((a) => a.startsWith('logs:')).sort(), route.id).toEqual([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
      ]);
    }
  });

  it('lets auth-me write (it creates a missing profile) while every other GET only reads', () => {
    for (const route of routes.filter((r) => r.method === 'GET' && r.id !== 'health')) {
      const actions = actionsOf(functionOf(route)[1]);
      const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem'].every((a) => actions.includes(a));
      expect(writes, route.id).toBe(route.id === 'auth-me');
    }
    const health = routes.find((r) => r.id === 'health');
    if (!health) throw new Error('health is not implemented');
    expect(actionsOf(functionOf(health)[1]).some((a) => a.startsWith('dynamodb:'))).toBe(false);
  });

  it('limits table items to the route’s partitions with dynamodb:LeadingKeys, and indexes to Query', () => {
    for (const route of routes) {
      const access = routeAccess(route);
      if (access.table === 'none') continue;
      const dynamo = statementsOf(functionOf(route)[1]).filter((s) =>
        asArray(s.Action).some((a) => a.startsWith('dynamodb:')),
      );
      const onIndexes = (s: Statement) => JSON.stringify(s.Resource).includes('/index/');
      const [items, indexes] = [dynamo.filter((s) => !onIndexes(s)), dynamo.filter(onIndexes)];
      expect(items, route.id).toHaveLength(1);
      expect(items[0]?.Condition, route.id).toEqual(
        access.tablePartitions
          ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.tablePartitions] } }
          : undefined,
      );
      const indexNames = indexes
        .flatMap((s) => asArray(s.Resource))
        .map((r) => JSON.stringify(r).match(/\/index\/([^"]+)"/)?.[1]);
      expect(
        indexes.map((s) => s.Action),
        route.id,
      ).toEqual(indexes.length > 0 ? ['dynamodb:Query'] : []);
      expect(indexNames, route.id).toEqual(access.tableIndexes ? [...access.tableIndexes] : ['*']);
    }
    const restricted = routes.filter((r) => routeAccess(r).tablePartitions).map((r) => r.id);
    expect(restricted).toEqual(expect.arrayContaining(['auth-login', 'contact-add', 'packages-list']));
  });

  it('uses no AWS managed policy on the function roles', () => {
    for (const role of Object.values(resourcesOfType(synth().templates.api, 'AWS::IAM::Role'))) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('logs access and throttles on the default stage, per route from the route table', () => {
    synth().templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      RouteSettings: stageRouteSettings(routes),
    });
    const [stage] = Object.values(resourcesOfType(synth().templates.api, 'AWS::ApiGatewayV2::Stage'));
    const settings = stage?.Properties?.RouteSettings as Record<string, { ThrottlingRateLimit: number }>;
    expect(Object.keys(settings)).toHaveLength(routes.length);
    expect(settings['POST /api/auth/login']).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
    expect(settings['POST /api/contact/add']).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
    expect(settings['GET /api/auth/me']).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
  });

  it('creates the stage after its routes (RouteSettings must name existing route keys)', () => {
    const json = synth().templates.api.toJSON() as {
      Resources: Record<string, { Type: string; DependsOn?: string[] }>;
    };
    const [stage] = Object.values(json.Resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Stage');
    const routeIds = Object.entries(json.Resources)
      .filter(([, r]) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map(([id]) => id);
    expect(routeIds).toHaveLength(routes.length);
    for (const id of routeIds) expect(stage?.DependsOn, id).toContain(id);
  });

  it('keeps the execute-api endpoint as CloudFront’s origin when no custom domain is given', () => {
    synth().templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: false });
    synth().templates.api.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
  });

  it('alarms on the first global sign-out failure in 5 minutes, and treats no data as fine', () => {
    synth().templates.api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: GLOBAL_SIGN_OUT_FAILURES.namespace,
      MetricName: 'GlobalSignOutFailures',
      Dimensions: [{ Name: 'service', Value: 'auth' }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: Match.anyValue() }],
    });
    expect(GLOBAL_SIGN_OUT_FAILURES.namespace).toBe('Goldbot');
    // The alarm topic, and the SES mail events topic (operations.test.ts).
    synth().templates.api.resourceCountIs('AWS::SNS::Topic', 2);
    // No e-mail subscription without the alarmEmail context.
    synth().templates.api.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('allows only the app URL as CORS origin', () => {
    synth().templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({ AllowOrigins: [DEFAULT_SETTINGS.appUrl] }),
    });
  });

  it('creates one schedule per implemented job', () => {
    synth().templates.api.resourceCountIs('AWS::Scheduler::Schedule', implementedJobs.length);
  });
});

describe('Data stack', () => {
  it('has the single table with PITR, deletion protection, TTL and the three GSIs', () => {
    synth().templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    synth().templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        GlobalSecondaryIndexes: TABLE_DEFINITION.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      },
    });
    expect(TABLE_DEFINITION.globalIndexes).toHaveLength(3);
  });
});

describe('Auth stack', () => {
  it('has a user pool with e-mail sign-in and the password policy', () => {
    synth().templates.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        DeletionProtection: 'ACTIVE',
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 8,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      }),
    });
  });

  it('has the admin group', () => {
    synth().templates.auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('offers optional TOTP MFA (no SMS)', () => {
    synth().templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it(`has one confidential client with server-side sign-in + refresh only, 1 h / ${AUTH.refreshTokenDays} d tokens`, () => {
    expect(AUTH.refreshTokenDays).toBe(7);
    synth().templates.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    synth().templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: true,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AllowedOAuthFlowsUserPoolClient: false,
      // E-mail is the pool's required attribute, which Cognito keeps writable; nothing else is.
      WriteAttributes: ['email'],
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: AUTH.refreshTokenDays * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('keeps the client secret out of the templates: the functions that need it read it from Cognito', () => {
    for (const template of Object.values(synth().templates)) {
      expect(JSON.stringify(template.toJSON())).not.toMatch(/ClientSecret/);
    }
    const readers = routes.filter((route) =>
      actionsOf(functionOf(route)[1]).includes('cognito-idp:DescribeUserPoolClient'),
    );
    expect(readers.map((route) => route.id).sort()).toEqual(
      [
        'auth-login',
        'auth-logout',
        'auth-mfa-setup',
        'auth-mfa-verify',
        'auth-refresh',
        'auth-register',
        'auth-update-user',
        'auth-verify-otp',
      ]
        .filter((id) => routes.some((route) => route.id === id))
        .sort(),
    );
    for (const route of routes) {
      const actions = actionsOf(functionOf(route)[1]);
      // The client-authorised sign-in calls are never what a function relies on.
      expect(actions, route.id).not.toContain('cognito-idp:InitiateAuth');
      expect(actions, route.id).not.toContain('cognito-idp:RespondToAuthChallenge');
    }
  });

  it('lets the wallet save list the admin group (to mail every administrator) on the pool and nothing broader', () => {
    const walletSave = routes.find((route) => route.id === 'payment-wallet-save');
    if (!walletSave) throw new Error('payment-wallet-save is not implemented');
    const cognito = statementsOf(functionOf(walletSave)[1]).filter((s) =>
      asArray(s.Action).some((a) => a.startsWith('cognito-idp:')),
    );
    expect(cognito).toHaveLength(1);
    expect(asArray(cognito[0]?.Action)).toEqual(['cognito-idp:ListUsersInGroup']);
    // The pool's own ARN, never a wildcard.
    expect(cognito[0]?.Resource).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ OutputName: expect.stringMatching(/UserPool\w*Arn/) }),
    });
    const listers = routes.filter((route) => actionsOf(functionOf(route)[1]).includes('cognito-idp:ListUsersInGroup'));
    expect(listers.map((route) => route.id)).toEqual(['payment-wallet-save']);
  });

  it('has no hosted UI, Google IdP or PreSignUp trigger without the Google context', () => {
    synth().templates.auth.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    synth().templates.auth.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    synth().templates.auth.resourceCountIs('AWS::Lambda::Function', 0);
    const [pool] = Object.values(resourcesOfType(synth().templates.auth, 'AWS::Cognito::UserPool'));
    expect(pool?.Properties?.LambdaConfig).toBeUndefined();
  });
});

describe('Web stack', () => {
  it('keeps the bucket private, encrypted and TLS-only', () => {
    synth().templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
    });
    synth().templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves the bucket through CloudFront with Origin Access Control', () => {
    synth().templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    synth().templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: { OriginAccessIdentity: '' } }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          // Each prerendered page gets its own HTML, client-side routes the app shell: on the S3 behaviour only.
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
  });

  it('does not use distribution-wide error responses (they would mask API 403/404)', () => {
    const [distribution] = Object.values(resourcesOfType(synth().templates.web, 'AWS::CloudFront::Distribution'));
    expect(
      (distribution?.Properties?.DistributionConfig as Record<string, unknown>).CustomErrorResponses,
    ).toBeUndefined();
  });

  it('forwards /api/* to the HTTP API uncached, with all viewer headers and cookies except Host', () => {
    synth().templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            // TTL 0: API answers are never cached, whatever the origin says.
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            // Every viewer header, cookie (the goldbot_rt refresh cookie) and query string; CloudFront
            // passes an origin's Set-Cookie back only for cookies it forwards.
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            AllowedMethods: Match.arrayWith(['PUT', 'POST', 'DELETE']), // order as CloudFront lists them
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({
            // The execute-api host (no custom domain in this synth).
            DomainName: { 'Fn::Select': [2, { 'Fn::Split': ['/', Match.anyValue()] }] },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
      }),
    });
    // The managed ids above are the documented policies: CachingDisabled and AllViewerExceptHostHeader.
    expect(CachePolicy.CACHING_DISABLED.cachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId).toBe(
      'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    );
  });

  it('sends security headers, with a CSP that names every source and no X-XSS-Protection', () => {
    synth().templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          ContentTypeOptions: Match.anyValue(),
        }),
      }),
    });
    const [policy] = Object.values(resourcesOfType(synth().templates.web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = (
      policy?.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }
    ).SecurityHeadersConfig;
    expect(headers.XSSProtection).toBeUndefined();
    const csp = (headers.ContentSecurityPolicy as { ContentSecurityPolicy: string }).ContentSecurityPolicy;
    expect(csp.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      // No Google in this synth: the SPA talks to its own origin only.
      "connect-src 'self'",
      `frame-src ${DEFAULT_VIDEO_EMBED_ORIGINS.join(' ')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
    expect(csp).not.toMatch(/\*|https: |https:;/);
  });

  it('puts the WAF WebACL (from the us-east-1 edge stack) in front of the distribution', () => {
    synth().templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: { 'Fn::GetStackOutput': { StackName: 'Goldbot-Edge', OutputName: 'WebAclArn', Region: EDGE_REGION } },
      }),
    });
    expect(synth().stacks.web.dependencies.map((s) => s.stackName)).toContain('Goldbot-Edge');
  });

  it('uploads nothing when the SPA has not been built', () => {
    synth().templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('Edge stack (WAF, on by default)', () => {
  it('is pinned to us-east-1, the only region CloudFront WebACLs exist in', () => {
    expect(synth().stacks.edge?.region).toBe(EDGE_REGION);
    // Every other stack stays env-agnostic.
    for (const name of ['data', 'auth', 'api', 'web'] as const) {
      expect(synth().stacks[name].environment, name).toBe('aws://unknown-account/unknown-region');
    }
  });

  it('rate-limits per IP: tightly on /api/*, loosely everywhere, answering 429 in the API error shape', () => {
    const edge = synth().templates.edge;
    if (!edge) throw new Error('no edge template');
    edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const block = {
      Block: { CustomResponse: Match.objectLike({ ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' }) },
    };
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      CustomResponseBodies: {
        TooManyRequests: { ContentType: 'APPLICATION_JSON', Content: Match.stringLikeRegexp('"message".*"msg"') },
      },
      Rules: [
        Match.objectLike({
          Name: 'ApiRatePerIp',
          Action: block,
          Statement: {
            RateBasedStatement: {
              Limit: WAF_RATE_LIMITS.apiPerIp,
              EvaluationWindowSec: 300,
              AggregateKeyType: 'IP',
              ScopeDownStatement: {
                ByteMatchStatement: Match.objectLike({
                  FieldToMatch: { UriPath: {} },
                  PositionalConstraint: 'STARTS_WITH',
                  SearchString: '/api/',
                }),
              },
            },
          },
        }),
        Match.objectLike({
          Name: 'SiteRatePerIp',
          Action: block,
          Statement: {
            RateBasedStatement: { Limit: WAF_RATE_LIMITS.sitePerIp, EvaluationWindowSec: 300, AggregateKeyType: 'IP' },
          },
        }),
        // The managed groups come after (production-readiness.test.ts checks them).
        Match.objectLike({ Name: 'AWSManagedRulesAmazonIpReputationList' }),
        Match.objectLike({ Name: 'AWSManagedRulesKnownBadInputsRuleSet' }),
      ],
    });
    expect(WAF_RATE_LIMITS.apiPerIp).toBe(300);
    expect(WAF_RATE_LIMITS.sitePerIp).toBeGreaterThan(WAF_RATE_LIMITS.apiPerIp);
    edge.hasOutput('WebAclArn', { Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
  });
});

describe('Security', () => {
  it('grants no wildcard action in any stack, and only named actions on the table', () => {
    for (const [name, template] of Object.entries(synth().templates)) {
      for (const statement of policyStatements(template)) {
        const actions = asArray(statement.Action as string | string[]);
        expect(actions, `${name}: ${JSON.stringify(statement)}`).not.toContain('*');
        expect(actions, name).not.toContain('dynamodb:*');
        if (JSON.stringify(statement.Resource).includes('AppTable')) {
          expect(
            actions.filter((a) => a.includes('*')),
            `${name} table statement`,
          ).toEqual([]);
        }
      }
    }
  });

  it.each(
    (['error', 'warning'] as const).flatMap((level) =>
      (['data', 'auth', 'api', 'web', 'edge'] as const).map((name) => [level, name] as const),
    ),
  )('cdk-nag reports no unsuppressed AwsSolutions %s in %s', (level, name) => {
    const stack = synth().stacks[name];
    if (!stack) throw new Error(`no ${name} stack`);
    const annotations = Annotations.fromStack(stack);
    const find = level === 'error' ? annotations.findError : annotations.findWarning;
    expect(find.call(annotations, '*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});
