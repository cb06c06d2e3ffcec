import { ACMClient } from '@aws-sdk/client-acm';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { STSClient } from '@aws-sdk/client-sts';
import type { AppSettings } from '../../infra/lib/settings.js';
import { notNeeded } from './aws-errors.js';
import { checkCertificate } from './checks/certificates.js';
import { checkCdkBootstrap } from './checks/cdk-bootstrap.js';
import { checkCognitoDomain } from './checks/cognito-domain.js';
import { isTarget, resolveTarget } from './checks/credentials.js';
import { checkGoogleSecret } from './checks/google-secret.js';
import { appConcurrencyNeed, checkLambdaConcurrency } from './checks/lambda-concurrency.js';
import { checkSesIdentity, checkSesSandbox } from './checks/ses.js';
import { ok, type CheckResult } from './report.js';
import { EDGE_REGION, type Target } from './target.js';

export interface PreflightRun {
  /** Who and where, or why the checks could not start. */
  readonly header: string;
  readonly results: readonly CheckResult[];
}

/**
 * Every check against the account, in report order. Reads only: each call is a Describe/Get/List.
 * The clients take the profile and region of the command line; without them the SDK's own chain
 * (AWS_PROFILE, AWS_REGION, the profile's region) decides, as it does for the CDK CLI.
 */
export async function runPreflight(
  settings: AppSettings,
  options: { readonly profile?: string; readonly region?: string },
): Promise<PreflightRun> {
  const config = (region?: string) => ({ region: region ?? options.region, profile: options.profile, maxAttempts: 2 });
  const resolved = await resolveTarget(new STSClient(config()), options.profile);
  if (!isTarget(resolved)) return { header: 'Preflight could not reach the account.', results: [resolved] };
  const target: Target = resolved;
  const inRegion = config(target.region);

  const cloudFormation = new CloudFormationClient(inRegion);
  const ses = new SESv2Client(inRegion);
  // The us-east-1 stack exists for the WAF or for a site certificate the app creates (goldbot-app.ts).
  const edgeStack = settings.waf || (settings.siteDomain !== undefined && !settings.siteDomain.certificateArn);

  const checks: Promise<CheckResult>[] = [
    checkCdkBootstrap(cloudFormation, target, target.region),
    target.region === EDGE_REGION
      ? Promise.resolve(notNeeded(`CDK bootstrap (${EDGE_REGION})`, 'the app region is us-east-1'))
      : edgeStack
        ? checkCdkBootstrap(new CloudFormationClient(config(EDGE_REGION)), target, EDGE_REGION)
        : Promise.resolve(notNeeded(`CDK bootstrap (${EDGE_REGION})`, 'waf=false and no site certificate to create')),
    checkLambdaConcurrency(new LambdaClient(inRegion), target, appConcurrencyNeed()),
    checkSesSandbox(ses, target),
    checkSesIdentity(ses, cloudFormation, target, {
      mailFrom: settings.mailFrom,
      sesIdentity: settings.sesIdentity,
      mailFromDefaulted: settings.defaulted.includes('mailFrom'),
    }),
    settings.google
      ? checkGoogleSecret(new SecretsManagerClient(inRegion), target, settings.google.clientSecretName)
      : Promise.resolve(notNeeded('Google client secret', 'Google sign-in is not configured')),
    settings.google
      ? checkCognitoDomain(
          new CognitoIdentityProviderClient(inRegion),
          cloudFormation,
          target,
          settings.google.domainPrefix,
        )
      : Promise.resolve(notNeeded('Cognito domain prefix', 'no cognitoDomainPrefix')),
    siteCertificateCheck(settings, target, config),
    settings.apiDomain
      ? checkCertificate(new ACMClient(inRegion), target, {
          use: 'API',
          domainName: settings.apiDomain.domainName,
          certificateArn: settings.apiDomain.certificateArn,
          region: target.region,
        })
      : Promise.resolve(notNeeded('API certificate', 'no apiDomainName')),
  ];
  const profile = target.profile ? `, profile ${target.profile}` : '';
  return {
    header: `Preflight of account ${target.account}, region ${target.region}${profile} (reads only, changes nothing)`,
    results: await Promise.all(checks),
  };
}

function siteCertificateCheck(
  settings: AppSettings,
  target: Target,
  config: (region?: string) => { region?: string; profile?: string },
): Promise<CheckResult> {
  const site = settings.siteDomain;
  if (!site) return Promise.resolve(notNeeded('Site certificate', 'no siteDomainName'));
  if (!site.certificateArn) {
    return Promise.resolve(
      ok(
        `Site certificate for ${site.domainName}`,
        `Goldbot-Edge creates it in ${EDGE_REGION}; add its DNS validation record while the deploy waits (docs/operations.md)`,
      ),
    );
  }
  return checkCertificate(new ACMClient(config(EDGE_REGION)), target, {
    use: 'Site',
    domainName: site.domainName,
    certificateArn: site.certificateArn,
    region: EDGE_REGION,
  });
}
