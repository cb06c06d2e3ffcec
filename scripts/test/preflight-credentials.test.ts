import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { isTarget, resolveTarget } from '../preflight/checks/credentials.js';
import { serviceError } from './preflight-fixtures.js';

const sts = mockClient(STSClient);
const inRegion = () => new STSClient({ region: 'eu-central-1' });

describe('account and region', () => {
  beforeEach(() => sts.reset());

  it('resolves the account of the credentials and the region', async () => {
    sts.on(GetCallerIdentityCommand).resolves({ Account: '123456789012' });
    const target = await resolveTarget(inRegion(), 'goldbot');
    expect(target).toEqual({ account: '123456789012', region: 'eu-central-1', profile: 'goldbot' });
    expect(isTarget(target)).toBe(true);
  });

  it('asks for a region when none is configured, before asking AWS anything', async () => {
    const noRegion = new STSClient({ region: (): Promise<string> => Promise.reject(new Error('Region is missing')) });
    const result = await resolveTarget(noRegion);
    expect(isTarget(result)).toBe(false);
    expect(result).toMatchObject({ name: 'AWS region', ok: false, detail: 'none configured' });
    expect(sts.calls()).toHaveLength(0);
  });

  it('says how to provide credentials when there are none, with or without a profile', async () => {
    sts
      .on(GetCallerIdentityCommand)
      .rejects(serviceError('CredentialsProviderError', 'Could not load credentials from any providers'));
    expect(await resolveTarget(inRegion())).toEqual({
      name: 'AWS credentials',
      ok: false,
      detail: 'none usable (CredentialsProviderError: Could not load credentials from any providers)',
      nextStep:
        'pass --profile <name> or set AWS_PROFILE (create a profile with aws configure sso, or aws configure), or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    });
    sts
      .on(GetCallerIdentityCommand)
      .rejects(serviceError('ExpiredToken', 'The security token included in the request is expired'));
    expect(await resolveTarget(inRegion(), 'goldbot')).toMatchObject({
      ok: false,
      nextStep:
        'aws sso login --profile goldbot (or aws configure --profile goldbot), then run npm run preflight again',
    });
  });

  it('reports an answer without an account, a denied call and any other error', async () => {
    sts.on(GetCallerIdentityCommand).resolves({});
    expect(await resolveTarget(inRegion())).toMatchObject({ ok: false, detail: 'STS returned no account' });
    sts.on(GetCallerIdentityCommand).rejects(serviceError('AccessDenied', 'explicit deny in an SCP', 403));
    expect(await resolveTarget(inRegion())).toMatchObject({
      ok: false,
      detail: 'not allowed to call sts:GetCallerIdentity',
    });
    sts.on(GetCallerIdentityCommand).rejects(new Error('getaddrinfo ENOTFOUND sts.eu-central-1.amazonaws.com'));
    expect(await resolveTarget(inRegion())).toMatchObject({
      ok: false,
      detail: 'sts:GetCallerIdentity failed: getaddrinfo ENOTFOUND sts.eu-central-1.amazonaws.com',
    });
  });
});
