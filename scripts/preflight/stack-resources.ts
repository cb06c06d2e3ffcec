import { type CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { isNotFound } from './aws-errors.js';

/** The app's stacks whose resources the checks look for (infra/lib/goldbot-app.ts). */
export const AUTH_STACK_NAME = 'Goldbot-Auth';
export const API_STACK_NAME = 'Goldbot-Api';

/**
 * Whether the stack holds a resource of this type with this physical id (compared without case, as
 * domains are), i.e. the thing already exists because an earlier deploy of this app made it, not
 * someone else. A stack that does not exist holds nothing; any other failure is thrown to the check,
 * which reports it with the action to grant.
 */
export async function stackHoldsResource(
  cloudFormation: CloudFormationClient,
  stackName: string,
  resourceType: string,
  physicalId: string,
): Promise<boolean> {
  const wanted = physicalId.toLowerCase();
  try {
    let nextToken: string | undefined;
    do {
      const page = await cloudFormation.send(
        new ListStackResourcesCommand({ StackName: stackName, NextToken: nextToken }),
      );
      const found = page.StackResourceSummaries?.some(
        (resource) => resource.ResourceType === resourceType && resource.PhysicalResourceId?.toLowerCase() === wanted,
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
