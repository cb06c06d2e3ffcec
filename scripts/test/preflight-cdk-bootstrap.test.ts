import { CloudFormationClient, DescribeStacksCommand, type StackStatus } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkCdkBootstrap, MIN_BOOTSTRAP_VERSION } from '../preflight/checks/cdk-bootstrap.js';
import { serviceError, TARGET } from './preflight-fixtures.js';

const cloudFormation = mockClient(CloudFormationClient);
const client = new CloudFormationClient({ region: 'us-east-1' });
const bootstrap = 'npx cdk bootstrap aws://123456789012/us-east-1 --profile goldbot';

const toolkit = (status: StackStatus, version?: string) => ({
  Stacks: [
    {
      StackName: 'CDKToolkit',
      StackStatus: status,
      CreationTime: new Date(),
      Outputs: version === undefined ? [] : [{ OutputKey: 'BootstrapVersion', OutputValue: version }],
    },
  ],
});

describe('CDK bootstrap check', () => {
  beforeEach(() => cloudFormation.reset());

  it('is OK with a complete CDKToolkit stack of a recent version, and asks for that stack by name', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves(toolkit('UPDATE_COMPLETE', '28'));
    const result = await checkCdkBootstrap(client, TARGET, 'us-east-1');
    expect(result).toEqual({
      name: 'CDK bootstrap (us-east-1)',
      ok: true,
      detail: 'CDKToolkit version 28 (UPDATE_COMPLETE)',
    });
    expect(cloudFormation.commandCalls(DescribeStacksCommand)[0]?.args[0].input).toEqual({ StackName: 'CDKToolkit' });
  });

  it('names the bootstrap command for the account and region when the stack does not exist', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .rejects(serviceError('ValidationError', 'Stack with id CDKToolkit does not exist'));
    const result = await checkCdkBootstrap(client, TARGET, 'us-east-1');
    expect(result).toMatchObject({ ok: false, detail: 'no CDKToolkit stack in us-east-1', nextStep: bootstrap });
  });

  it('asks to bootstrap again when the version is older than the templates accept, or unknown', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves(toolkit('CREATE_COMPLETE', String(MIN_BOOTSTRAP_VERSION - 1)));
    expect(await checkCdkBootstrap(client, TARGET, 'us-east-1')).toMatchObject({
      ok: false,
      detail: 'CDKToolkit is bootstrap version 5, the app needs 6 or later',
      nextStep: bootstrap,
    });
    cloudFormation.on(DescribeStacksCommand).resolves(toolkit('CREATE_COMPLETE'));
    expect(await checkCdkBootstrap(client, TARGET, 'us-east-1')).toMatchObject({
      ok: false,
      detail: 'CDKToolkit is bootstrap version unknown, the app needs 6 or later',
    });
  });

  it('points at the stack events when the toolkit stack is not in a usable state', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves(toolkit('ROLLBACK_COMPLETE', '28'));
    const result = await checkCdkBootstrap(client, TARGET, 'us-east-1');
    expect(result).toMatchObject({ ok: false, detail: 'CDKToolkit is ROLLBACK_COMPLETE' });
    expect(result.nextStep).toContain(
      'aws cloudformation describe-stack-events --stack-name CDKToolkit --region us-east-1 --profile goldbot',
    );
    expect(result.nextStep).toContain(bootstrap);
  });

  it('names the missing permission when access is denied, and reports any other error without a stack', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(serviceError('AccessDenied', 'not authorized', 403));
    expect(await checkCdkBootstrap(client, TARGET, 'us-east-1')).toMatchObject({
      ok: false,
      detail: 'not allowed to call cloudformation:DescribeStacks',
    });
    cloudFormation.on(DescribeStacksCommand).rejects(serviceError('Throttling', 'Rate exceeded'));
    const result = await checkCdkBootstrap(client, TARGET, 'us-east-1');
    expect(result).toMatchObject({
      ok: false,
      detail: 'cloudformation:DescribeStacks failed: Throttling: Rate exceeded',
    });
    expect(result.detail).not.toContain('    at ');
  });
});
