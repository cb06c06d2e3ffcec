/** Where the preflight looks: the account of the credentials, the app's region and the profile used. */
export interface Target {
  readonly account: string;
  readonly region: string;
  /** The named profile (--profile or AWS_PROFILE); absent: the default credential chain. */
  readonly profile?: string;
}

/** CloudFront's certificates and the Goldbot-Edge stack (WAF, site certificate) live in us-east-1. */
export const EDGE_REGION = 'us-east-1';

/** ` --profile <p>` when one was named, so every command in the report runs against the same account. */
export const profileFlag = (target: Target): string => (target.profile ? ` --profile ${target.profile}` : '');

/** `--region <r> [--profile <p>]` for an AWS CLI command. */
export const cliFlags = (target: Target, region: string = target.region): string =>
  `--region ${region}${profileFlag(target)}`;

/** The AWS console page of a service in a region, e.g. consoleUrl('ses', 'eu-central-1', '#/account'). */
export const consoleUrl = (service: string, region: string, fragment = ''): string =>
  `https://${region}.console.aws.amazon.com/${service}/home?region=${region}${fragment}`;
