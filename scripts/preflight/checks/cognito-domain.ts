import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  type CognitoIdentityProviderClient,
  DescribeUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { failedCall } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { AUTH_STACK_NAME, stackHoldsResource } from '../stack-resources.js';
import { type Target } from '../target.js';

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
    // The pool is the auth stack's own: the domain is ours from an earlier deploy.
    if (await stackHoldsResource(cloudFormation, AUTH_STACK_NAME, 'AWS::Cognito::UserPool', userPoolId))
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
