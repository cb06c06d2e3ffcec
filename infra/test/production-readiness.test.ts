import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeArea } from '../lib/api-stack.js';
import { WAF_MANAGED_RULE_GROUPS } from '../lib/edge-stack.js';
import { implementedRoutes, ORIGIN_VERIFY_HEADER } from '@goldbot/shared';
import { asArray, policyStatements, PRODUCTION_CONTEXT, synthGoldbot, useSynth } from './helpers/synth.js';

/** CloudFormation's limit of resources in one template (nested stacks each have their own). */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;
/** What every template keeps free, so a few more routes or alarms never hit the limit at deploy. */
const REQUIRED_HEADROOM = 100;

/**
 * What a first week in a real AWS account would hit, checked on the synth of a real deployment
 * (PRODUCTION_CONTEXT: own domains, a verified sender, alarm mail, Google sign-in).
 */
const synth = useSynth({ context: PRODUCTION_CONTEXT });

describe('stack headroom', () => {
  it(`leaves every template at least ${REQUIRED_HEADROOM} resources below CloudFormation's limit`, () => {
    const counts = Object.entries(synth().deployedTemplates).map(([path, template]) => [
      path,
      Object.keys((template.toJSON() as { Resources?: object }).Resources ?? {}).length,
    ]);
    expect(counts.length).toBeGreaterThan(5);
    for (const [path, count] of counts) {
      expect(count, `${path} has ${count} resources`).toBeLessThanOrEqual(
        CLOUDFORMATION_RESOURCE_LIMIT - REQUIRED_HEADROOM,
      );
    }
  });

  it('puts each route area in its own nested stack, and keeps the stage in the API stack', () => {
    const areas = new Set(implementedRoutes().map(routeArea));
    expect([...synth().stacks.api.routeStacks.keys()].sort()).toEqual([...areas].sort());
    const apiOnly = synth().deployedTemplates['Goldbot-Api'];
    apiOnly?.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    apiOnly?.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    apiOnly?.resourceCountIs('AWS::CloudFormation::Stack', areas.size);
    // The stage waits for every nested route stack: its RouteSettings name their route keys.
    const json = apiOnly?.toJSON() as { Resources: Record<string, { Type: string; DependsOn?: string[] }> };
    const stage = Object.values(json.Resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage');
    const nestedIds = Object.entries(json.Resources)
      .filter(([, r]) => r.Type === 'AWS::CloudFormation::Stack')
      .map(([id]) => id);
    for (const id of nestedIds) expect(asArray(stage?.DependsOn), id).toContain(id);
  });
});

describe('mail in the SES sandbox', () => {
  it('grants ses:SendEmail on the account identities, pinned to mailFrom by ses:FromAddress', () => {
    const statements = policyStatements(synth().templates.api).filter((s) =>
      asArray(s.Action as string[]).includes('ses:SendEmail'),
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(JSON.stringify(statement.Resource)).toContain(':identity/*');
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': PRODUCTION_CONTEXT.mailFrom } });
    }
  });
});

describe('alarms that fire again', () => {
  it('alarms on the sum of messages sent to the jobs dead-letter queue, not on the visible ones', () => {
    const alarms = Object.values(synth().templates.api.findResources('AWS::CloudWatch::Alarm')) as Array<{
      Properties: Record<string, unknown>;
    }>;
    const queueAlarms = alarms.filter((a) => a.Properties.Namespace === 'AWS/SQS');
    expect(queueAlarms.length).toBeGreaterThan(0);
    for (const alarm of queueAlarms) {
      expect(alarm.Properties).toMatchObject({
        MetricName: 'NumberOfMessagesSent',
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });
});

describe('WAF', () => {
  it('adds the IP-reputation and known-bad-inputs managed groups after the rate rules, and no body-size rule', () => {
    const edge = synth().templates.edge;
    if (!edge) throw new Error('no edge stack');
    const [acl] = Object.values(edge.findResources('AWS::WAFv2::WebACL')) as Array<{
      Properties: { Rules: Array<{ Name: string; Priority: number; Statement: Record<string, unknown> }> };
    }>;
    const rules = acl?.Properties.Rules ?? [];
    expect(rules.map((r) => r.Name)).toEqual([
      'ApiRatePerIp',
      'SiteRatePerIp',
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const name of WAF_MANAGED_RULE_GROUPS) {
      edge.hasResourceProperties('AWS::WAFv2::WebACL', {
        Rules: Match.arrayWith([
          Match.objectLike({
            Name: name,
            OverrideAction: { None: {} },
            Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
          }),
        ]),
      });
    }
    // The core rule set's 8 KB body limit would refuse a long e-mail template: the API caps bodies itself.
    const text = JSON.stringify(rules);
    expect(text).not.toContain('AWSManagedRulesCommonRuleSet');
    expect(text).not.toContain('SizeConstraintStatement');
  });
});

describe('the site on its own domain', () => {
  it('creates the certificate in the us-east-1 edge stack, validated by DNS, and reads it across regions', () => {
    const edge = synth().templates.edge;
    if (!edge) throw new Error('no edge stack');
    expect(synth().stacks.edge?.region).toBe('us-east-1');
    edge.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: PRODUCTION_CONTEXT.siteDomainName,
      ValidationMethod: 'DNS',
    });
    edge.hasOutput('SiteCertificateArn', {});
    synth().templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [PRODUCTION_CONTEXT.siteDomainName],
        ViewerCertificate: {
          AcmCertificateArn: {
            'Fn::GetStackOutput': Match.objectLike({ OutputName: 'SiteCertificateArn', Region: 'us-east-1' }),
          },
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    synth().templates.web.hasOutput('WebUrl', { Value: `https://${PRODUCTION_CONTEXT.siteDomainName}` });
    synth().templates.web.hasOutput('SiteDomainTarget', {});
    expect(synth().stacks.web.dependencies).toContain(synth().stacks.edge);
  });

  it('uses a certificate ARN passed in as it is, and needs no edge stack for it', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab';
    const own = synthGoldbot({ context: { ...PRODUCTION_CONTEXT, siteCertificateArn: arn, waf: 'false' } });
    try {
      expect(own.stacks.edge).toBeUndefined();
      own.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Aliases: [PRODUCTION_CONTEXT.siteDomainName],
          ViewerCertificate: Match.objectLike({ AcmCertificateArn: arn }),
        }),
      });
    } finally {
      own.cleanup();
    }
  });
});

describe('only CloudFront reaches the API', () => {
  const functions = () =>
    Object.entries(synth().templates.api.findResources('AWS::Lambda::Function')) as Array<
      [string, { Properties: { Description?: string; Environment?: { Variables?: Record<string, unknown> } } }]
    >;

  it('has CloudFront send the header from a Secrets Manager dynamic reference, never a plain value', () => {
    const [distribution] = Object.values(
      synth().templates.web.findResources('AWS::CloudFront::Distribution'),
    ) as Array<{
      Properties: { DistributionConfig: { Origins: Array<{ OriginCustomHeaders?: unknown[] }> } };
    }>;
    const headers = distribution?.Properties.DistributionConfig.Origins.flatMap((o) => o.OriginCustomHeaders ?? []);
    expect(headers).toHaveLength(1);
    const text = JSON.stringify(headers);
    expect(text).toContain(ORIGIN_VERIFY_HEADER);
    expect(text).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:current::\}\}/);
    synth().templates.api.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: 'current' }),
    });
  });

  it('gives every route function but health the secret ARN and GetSecretValue on it, and no function its value', () => {
    const [secretId] = Object.entries(synth().templates.api.findResources('AWS::SecretsManager::Secret'))
      .filter(([, r]) => JSON.stringify(r).includes('"current"'))
      .map(([id]) => id);
    let checked = 0;
    for (const [id, fn] of functions()) {
      const env = fn.Properties.Environment?.Variables ?? {};
      expect(JSON.stringify(env), id).not.toContain('resolve:secretsmanager');
      const isHealth = fn.Properties.Description?.startsWith('GET /api/health') ?? false;
      const isRoute = /^(GET|POST|PUT|DELETE) \/api\//.test(fn.Properties.Description ?? '');
      if (isRoute && !isHealth) {
        expect(env.ORIGIN_SECRET_ARN, id).toEqual({ Ref: secretId });
        checked += 1;
      } else {
        expect(env.ORIGIN_SECRET_ARN, id).toBeUndefined();
      }
    }
    expect(checked).toBe(implementedRoutes().length - 1);
    const readers = policyStatements(synth().templates.api).filter((s) =>
      JSON.stringify(s.Resource).includes(JSON.stringify({ Ref: secretId })),
    );
    expect(readers).toHaveLength(checked);
    for (const statement of readers) expect(statement.Action).toBe('secretsmanager:GetSecretValue');
  });
});
