import { GetCallerIdentityCommand, type STSClient } from '@aws-sdk/client-sts';
import { describeError, failedCall, isCredentialsProblem } from '../aws-errors.js';
import { todo, type CheckResult } from '../report.js';
import { type Target } from '../target.js';

const REGION_STEP =
  'pass --region <the region you deploy to> (or set AWS_REGION, or give the profile a region: aws configure set region <region>)';

/**
 * The account and region every other check runs against: the region the SDK resolves (--region,
 * AWS_REGION or the profile's), and the account of the credentials (STS GetCallerIdentity, which
 * needs no permission). Without either, there is nothing else to check.
 */
export async function resolveTarget(sts: STSClient, profile?: string): Promise<Target | CheckResult> {
  let region: string;
  try {
    region = await sts.config.region();
  } catch {
    return todo('AWS region', 'none configured', REGION_STEP);
  }
  if (!region) return todo('AWS region', 'none configured', REGION_STEP);
  try {
    const { Account } = await sts.send(new GetCallerIdentityCommand({}));
    if (!Account)
      return todo(
        'AWS credentials',
        'STS returned no account',
        'run with credentials of an IAM identity in the target account',
      );
    return { account: Account, region, profile };
  } catch (error) {
    if (isCredentialsProblem(error)) {
      return todo(
        'AWS credentials',
        `none usable (${describeError(error).split('\n')[0]})`,
        profile
          ? `aws sso login --profile ${profile} (or aws configure --profile ${profile}), then run npm run preflight again`
          : 'pass --profile <name> or set AWS_PROFILE (create a profile with aws configure sso, or aws configure), or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
      );
    }
    return failedCall('AWS credentials', 'sts:GetCallerIdentity', error);
  }
}

/** A resolved target, as opposed to the check result that says why there is none. */
export const isTarget = (value: Target | CheckResult): value is Target => 'account' in value;
