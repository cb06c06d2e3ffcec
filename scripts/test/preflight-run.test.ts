import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, DescribeStacksCommand, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { deploySettings, parseOptions, readCdkJsonContext } from '../preflight/context.js';
import { exitCode, formatReport, ok, todo } from '../preflight/report.js';
import { runPreflight } from '../preflight/run.js';
import { serviceError } from './preflight-fixtures.js';

const cdkJson = readCdkJsonContext(resolve(import.meta.dirname, '../../cdk.json'));
const production = {
  mailFrom: 'no-reply@gold.example',
  appUrl: 'https://www.gold.example',
  googleClientId: 'client.apps.googleusercontent.com',
  googleClientSecretName: 'goldbot/google',
  cognitoDomainPrefix: 'goldbot-login',
  siteDomainName: 'www.gold.example',
  siteCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/site',
  apiDomainName: 'api.gold.example',
  apiCertificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/api',
};

const mocks = {
  sts: mockClient(STSClient),
  cloudFormation: mockClient(CloudFormationClient),
  lambda: mockClient(LambdaClient),
  ses: mockClient(SESv2Client),
  secrets: mockClient(SecretsManagerClient),
  cognito: mockClient(CognitoIdentityProviderClient),
  acm: mockClient(ACMClient),
};

/** An account ready for the production settings above. */
function readyAccount(): void {
  mocks.sts.on(GetCallerIdentityCommand).resolves({ Account: '123456789012' });
  mocks.cloudFormation.on(DescribeStacksCommand).resolves({
    Stacks: [
      {
        StackName: 'CDKToolkit',
        StackStatus: 'CREATE_COMPLETE',
        CreationTime: new Date(),
        Outputs: [{ OutputKey: 'BootstrapVersion', OutputValue: '28' }],
      },
    ],
  });
  mocks.lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
  mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
  mocks.ses
    .on(GetEmailIdentityCommand)
    .resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
  mocks.secrets.on(DescribeSecretCommand).resolves({ Name: 'goldbot/google' });
  mocks.cognito.on(DescribeUserPoolDomainCommand).resolves({ DomainDescription: {} });
  mocks.acm.on(DescribeCertificateCommand, { CertificateArn: production.siteCertificateArn }).resolves({
    Certificate: { DomainName: 'www.gold.example', Status: 'ISSUED' },
  });
  mocks.acm.on(DescribeCertificateCommand, { CertificateArn: production.apiCertificateArn }).resolves({
    Certificate: { DomainName: 'api.gold.example', Status: 'ISSUED' },
  });
}

describe('npm run preflight', () => {
  beforeEach(() => Object.values(mocks).forEach((mock) => mock.reset()));

  it('reads --profile, --region and -c like the CDK CLI, the profile also from AWS_PROFILE', () => {
    expect(
      parseOptions(
        ['--profile', 'goldbot', '--region', 'eu-central-1', '-c', 'mailFrom=a@b.example', '--context', 'waf=false'],
        {},
      ),
    ).toEqual({
      profile: 'goldbot',
      region: 'eu-central-1',
      context: { mailFrom: 'a@b.example', waf: 'false' },
      help: false,
    });
    expect(parseOptions([], { AWS_PROFILE: 'ops' })).toMatchObject({ profile: 'ops', region: undefined, context: {} });
    expect(() => parseOptions(['-c', 'mailFrom'], {})).toThrow('-c takes key=value, got "mailFrom"');
    expect(() => parseOptions(['--bogus'], {})).toThrow();
  });

  it("validates the context with the infra's own settings parser, -c over cdk.json", () => {
    const settings = deploySettings(cdkJson, production);
    expect(settings.google).toEqual({
      clientId: production.googleClientId,
      clientSecretName: 'goldbot/google',
      domainPrefix: 'goldbot-login',
    });
    expect(settings.siteDomain).toEqual({
      domainName: 'www.gold.example',
      certificateArn: production.siteCertificateArn,
    });
    expect(deploySettings({ mailFrom: 'old@gold.example' }, { mailFrom: 'new@gold.example' }).mailFrom).toBe(
      'new@gold.example',
    );
    expect(() => deploySettings(cdkJson, { cognitoDomainPrefix: 'my-cognito' })).toThrow(/Google sign-in needs all of/);
    expect(() => deploySettings(cdkJson, { ...production, siteCertificateArn: production.apiCertificateArn })).toThrow(
      'CloudFront only accepts ACM certificates from us-east-1',
    );
  });

  it('is all OK, exit 0, on a ready account, checking each item in the region it belongs to', async () => {
    readyAccount();
    const run = await runPreflight(deploySettings(cdkJson, production), { profile: 'goldbot', region: 'eu-central-1' });
    expect(run.header).toBe(
      'Preflight of account 123456789012, region eu-central-1, profile goldbot (reads only, changes nothing)',
    );
    expect(run.results.map((result) => [result.name, result.ok])).toEqual([
      ['CDK bootstrap (eu-central-1)', true],
      ['CDK bootstrap (us-east-1)', true],
      ['Lambda concurrency (eu-central-1)', true],
      ['SES production access (eu-central-1)', true],
      ['SES sender no-reply@gold.example', true],
      ['Google client secret "goldbot/google"', true],
      ['Cognito domain prefix "goldbot-login"', true],
      ['Site certificate for www.gold.example', true],
      ['API certificate for api.gold.example', true],
    ]);
    expect(exitCode(run.results)).toBe(0);
    const regions = await Promise.all(
      mocks.cloudFormation.commandCalls(DescribeStacksCommand).map((call) => call.thisValue.config.region()),
    );
    expect(regions.sort()).toEqual(['eu-central-1', 'us-east-1']);
    const acmRegions = await Promise.all(
      mocks.acm
        .commandCalls(DescribeCertificateCommand)
        .map(async (call) => [call.args[0].input.CertificateArn, await call.thisValue.config.region()]),
    );
    expect(Object.fromEntries(acmRegions)).toEqual({
      [production.siteCertificateArn]: 'us-east-1',
      [production.apiCertificateArn]: 'eu-central-1',
    });
  });

  it('exits 1 when one region is not bootstrapped, and skips what the settings do not use', async () => {
    readyAccount();
    mocks.cloudFormation.on(DescribeStacksCommand).callsFake(async (_input, getClient) => {
      if ((await getClient().config.region()) === 'us-east-1') {
        throw serviceError('ValidationError', 'Stack with id CDKToolkit does not exist');
      }
      return {
        Stacks: [
          {
            StackName: 'CDKToolkit',
            StackStatus: 'CREATE_COMPLETE',
            CreationTime: new Date(),
            Outputs: [{ OutputKey: 'BootstrapVersion', OutputValue: '28' }],
          },
        ],
      };
    });
    const run = await runPreflight(deploySettings(cdkJson, { mailFrom: 'no-reply@gold.example' }), {
      region: 'eu-central-1',
    });
    expect(run.results.filter((result) => !result.ok)).toEqual([
      {
        name: 'CDK bootstrap (us-east-1)',
        ok: false,
        detail: 'no CDKToolkit stack in us-east-1',
        nextStep: 'npx cdk bootstrap aws://123456789012/us-east-1',
      },
    ]);
    expect(run.results.filter((result) => result.detail.startsWith('not needed')).map((result) => result.name)).toEqual(
      ['Google client secret', 'Cognito domain prefix', 'Site certificate', 'API certificate'],
    );
    expect(exitCode(run.results)).toBe(1);
    expect(mocks.secrets.calls()).toHaveLength(0);
    expect(mocks.acm.calls()).toHaveLength(0);
  });

  it('needs no us-east-1 bootstrap without WAF or a site certificate to create, nor a second one in us-east-1', async () => {
    readyAccount();
    const noEdge = await runPreflight(deploySettings(cdkJson, { mailFrom: 'no-reply@gold.example', waf: 'false' }), {
      region: 'eu-central-1',
    });
    expect(noEdge.results[1]).toEqual(
      ok('CDK bootstrap (us-east-1)', 'not needed (waf=false and no site certificate to create)'),
    );
    const created = await runPreflight(
      deploySettings(cdkJson, { mailFrom: 'no-reply@gold.example', siteDomainName: 'www.gold.example' }),
      {
        region: 'us-east-1',
      },
    );
    expect(created.results[1]).toEqual(ok('CDK bootstrap (us-east-1)', 'not needed (the app region is us-east-1)'));
    expect(created.results.find((result) => result.name.startsWith('Site certificate'))).toMatchObject({
      ok: true,
      detail: expect.stringContaining('Goldbot-Edge creates it in us-east-1') as unknown,
    });
  });

  it('looks for an SES identity the stack would create among Goldbot-Api’s resources, in the app region', async () => {
    readyAccount();
    mocks.cloudFormation.on(ListStackResourcesCommand).resolves({ StackResourceSummaries: [] });
    const run = await runPreflight(deploySettings(cdkJson, { ...production, sesIdentity: 'domain' }), {
      region: 'eu-central-1',
    });
    expect(run.results.filter((result) => !result.ok)).toEqual([
      expect.objectContaining({
        name: 'SES sender no-reply@gold.example',
        nextStep: expect.stringContaining('drop sesIdentity') as unknown,
      }),
    ]);
    const calls = mocks.cloudFormation.commandCalls(ListStackResourcesCommand);
    expect(calls.map((call) => call.args[0].input.StackName)).toEqual(['Goldbot-Api']);
    expect(await calls[0]?.thisValue.config.region()).toBe('eu-central-1');
    expect(exitCode(run.results)).toBe(1);
  });

  it('stops at the credentials, with nothing else asked, when there are none', async () => {
    mocks.sts
      .on(GetCallerIdentityCommand)
      .rejects(serviceError('CredentialsProviderError', 'Could not load credentials from any providers'));
    const run = await runPreflight(deploySettings(cdkJson, {}), { region: 'eu-central-1' });
    expect(run.header).toBe('Preflight could not reach the account.');
    expect(run.results).toHaveLength(1);
    expect(run.results[0]).toMatchObject({ name: 'AWS credentials', ok: false });
    expect(mocks.cloudFormation.calls()).toHaveLength(0);
  });

  it('prints one line per check, the next step under it, and a count', () => {
    const report = formatReport('Preflight of account 1', [
      ok('CDK bootstrap (eu-central-1)', 'CDKToolkit version 28 (CREATE_COMPLETE)'),
      todo('Lambda concurrency (eu-central-1)', 'quota 10', 'aws service-quotas request-service-quota-increase ...'),
    ]);
    expect(report).toBe(
      [
        'Preflight of account 1',
        '',
        'OK    CDK bootstrap (eu-central-1): CDKToolkit version 28 (CREATE_COMPLETE)',
        'TODO  Lambda concurrency (eu-central-1): quota 10',
        '      next: aws service-quotas request-service-quota-increase ...',
        '',
        '1 of 2 checks need a step before the first deploy.',
      ].join('\n'),
    );
    expect(formatReport('h', [ok('a', 'b')])).toContain('All 1 checks OK: ready for npx cdk deploy --all.');
  });
});
