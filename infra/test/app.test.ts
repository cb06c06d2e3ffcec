import { ADMIN_GROUP, implementedRoutes, SCHEDULES, TABLE_DEFINITION } from '@goldbot/shared';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../lib/access.js';
import { DEFAULT_SETTINGS } from '../lib/settings.js';
import { asArray, policyStatements, resourcesOfType, synthGoldbot, type SynthResult } from './helpers/synth.js';

/**
 * The app as `cdk synth` builds it by default (no web build, no Google, the implemented routes and
 * schedules of the shared tables). Counts are derived from the route table, never hard-coded.
 */
const routes = implementedRoutes();
const implementedJobs = SCHEDULES.filter((job) => job.implemented);

let synth: SynthResult;
beforeAll(() => {
  synth = synthGoldbot();
});
afterAll(() => synth.cleanup());

type Fn = { Properties: { Description: string; Role: { 'Fn::GetAtt': [string, string] }; [k: string]: unknown } };

/** The function deployed for a route, found by the description RouteFunction gives it. */
function functionOf(route: (typeof routes)[number]): [string, Fn] {
  const fns = Object.entries(resourcesOfType(synth.templates.api, 'AWS::Lambda::Function')) as unknown as Array<
    [string, Fn]
  >;
  const matches = fns.filter(([, fn]) => fn.Properties.Description.startsWith(`${route.method} ${route.path}:`));
  expect(matches, `functions for ${route.id}`).toHaveLength(1);
  return matches[0] as [string, Fn];
}

/** OTP_HASH_KEY as the template carries it: a dynamic reference CloudFormation resolves at deploy time. */
function otpHashKeyReference() {
  const [secretId] = Object.keys(resourcesOfType(synth.templates.api, 'AWS::SecretsManager::Secret'));
  return { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
}

/** Every action the function's role is allowed, from the policies attached to it. */
function actionsOf(fn: Fn): string[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOfType(synth.templates.api, 'AWS::IAM::Policy')).filter((p) =>
    JSON.stringify(p.Properties?.Roles).includes(`"${roleId}"`),
  );
  return policies.flatMap((p) =>
    asArray((p.Properties?.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement).flatMap(
      (s) => asArray(s.Action),
    ),
  );
}

describe('API stack', () => {
  it('has exactly one Lambda function per implemented route (plus one per implemented job)', () => {
    expect(routes.length).toBeGreaterThan(0);
    synth.templates.api.resourceCountIs('AWS::Lambda::Function', routes.length + implementedJobs.length);
    synth.templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    for (const route of routes) functionOf(route);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    'routes %s with the right authorization',
    (key, route) => {
      const expected =
        route.auth === 'public'
          ? { RouteKey: key, AuthorizationType: 'NONE' }
          : { RouteKey: key, AuthorizationType: 'JWT', AuthorizerId: Match.anyValue() };
      synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', expected);
    },
  );

  it('protects every non-public route with the JWT authorizer and leaves public ones open', () => {
    const byKey = new Map(
      Object.values(resourcesOfType(synth.templates.api, 'AWS::ApiGatewayV2::Route')).map((r) => [
        r.Properties?.RouteKey as string,
        r.Properties?.AuthorizationType,
      ]),
    );
    for (const route of routes) {
      expect(byKey.get(`${route.method} ${route.path}`), route.id).toBe(route.auth === 'public' ? 'NONE' : 'JWT');
    }
  });

  it('verifies Cognito tokens: issuer is the user pool, audience the app client', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
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
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(env).sort()).toEqual(
        [
          'APP_URL',
          'LOG_LEVEL',
          'MAIL_FROM',
          'NODE_OPTIONS',
          'OTP_HASH_KEY',
          'TABLE_NAME',
          'USER_POOL_CLIENT_ID',
          'USER_POOL_ID',
        ].sort(),
      );
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.APP_URL).toBe(DEFAULT_SETTINGS.appUrl);
      expect(env.OTP_HASH_KEY, route.id).toEqual(otpHashKeyReference());
    }
  });

  it('generates the OTP hash key in Secrets Manager and never writes its value into the template', () => {
    synth.templates.api.resourceCountIs('AWS::SecretsManager::Secret', 1);
    synth.templates.api.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({
        PasswordLength: 64,
        ExcludeUppercase: true,
        ExcludePunctuation: true,
        ExcludeCharacters: 'ghijklmnopqrstuvwxyz',
      }),
    });
    synth.templates.api.resourceCountIs('AWS::SecretsManager::RotationSchedule', 0); // manual, see the suppression
  });

  it('gives each function a log group kept for one month', () => {
    synth.templates.api.resourcePropertiesCountIs(
      'AWS::Logs::LogGroup',
      { RetentionInDays: 30 },
      routes.length + implementedJobs.length + 1, // + the API access log
    );
  });

  it('grants each function only what its route needs', () => {
    for (const route of routes) {
      const access = routeAccess(route);
      const actions = actionsOf(functionOf(route)[1]);
      expect(actions, route.id).toContain('dynamodb:Query');
      // No request path may Scan (DESIGN.md §7); IAM refuses it too.
      expect(actions, route.id).not.toContain('dynamodb:Scan');
      expect(actions.includes('dynamodb:PutItem'), `${route.id} writes`).toBe(access.table === 'readWrite');
      expect(
        actions.some((a) => a.startsWith('cognito-idp:')),
        `${route.id} cognito`,
      ).toBe(access.cognitoActions.length > 0);
      expect(actions.includes('ses:SendEmail'), `${route.id} ses`).toBe(access.sendsMail);
      expect(actions.filter((a) => a.startsWith('logs:')).sort(), route.id).toEqual([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
      ]);
    }
  });

  it('uses no AWS managed policy on the function roles', () => {
    for (const role of Object.values(resourcesOfType(synth.templates.api, 'AWS::IAM::Role'))) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('logs access and throttles on the default stage', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('allows only the app URL as CORS origin', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({ AllowOrigins: [DEFAULT_SETTINGS.appUrl] }),
    });
  });

  it('creates one schedule per implemented job', () => {
    synth.templates.api.resourceCountIs('AWS::Scheduler::Schedule', implementedJobs.length);
  });
});

describe('Data stack', () => {
  it('has the single table with PITR, deletion protection, TTL and the three GSIs', () => {
    synth.templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    synth.templates.data.hasResource('AWS::DynamoDB::Table', {
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
    synth.templates.auth.hasResource('AWS::Cognito::UserPool', {
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
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('has one public client with password + refresh flows, no secret, 1 h / 30 d tokens', () => {
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AllowedOAuthFlowsUserPoolClient: false,
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('has no hosted UI, Google IdP or PreSignUp trigger without the Google context', () => {
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    synth.templates.auth.resourceCountIs('AWS::Lambda::Function', 0);
    const [pool] = Object.values(resourcesOfType(synth.templates.auth, 'AWS::Cognito::UserPool'));
    expect(pool?.Properties?.LambdaConfig).toBeUndefined();
  });
});

describe('Web stack', () => {
  it('keeps the bucket private, encrypted and TLS-only', () => {
    synth.templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
    });
    synth.templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves the bucket through CloudFront with Origin Access Control', () => {
    synth.templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: { OriginAccessIdentity: '' } }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          // SPA fallback: client-side routes are rewritten to /index.html on the S3 behaviour only.
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
  });

  it('does not use distribution-wide error responses (they would mask API 403/404)', () => {
    const [distribution] = Object.values(resourcesOfType(synth.templates.web, 'AWS::CloudFront::Distribution'));
    expect(
      (distribution?.Properties?.DistributionConfig as Record<string, unknown>).CustomErrorResponses,
    ).toBeUndefined();
  });

  it('forwards /api/* to the HTTP API uncached, with all viewer headers except Host', () => {
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
            AllowedMethods: Match.arrayWith(['PUT', 'POST', 'DELETE']), // order as CloudFront lists them
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({ CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }) }),
        ]),
      }),
    });
  });

  it('sends security headers', () => {
    synth.templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.stringLikeRegexp("script-src 'self'"),
          }),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          ContentTypeOptions: Match.anyValue(),
        }),
      }),
    });
  });

  it('uploads nothing when the SPA has not been built', () => {
    synth.templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('Security', () => {
  it('grants no wildcard action in any stack, and only named actions on the table', () => {
    for (const [name, template] of Object.entries(synth.templates)) {
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

  it.each(['data', 'auth', 'api', 'web'] as const)(
    'cdk-nag reports no unsuppressed AwsSolutions error in %s',
    (name) => {
      const errors = Annotations.fromStack(synth.stacks[name]).findError(
        '*',
        Match.stringLikeRegexp('AwsSolutions-.*'),
      );
      expect(errors).toEqual([]);
    },
  );

  it.each(['data', 'auth', 'api', 'web'] as const)(
    'cdk-nag reports no unsuppressed AwsSolutions warning in %s',
    (name) => {
      const warnings = Annotations.fromStack(synth.stacks[name]).findWarning(
        '*',
        Match.stringLikeRegexp('AwsSolutions-.*'),
      );
      expect(warnings).toEqual([]);
    },
  );
});
