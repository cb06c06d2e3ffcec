import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** CloudFront is global, and a WebACL for it (scope CLOUDFRONT) can only be created in us-east-1. */
export const EDGE_REGION = 'us-east-1';

/** Output name of the WebACL ARN, read by the web stack with Fn::GetStackOutput. */
const WEB_ACL_ARN_OUTPUT = 'WebAclArn';
/** Output name of the site certificate's ARN, read the same way. */
const SITE_CERTIFICATE_ARN_OUTPUT = 'SiteCertificateArn';

export interface EdgeStackProps extends StackProps {
  /** The WebACL (context `waf`, on by default). */
  readonly waf: boolean;
  /**
   * The site's own domain (context `siteDomainName` without `siteCertificateArn`): its ACM
   * certificate is created here, in us-east-1 where CloudFront takes certificates from, validated by
   * DNS. The deploy waits until the validation CNAME is in the domain's DNS (docs/operations.md).
   */
  readonly siteCertificateDomain?: string;
}

/**
 * Per-IP request limits at the edge, counted by WAF over a sliding 5-minute window. The API rule is
 * the tight one: a signed-in page makes a handful of API calls and an admin screen polls every 30 s,
 * so 300 in 5 minutes (1 per second on average) leaves a real user far below it while a script
 * hammering sign-in, codes or the contact form is blocked at the edge, before API Gateway, Lambda
 * or DynamoDB see it. The site rule is loose: a cold page load fetches index.html, a few dozen
 * hashed chunks and config.json. Many people behind one address (an office, carrier-grade NAT)
 * share these budgets; raise them here if that ever shows in the WAF metrics.
 */
export const WAF_RATE_LIMITS = {
  windowSeconds: 300,
  apiPerIp: 300,
  sitePerIp: 1500,
} as const;

/**
 * AWS managed rule groups evaluated after the rate rules: addresses AWS has seen attacking (bots,
 * scanners, reconnaissance) and request patterns of known exploits (Log4j, bad Host headers...).
 * Deliberately not the core rule set: its SizeRestrictions_BODY rule blocks bodies over 8 KB, which
 * refuses legitimate requests such as a long e-mail template; the API caps bodies itself
 * (MAX_REQUEST_BODY_BYTES, and a larger cap on the template editor).
 */
export const WAF_MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/** The JSON error shape of the API (docs/decisions.md, "One route table"), so the SPA shows WAF refusals like its own 429s. */
const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  message: 'Too many requests. Please wait a minute and try again.',
  msg: 'Too many requests. Please wait a minute and try again.',
});

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const blockWith429: CfnWebACL.RuleActionProperty = {
  block: {
    customResponse: {
      responseCode: 429,
      customResponseBodyKey: 'TooManyRequests',
      responseHeaders: [{ name: 'retry-after', value: '60' }],
    },
  },
};

/**
 * The WAF in front of CloudFront: its own small stack pinned to us-east-1, because the other stacks
 * are env-agnostic (they deploy wherever the CLI points) and a CLOUDFRONT-scope WebACL exists only in
 * us-east-1. The web stack reads the ARN with a weak reference (Fn::GetStackOutput with a Region),
 * written by hand: the CDK's automatic cross-region references require an explicit region on both
 * stacks, and pinning the web stack (and through its references the API stack) to a region would
 * give up the env-agnostic app. See docs/operations.md, "Edge protection".
 *
 * API Gateway HTTP APIs cannot be associated with WAF at all; the API is covered by this WebACL
 * only for the requests that come through CloudFront (api-stack.ts, custom domain).
 */
export class EdgeStack extends Stack {
  readonly webAcl?: CfnWebACL;
  readonly siteCertificate?: Certificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    const { waf, siteCertificateDomain, ...stackProps } = props;
    // Account stays unresolved (the CLI's account); only the region is fixed.
    super(scope, id, { ...stackProps, env: { region: EDGE_REGION } });

    if (siteCertificateDomain) {
      this.siteCertificate = new Certificate(this, 'SiteCertificate', {
        domainName: siteCertificateDomain,
        // No hosted zone is assumed (the DNS may be anywhere): ACM shows the CNAME to add, and the
        // stack finishes once it resolves.
        validation: CertificateValidation.fromDns(),
      });
      const output = new CfnOutput(this, SITE_CERTIFICATE_ARN_OUTPUT, {
        value: this.siteCertificate.certificateArn,
        description: 'ARN of the site certificate (read by Goldbot-Web)',
      });
      output.overrideLogicalId(SITE_CERTIFICATE_ARN_OUTPUT);
    }
    if (waf) this.webAcl = this.createWebAcl();
  }

  private createWebAcl(): CfnWebACL {
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      description: 'Goldbot: per-IP rate limits and AWS managed rules in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('goldbot-web-acl'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY },
      },
      rules: [
        {
          name: 'ApiRatePerIp',
          priority: 0,
          action: blockWith429,
          visibilityConfig: visibility('goldbot-api-rate-per-ip'),
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMITS.apiPerIp,
              evaluationWindowSec: WAF_RATE_LIMITS.windowSeconds,
              // The viewer's address as CloudFront sees it (not a header a client could set).
              aggregateKeyType: 'IP',
              // Only /api/* requests count towards (and are blocked by) this limit.
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
        {
          name: 'SiteRatePerIp',
          priority: 1,
          action: blockWith429,
          visibilityConfig: visibility('goldbot-site-rate-per-ip'),
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMITS.sitePerIp,
              evaluationWindowSec: WAF_RATE_LIMITS.windowSeconds,
              aggregateKeyType: 'IP',
            },
          },
        },
        ...WAF_MANAGED_RULE_GROUPS.map((name, index): CfnWebACL.RuleProperty => ({
          name,
          priority: 2 + index,
          // The group's own actions (block) apply; `none` keeps them rather than overriding to count.
          overrideAction: { none: {} },
          visibilityConfig: visibility(`goldbot-${name}`),
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
        })),
      ],
    });

    const output = new CfnOutput(this, WEB_ACL_ARN_OUTPUT, {
      value: webAcl.attrArn,
      description: 'ARN of the CloudFront WebACL (read by Goldbot-Web)',
    });
    // Pinned: the web stack names this output in its Fn::GetStackOutput.
    output.overrideLogicalId(WEB_ACL_ARN_OUTPUT);
    return webAcl;
  }

  /**
   * The WebACL ARN for a stack in any region: Fn::GetStackOutput with this stack's region, resolved
   * by CloudFormation when the consumer deploys (no export lock). The consumer must deploy after this
   * stack (goldbot-app.ts adds the dependency).
   */
  webAclArnReference(): string | undefined {
    return this.webAcl ? Fn.getStackOutput(this.stackName, WEB_ACL_ARN_OUTPUT, EDGE_REGION) : undefined;
  }

  /** The site certificate's ARN for a stack in any region, read the same way as the WebACL's. */
  siteCertificateArnReference(): string | undefined {
    return this.siteCertificate
      ? Fn.getStackOutput(this.stackName, SITE_CERTIFICATE_ARN_OUTPUT, EDGE_REGION)
      : undefined;
  }
}
