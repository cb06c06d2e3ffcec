import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkCognitoDomain } from '../preflight/checks/cognito-domain.js';
import { accessDenied, serviceError, TARGET } from './preflight-fixtures.js';

const cognito = mockClient(CognitoIdentityProviderClient);
const cloudFormation = mockClient(CloudFormationClient);
const check = () =>
  checkCognitoDomain(
    new CognitoIdentityProviderClient({ region: TARGET.region }),
    new CloudFormationClient({ region: TARGET.region }),
    TARGET,
    'goldbot-login',
  );
const pool = (id: string) => ({
  ResourceType: 'AWS::Cognito::UserPool',
  PhysicalResourceId: id,
  LogicalResourceId: 'UserPool',
  ResourceStatus: 'CREATE_COMPLETE' as const,
  LastUpdatedTimestamp: new Date(),
});

describe('Cognito domain prefix check', () => {
  beforeEach(() => {
    cognito.reset();
    cloudFormation.reset();
  });

  it('is OK when no pool of this account holds the prefix, and says what it cannot see', async () => {
    cognito.on(DescribeUserPoolDomainCommand, { Domain: 'goldbot-login' }).resolves({ DomainDescription: {} });
    expect(await check()).toEqual({
      name: 'Cognito domain prefix "goldbot-login"',
      ok: true,
      detail:
        'free in this account (eu-central-1); another account could still hold it, which only the deploy can tell',
    });
  });

  it("is OK when the holder is Goldbot-Auth's own pool (found on a later page)", async () => {
    cognito.on(DescribeUserPoolDomainCommand).resolves({ DomainDescription: { UserPoolId: 'eu-central-1_Pool' } });
    cloudFormation
      .on(ListStackResourcesCommand, { StackName: 'Goldbot-Auth', NextToken: undefined })
      .resolves({ StackResourceSummaries: [pool('eu-central-1_Other')], NextToken: 'p2' })
      .on(ListStackResourcesCommand, { StackName: 'Goldbot-Auth', NextToken: 'p2' })
      .resolves({ StackResourceSummaries: [pool('eu-central-1_Pool')] });
    expect(await check()).toMatchObject({ ok: true, detail: "already Goldbot-Auth's (user pool eu-central-1_Pool)" });
  });

  it('asks for another prefix when another pool holds it, or there is no auth stack yet', async () => {
    cognito.on(DescribeUserPoolDomainCommand).resolves({ DomainDescription: { UserPoolId: 'eu-central-1_Other' } });
    cloudFormation.on(ListStackResourcesCommand).resolves({ StackResourceSummaries: [pool('eu-central-1_Pool')] });
    const taken = {
      ok: false,
      detail: 'taken by user pool eu-central-1_Other in this account',
      nextStep: 'choose another -c cognitoDomainPrefix (lower-case letters, digits and hyphens)',
    };
    expect(await check()).toMatchObject(taken);
    cloudFormation
      .on(ListStackResourcesCommand)
      .rejects(serviceError('ValidationError', 'Stack with id Goldbot-Auth does not exist'));
    expect(await check()).toMatchObject(taken);
  });

  it('names the denied action: DescribeUserPoolDomain, or ListStackResources', async () => {
    cognito.on(DescribeUserPoolDomainCommand).rejects(accessDenied('cognito-idp:DescribeUserPoolDomain'));
    expect(await check()).toMatchObject({
      ok: false,
      detail: 'not allowed to call cognito-idp:DescribeUserPoolDomain',
    });
    cognito.on(DescribeUserPoolDomainCommand).resolves({ DomainDescription: { UserPoolId: 'eu-central-1_Other' } });
    cloudFormation.on(ListStackResourcesCommand).rejects(serviceError('AccessDenied', 'no', 403));
    expect(await check()).toMatchObject({ ok: false, detail: 'not allowed to call cloudformation:ListStackResources' });
  });
});
