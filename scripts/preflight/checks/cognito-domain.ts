import { type CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import {
  type CognitoIdentityProviderClient,
  DescribeUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { failedCall, isNotFound } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { type Target } from '../target.js';

/** The stack whose user pool owns the hosted-UI domain (infra/lib/goldbot-app.ts). */
export const AUTH_STACK_NAME = 'Goldbot-Auth';

/** Whether the user pool is the auth stack's own, i.e. the domain is ours from an earlier deploy. */
async function ownedByAuthStack(cloudFormation: CloudFormationClient, userPoolId: string): Promise<boolean> {
  try {
    let nextToken: string | undefined;
    do {
      const page = await cloudFormation.send(
        new ListStackResourcesCommand({ StackName: AUTH_STACK_NAME, NextToken: nextToken }),
      );
      const found = page.StackResourceSummaries?.some(
        (resource) => resource.ResourceType === 'AWS::Cognito::UserPool' && resource.PhysicalResourceId === userPoolId,
      );
      if (found) return true;
      nextToken = page.NextToken;
    } while (nextToken);
    return false;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/**
 * Cognito DescribeUserPoolDomain on the prefix. It only sees this account's domains in this
 * region: a prefix another account holds answers as free, and only the deploy can tell.
 */
export async function checkCognitoDomain(
  cognito: CognitoIdentityProviderClient,
  cloudFormation: CloudFormationClient,
  target: Target,
  prefix: string,
): Promise<CheckResult> {
  const name = `Cognito domain prefix "${prefix}"`;
  let userPoolId: string | undefined;
  try {
    userPoolId = (await cognito.send(new DescribeUserPoolDomainCommand({ Domain: prefix }))).DomainDescription
      ?.UserPoolId;
  } catch (error) {
    return failedCall(name, 'cognito-idp:DescribeUserPoolDomain', error);
  }
  if (!userPoolId) {
    return ok(
      name,
      `free in this account (${target.region}); another account could still hold it, which only the deploy can tell`,
    );
  }
  try {
    if (await ownedByAuthStack(cloudFormation, userPoolId))
      return ok(name, `already ${AUTH_STACK_NAME}'s (user pool ${userPoolId})`);
  } catch (error) {
    return failedCall(name, 'cloudformation:ListStackResources', error);
  }
  return todo(
    name,
    `taken by user pool ${userPoolId} in this account`,
    'choose another -c cognitoDomainPrefix (lower-case letters, digits and hyphens)',
  );
}
