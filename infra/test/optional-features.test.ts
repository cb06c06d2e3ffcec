import { AUTH, implementedRoutes, type ScheduleDefinition } from '@goldbot/shared';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoldbotApp } from '../lib/goldbot-app.js';
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
 * The paths the default synth does not take: Google sign-in (all three context values), the SPA
 * upload (a web build exists), an ad-hoc scheduled job (a test job reuses an existing handler file
 * to prove the code path synthesizes with any job, passes cdk-nag and grants no wildcard),
 * a custom API domain, the alarm e-mail, admin MFA off, a rate-limit scale and other embed origins.
 * WAF off is a synth of its own (below).
 */
const testJob: ScheduleDefinition = { id: 'health', cron: '5 0 * * 1-5', implemented: true, summary: 'Test job' };
const apiCertificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab';
const googleContext = {
  googleClientId: 'test-client.apps.googleusercontent.com',
  googleClientSecretName: 'goldbot/google-client-secret',
  cognitoDomainPrefix: 'goldbot-test',
  appUrl: 'https://app.example.com',
  mailFrom: 'no-reply@mail.example.com',
  apiDomainName: 'api.example.com',
  apiCertificateArn,
  alarmEmail: 'ops@example.com',
  sesIdentity: 'domain',
  adminMfa: 'false',
  rateLimitScale: '0.5',
  sellerName: 'GoldBot Trading Ltd',
  videoEmbedOrigins: 'https://www.youtube-nocookie.com,https://player.vimeo.com',
};

let synth: SynthResult;
let dist: ReturnType<typeof fakeWebDist>;
beforeAll(() => {
  dist = fakeWebDist();
  synth = synthGoldbot({ webDistPath: dist.path, jobs: [testJob], context: googleContext });
});
afterAll(() => {
  synth.cleanup();
  dist.cleanup();
});

describe('Google sign-in', () => {
  it('adds a Cognito domain and the Google IdP with the secret resolved at deploy time', () => {
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'goldbot-test' });
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: googleContext.googleClientId,
        client_secret: Match.stringLikeRegexp('\\{\\{resolve:secretsmanager:goldbot/google-client-secret'),
      }),
    });
  });

  it('adds a hosted-UI client that offers Google only, code flow, app callback', () => {
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 2);
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: [Match.anyValue()],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      CallbackURLs: ['https://app.example.com/auth/callback'],
      GenerateSecret: false,
    });
  });

  it('gives the hosted-UI client refresh as its only flow beside the code grant, and no Cognito user-API scope', () => {
    const clients = Object.values(resourcesOfType(synth.templates.auth, 'AWS::Cognito::UserPoolClient'));
    const google = clients.find((client) => client.Properties?.AllowedOAuthFlowsUserPoolClient === true);
    expect(google?.Properties).toMatchObject({
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: expect.arrayContaining(['openid', 'email', 'profile']),
      // What the Google IdP maps, which Cognito requires writable; e-mail is also the required attribute.
      WriteAttributes: expect.arrayContaining(['email', 'email_verified', 'given_name', 'family_name']),
    });
    expect(google?.Properties?.AllowedOAuthScopes).not.toContain('aws.cognito.signin.user.admin');
    expect(google?.Properties?.WriteAttributes).toHaveLength(4);
    // The web client stays confidential and server-side beside it.
    const web = clients.find((client) => client !== google);
    expect(web?.Properties).toMatchObject({
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      WriteAttributes: ['email'],
    });
  });

  it(`gives both clients the same ${AUTH.refreshTokenDays}-day refresh tokens`, () => {
    const clients = Object.values(resourcesOfType(synth.templates.auth, 'AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(2);
    for (const client of clients) {
      expect(client.Properties).toMatchObject({
        RefreshTokenValidity: AUTH.refreshTokenDays * 24 * 60,
        TokenValidityUnits: { RefreshToken: 'minutes' },
      });
    }
  });

  it('links a first Google sign-in to the native account through a PreSignUp trigger', () => {
    const auth = synth.templates.auth;
    const fns = Object.entries(resourcesOfType(auth, 'AWS::Lambda::Function'));
    expect(fns).toHaveLength(1);
    const [fnId, fn] = fns[0] ?? ['', {}];
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 5,
      Handler: 'index.handler',
      Environment: {
        Variables: {
          TABLE_NAME: { 'Fn::GetStackOutput': expect.objectContaining({ StackName: 'Goldbot-Data' }) },
          LOG_LEVEL: 'info',
          NODE_OPTIONS: '--enable-source-maps',
        },
      },
    });
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreSignUp: { 'Fn::GetAtt': [fnId, 'Arn'] } },
    });
    const [poolId] = Object.keys(resourcesOfType(auth, 'AWS::Cognito::UserPool'));
    // Cognito (this pool only) may invoke it.
    auth.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  it("lets the trigger read only the e-mail markers of the data stack's table, by key", () => {
    const auth = synth.templates.auth;
    const tableStatements = policyStatements(auth).filter((s) =>
      asArray(s.Action as string | string[]).some((a) => a.startsWith('dynamodb:')),
    );
    expect(tableStatements).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:GetItem',
        Resource: { 'Fn::GetStackOutput': expect.objectContaining({ StackName: 'Goldbot-Data' }) },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['EMAIL#*'] } },
      },
    ]);
  });

  it('lets the trigger list users and link identities on this pool only, without a dependency cycle', () => {
    const auth = synth.templates.auth;
    const [poolId] = Object.keys(resourcesOfType(auth, 'AWS::Cognito::UserPool'));
    const cognitoStatements = policyStatements(auth).filter((s) =>
      asArray(s.Action as string | string[]).some((a) => a.startsWith('cognito-idp:')),
    );
    expect(cognitoStatements).toEqual([
      {
        Effect: 'Allow',
        Action: [
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminLinkProviderForUser',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:ListUsers',
        ],
        Resource: { 'Fn::GetAtt': [poolId, 'Arn'] },
      },
    ]);
    // Template.fromStack would already have thrown on a cycle; the policy is its own resource,
    // which the function does not wait for.
    const [fn] = Object.values(auth.findResources('AWS::Lambda::Function')) as { DependsOn?: string[] }[];
    const policyIds = Object.entries(resourcesOfType(auth, 'AWS::IAM::Policy'))
      .filter(([, p]) => JSON.stringify(p.Properties?.PolicyDocument).includes('cognito-idp:'))
      .map(([id]) => id);
    expect(policyIds).toHaveLength(1);
    expect(fn?.DependsOn ?? []).not.toContain(policyIds[0]);
  });

  it('accepts tokens of both clients at the API', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: Match.objectLike({ Audience: [Match.anyValue(), Match.anyValue()] }),
    });
  });
});

describe('OTP hash key', () => {
  it('reaches no job, and no function as a value', () => {
    const fns = Object.values(resourcesOfType(synth.templates.api, 'AWS::Lambda::Function'));
    expect(fns).toHaveLength(implementedRoutes().length + 1);
    for (const fn of fns) {
      const env = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(env)).not.toContain('{{resolve:secretsmanager:');
      expect(env.OTP_HASH_KEY).toBeUndefined();
      if (String(fn.Properties?.Description).startsWith('Scheduled'))
        expect(env.OTP_HASH_KEY_SECRET_ARN).toBeUndefined();
    }
  });
});

describe('custom API domain', () => {
  it('gives the HTTP API the domain (TLS 1.2, regional) and switches the execute-api endpoint off', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [
        { CertificateArn: apiCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' },
      ],
    });
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: '$default' });
    synth.templates.api.hasOutput('ApiDomainTarget', {
      Value: { 'Fn::GetAtt': [Match.anyValue(), 'RegionalDomainName'] },
    });
    synth.templates.api.hasOutput('ApiEndpoint', { Value: 'https://api.example.com' });
  });

  it('makes the domain CloudFront’s /api/* origin', () => {
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: 'api.example.com',
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
      }),
    });
  });
});

describe('security context switches', () => {
  it('passes adminMfa=false to the auth, admin and receipt functions only, and the rate-limit scale to every function', () => {
    const adminPaths = new Set(
      implementedRoutes()
        .filter((route) => route.auth === 'admin')
        .map((route) => `${route.method} ${route.path}:`),
    );
    const fns = Object.values(resourcesOfType(synth.templates.api, 'AWS::Lambda::Function'));
    for (const fn of fns) {
      const env = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.RATE_LIMIT_SCALE).toBe('0.5');
      // The seller the receipts name.
      expect(env.SELLER_NAME).toBe('GoldBot Trading Ltd');
      const description = String(fn.Properties?.Description);
      const readsAdminMfa =
        description.includes(' /api/auth/') ||
        description.startsWith('GET /api/payment/receipt/{id}:') ||
        [...adminPaths].some((route) => description.startsWith(route));
      expect(env.ADMIN_MFA_REQUIRED, description).toBe(readsAdminMfa ? 'false' : undefined);
    }
  });

  it('subscribes the alarm e-mail to the alarm topic', () => {
    synth.templates.api.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: Match.anyValue() },
    });
  });

  it('lets the CSP reach Cognito (hosted UI and token refresh) and the configured video hosts, nothing else', () => {
    const [policy] = Object.values(resourcesOfType(synth.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const config = policy?.Properties?.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: { 'Fn::Join': [string, unknown[]] } } };
    };
    // The hosted-UI domain comes from the auth stack at deploy time; flatten the join to read it.
    const parts = config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1];
    const csp = parts
      .map((p) => (typeof p === 'string' ? p : JSON.stringify(p).includes('HostedUiDomain') ? '<prefix>' : '<region>'))
      .join('');
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://<prefix>.auth.<region>.amazoncognito.com https://cognito-idp.<region>.amazonaws.com",
    );
    expect(directive('frame-src')).toBe('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(directive('img-src')).toBe("img-src 'self' data:");
    expect(directive('form-action')).toBe("form-action 'self'");
  });
});

describe('context settings', () => {
  it('uses appUrl for CORS and APP_URL, and mailFrom for MAIL_FROM', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['https://app.example.com'] }),
    });
    synth.templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ APP_URL: 'https://app.example.com', MAIL_FROM: 'no-reply@mail.example.com' }),
      },
    });
  });
});

describe('SPA upload', () => {
  it('uploads hashed assets (immutable, never pruned) before the shell (no-cache, invalidated)', () => {
    const deployments = resourcesOfType(synth.templates.web, 'Custom::CDKBucketDeployment');
    const entries = Object.entries(deployments);
    expect(entries).toHaveLength(2);
    const assets = entries.find(([, d]) => asArray(d.Properties?.Include as string[]).includes('assets/*'));
    const shell = entries.find(([, d]) => asArray(d.Properties?.Exclude as string[]).includes('assets/*'));
    expect(assets?.[1].Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(shell?.[1].Properties).toMatchObject({
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    const shellResource = synth.templates.web.toJSON().Resources[shell?.[0] ?? ''] as { DependsOn?: string[] };
    expect(shellResource.DependsOn?.some((id) => id.startsWith('DeployAssets'))).toBe(true);
  });

  it('publishes /config.json with the hosted-UI settings next to the shell when Google is on', () => {
    const deployments = Object.values(resourcesOfType(synth.templates.web, 'Custom::CDKBucketDeployment'));
    const shell = deployments.find((d) => asArray(d.Properties?.Exclude as string[]).includes('assets/*'));
    // The app shell plus the generated config.json: two sources, the second built from deploy-time values.
    expect(asArray(shell?.Properties?.SourceObjectKeys as string[])).toHaveLength(2);
    expect(JSON.stringify(shell?.Properties?.SourceMarkers ?? shell?.Properties)).toMatch(/HostedUi|UserPool/);
  });
});

describe('scheduled jobs', () => {
  it('creates a function and an EventBridge Scheduler schedule per job, on the translated cron', () => {
    synth.templates.api.resourceCountIs('AWS::Lambda::Function', implementedRoutes().length + 1);
    synth.templates.api.resourceCountIs('AWS::Scheduler::Schedule', 1);
    synth.templates.api.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(5 0 ? * 2-6 *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      Target: Match.objectLike({ Arn: Match.anyValue(), RoleArn: Match.anyValue() }),
    });
    synth.templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Scheduled'),
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
    });
  });
});

describe('security with every optional feature on', () => {
  it('grants no wildcard action, and only named actions on the table', () => {
    for (const [name, template] of Object.entries(synth.templates)) {
      for (const statement of policyStatements(template)) {
        const actions = asArray(statement.Action as string | string[]);
        expect(actions, name).not.toContain('*');
        expect(actions, name).not.toContain('dynamodb:*');
        if (JSON.stringify(statement.Resource).includes('AppTable')) {
          expect(
            actions.filter((a) => a.includes('*')),
            name,
          ).toEqual([]);
        }
      }
    }
  });

  it('scopes SES sending to the configured sender, on any identity of the account (sandbox recipients)', () => {
    const ses = policyStatements(synth.templates.api).filter((s) =>
      asArray(s.Action as string[]).includes('ses:SendEmail'),
    );
    expect(ses.length).toBeGreaterThan(0);
    for (const statement of ses) {
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': googleContext.mailFrom } });
      // In the sandbox SES also authorises against each recipient's identity: identity/* is needed.
      expect(JSON.stringify(statement.Resource)).toContain(':identity/*');
      expect(JSON.stringify(statement.Resource)).not.toContain('identity/no-reply@mail.example.com');
    }
  });

  it.each(['data', 'auth', 'api', 'web', 'edge'] as const)(
    'cdk-nag reports no unsuppressed AwsSolutions finding in %s',
    (name) => {
      const stack = synth.stacks[name];
      if (!stack) throw new Error(`no ${name} stack`);
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
      expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    },
  );
});

describe('WAF switched off (waf=false)', () => {
  const noWaf = useSynth({ context: { waf: 'false' } });

  it('has no edge stack and no WebACL on the distribution', () => {
    expect(noWaf().stacks.edge).toBeUndefined();
    expect(noWaf().templates.edge).toBeUndefined();
    const [distribution] = Object.values(resourcesOfType(noWaf().templates.web, 'AWS::CloudFront::Distribution'));
    expect((distribution?.Properties?.DistributionConfig as Record<string, unknown>).WebACLId).toBeUndefined();
    expect(noWaf().stacks.web.dependencies.map((s) => s.stackName)).not.toContain('Goldbot-Edge');
  });

  it.each(['data', 'auth', 'api', 'web'] as const)('stays clean under cdk-nag in %s', (name) => {
    const annotations = Annotations.fromStack(noWaf().stacks[name]);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});

describe('synth refuses a deployed site without https', () => {
  it('fails for a non-local http appUrl', () => {
    const app = new App({ context: { appUrl: 'http://app.example.com' } });
    expect(() => createGoldbotApp(app)).toThrow(/must be https/);
  });

  it('still takes the localhost default (npm run synth, the tests)', () => {
    const local = synthGoldbot({ context: { appUrl: 'http://localhost:5173', waf: 'false' } });
    local.cleanup();
  });
});
