import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_ROTATION_MARK } from '@goldbot/shared';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';

export interface WebStackProps extends StackProps {
  /**
   * The host of the `/api/*` origin: the API's custom domain, or `<id>.execute-api.<region>.amazonaws.com`
   * without one (ApiStack.originDomainName).
   */
  readonly apiOriginDomain: string;
  /**
   * The value CloudFront sends as ORIGIN_VERIFY_HEADER to the API: a Secrets Manager dynamic
   * reference (`{{resolve:secretsmanager:...:current}}`), never the value itself.
   */
  readonly originVerifyValue?: string;
  /**
   * Context `originSecretRotation`: appended to the header's value (ORIGIN_VERIFY_ROTATION_MARK), so
   * that a rotation changes this template. CloudFormation resolves a dynamic reference again only
   * when the resource holding it is updated, and `cdk deploy` skips a stack whose template did not
   * change: without a new tag, CloudFront would keep sending the old value.
   */
  readonly originVerifyRotation?: string;
  /** The WAFv2 WebACL (scope CLOUDFRONT) to associate; undefined = no WAF (context `waf=false`). */
  readonly webAclArn?: string;
  /**
   * The site's own domain (context `siteDomainName`) and its us-east-1 ACM certificate: the one
   * passed in (`siteCertificateArn`) or the edge stack's, read across regions like the WebACL ARN.
   */
  readonly siteDomain?: { readonly domainName: string; readonly certificateArn: string };
  /**
   * Origins the SPA itself calls besides its own: with Google sign-in, the Cognito hosted-UI domain
   * (code exchange) and `https://cognito-idp.<region>.amazonaws.com` (Amplify's token refresh).
   */
  readonly cognitoOrigins?: readonly string[];
  /** https origins of the embedded videos (context `videoEmbedOrigins`). */
  readonly videoEmbedOrigins: readonly string[];
  /** The SPA build (web/dist); undefined = no upload (synth before `npm run build`). */
  readonly webDistPath?: string;
  /**
   * Served as /config.json next to index.html: what the SPA reads at run time (the Google hosted
   * UI settings, web/src/features/auth/google/hosted-ui-config.ts). Omitted = no file.
   */
  readonly runtimeConfig?: Record<string, unknown>;
}

/**
 * The value of ORIGIN_VERIFY_HEADER CloudFront sends: the secret's reference, then the rotation tag
 * when there is one (URI-encoded, so any text is a valid header value). The handler kit compares the
 * part before the tag (functions/src/kit/origin-header.ts).
 */
export function originVerifyHeaderValue(secretReference: string, rotation: string | undefined): string {
  return rotation === undefined
    ? secretReference
    : `${secretReference}${ORIGIN_VERIFY_ROTATION_MARK}${encodeURIComponent(rotation)}`;
}

/** The list of prerendered pages the site build writes (scripts/build-site.ts). */
export const PRERENDERED_LIST_FILE = 'prerendered.json';
/** What every path without a page of its own gets: the client router decides there. */
export const APP_SHELL_KEY = '/app-shell.html';

/**
 * The S3 behaviour's viewer-request function. A public page was prerendered to its own HTML
 * (`/about` -> `/about/index.html`, `/` -> `/index.html`); every other path without a file
 * extension (/dashboard, /admin/users, an unknown path) gets the app shell and the client router
 * decides; files pass through. Done per request on the S3 behaviour only, not with the
 * distribution's custom error responses: those apply to every behaviour and would turn the API's
 * own 403/404 JSON errors into `200 index.html`.
 */
export function viewerRequestCode(pages: readonly string[]): string {
  const known = Object.fromEntries(pages.map((page) => [page, page === '/' ? '/index.html' : `${page}/index.html`]));
  return `
var PAGES = ${JSON.stringify(known)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('.', uri.lastIndexOf('/') + 1) !== -1) return request;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  request.uri = PAGES[path || '/'] || '${APP_SHELL_KEY}';
  return request;
}
`;
}

/** The prerendered pages of a built site; a build without the list is refused (built before prerendering). */
export function prerenderedPages(webDistPath: string | undefined): string[] {
  if (!webDistPath) return [];
  const file = path.join(webDistPath, PRERENDERED_LIST_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the site with \`npm run build\` (scripts/build-site.ts) before synth`);
  }
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as { pages?: unknown };
  if (!Array.isArray(pages) || !pages.every((page) => typeof page === 'string' && page.startsWith('/'))) {
    throw new Error(`${file} must hold { "pages": ["/", "/about", ...] }`);
  }
  return pages;
}

export interface CspSources {
  /** Origins for fetch/XHR besides 'self' (the API is same-origin). */
  readonly connect: readonly string[];
  /** Origins allowed in <iframe> (the embedded videos). */
  readonly frame: readonly string[];
}

/**
 * Content Security Policy for the SPA (docs/security.md, "The review's findings", loose CSP): every source named, no wildcard host.
 * Scripts only from our origin. Images are ours or inline data: URIs (the SVG art and Amplify UI's
 * icons; QR codes are drawn in the browser, docs/decisions.md "Stack and runtime"). Frames are the embedded videos only.
 * fetch goes to our origin, plus Cognito when Google sign-in is configured. Inline styles stay
 * allowed: React style props and Amplify UI's theme set them.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const list = (values: readonly string[]) => values.map((v) => ` ${v}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${list(sources.connect)}`,
    sources.frame.length > 0 ? `frame-src${list(sources.frame)}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // Google sign-in leaves by navigation (signInWithRedirect), which form-action does not govern.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Static hosting: a private bucket behind CloudFront (Origin Access Control), with `/api/*`
 * forwarded to the HTTP API so the SPA and the API share one origin (no CORS, one URL to configure).
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP, no framing, no MIME sniffing, strict referrer',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: false,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connect: props.cognitoOrigins ?? [],
            frame: props.videoEmbedOrigins,
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        // No X-XSS-Protection: browsers removed the auditor it switched on, and where it survives it
        // has been used to leak data; the CSP above is the XSS control.
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve each prerendered page its own HTML, the app shell for client-side routes',
      code: FunctionCode.fromInline(viewerRequestCode(prerenderedPages(props.webDistPath))),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Goldbot SPA and /api',
      // Per-IP rate rules at the edge (edge-stack.ts); WAFv2 takes the WebACL's ARN here.
      webAclId: props.webAclArn,
      ...(props.siteDomain
        ? {
            domainNames: [props.siteDomain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', props.siteDomain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America and Europe edges: the cheapest class; other viewers are served from there.
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiOriginDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Proves to the API's handler kit that the request came through here (and the WAF).
            // A viewer's own header of that name is replaced by CloudFront's.
            ...(props.originVerifyValue
              ? {
                  customHeaders: {
                    [ORIGIN_VERIFY_HEADER]: originVerifyHeaderValue(
                      props.originVerifyValue,
                      props.originVerifyRotation,
                    ),
                  },
                }
              : {}),
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // API answers are per user and must never be cached (TTL 0 whatever the origin says).
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header, cookie and query string goes to the API; with caching disabled this
          // managed policy may forward Authorization (a custom one may not). Forwarding the cookies is
          // what lets the HttpOnly refresh cookie (goldbot_rt, Path=/api/auth) reach auth-refresh, and
          // CloudFront returns an origin's Set-Cookie only for forwarded cookies. The Host header stays
          // the origin's own, as API Gateway (and its custom domain) requires.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    if (props.webDistPath) this.deploySite(props.webDistPath, props.runtimeConfig);

    NagSuppressions.addResourceSuppressions(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason: 'Build artefacts only, read through CloudFront; object access logs add cost without a consumer.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'The product is sold worldwide; no geo restriction is wanted.' },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'API requests are logged by the HTTP API access log; static asset access logs have no consumer.',
      },
      ...(props.siteDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without siteDomainName it uses the default *.cloudfront.net certificate, whose TLS policy cannot be set; ' +
                'with the site’s own domain it uses TLSv1.2_2021.',
            },
          ]),
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'WAF switched off by context (waf=false, e.g. a dev stage). The stage and per-route API throttles and ' +
                'the per-IP and per-account DynamoDB limits in the handlers still apply.',
            },
          ]),
    ]);

    new CfnOutput(this, 'WebUrl', {
      value: `https://${props.siteDomain?.domainName ?? this.distribution.distributionDomainName}`,
    });
    if (props.siteDomain) {
      // The DNS target of the site's domain: a CNAME (or a Route 53 alias at the apex) to this host.
      new CfnOutput(this, 'SiteDomainTarget', { value: this.distribution.distributionDomainName });
    }
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName });
  }

  /**
   * Two uploads of the same build with different caching: Vite's content-hashed `assets/` are
   * immutable and kept across deploys (a browser still running the previous index.html can lazy-load
   * its chunks), everything else (the pages' HTML, the app shell, public files) is revalidated on every load.
   */
  private deploySite(webDistPath: string, runtimeConfig?: Record<string, unknown>): void {
    const source = Source.asset(webDistPath);
    // Both uploads run on the CDK's one upload handler: one log group with a retention for it, or
    // Lambda would create /aws/lambda/<name> kept forever.
    const logGroup = new LogGroup(this, 'DeployLogs', { retention: RetentionDays.ONE_MONTH });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      logGroup,
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      logGroup,
      sources: runtimeConfig ? [source, Source.jsonData('config.json', runtimeConfig)] : [source],
      destinationBucket: this.bucket,
      // The pages (`<path>/index.html`), the app shell, sitemap.xml, robots.txt; the page list is
      // for the viewer-request function only.
      exclude: ['assets/*', PRERENDERED_LIST_FILE],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // The new index.html must not go live before the chunks it references.
    shell.node.addDependency(assets);

    // The upload handler is the CDK's own singleton Lambda (one per stack, shared by both uploads).
    for (const construct of this.node.findAll()) {
      if (!construct.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      NagSuppressions.addResourceSuppressions(
        construct,
        [
          {
            id: 'AwsSolutions-IAM4',
            reason: 'CDK-provided BucketDeployment handler uses AWSLambdaBasicExecutionRole.',
          },
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'CDK-provided BucketDeployment handler: s3:*Object* on the CDK asset bucket and the site bucket only.',
          },
          {
            id: 'AwsSolutions-L1',
            reason: 'Runtime of the CDK-provided BucketDeployment handler is chosen by the CDK.',
          },
        ],
        true,
      );
    }
  }
}
