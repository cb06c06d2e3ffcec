import { type CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { failedCall, isNotFound } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { cliFlags, profileFlag, type Target } from '../target.js';

/** The stack `cdk bootstrap` creates (default qualifier), and the output that says its version. */
export const TOOLKIT_STACK_NAME = 'CDKToolkit';

/**
 * The oldest bootstrap the synthesized templates accept: aws-cdk-lib's DefaultStackSynthesizer adds
 * a CheckBootstrapVersion rule that refuses versions 1-5.
 */
export const MIN_BOOTSTRAP_VERSION = 6;

/** States in which the toolkit stack's resources (assets bucket, deploy roles) are usable. */
const USABLE_STATES = new Set(['CREATE_COMPLETE', 'UPDATE_COMPLETE', 'UPDATE_ROLLBACK_COMPLETE']);

/** The CDKToolkit stack in one region, via CloudFormation DescribeStacks. */
export async function checkCdkBootstrap(
  cloudFormation: CloudFormationClient,
  target: Target,
  region: string,
): Promise<CheckResult> {
  const name = `CDK bootstrap (${region})`;
  const bootstrap = `npx cdk bootstrap aws://${target.account}/${region}${profileFlag(target)}`;
  let stack;
  try {
    const answer = await cloudFormation.send(new DescribeStacksCommand({ StackName: TOOLKIT_STACK_NAME }));
    stack = answer.Stacks?.[0];
  } catch (error) {
    if (!isNotFound(error)) return failedCall(name, 'cloudformation:DescribeStacks', error);
  }
  if (!stack) return todo(name, `no ${TOOLKIT_STACK_NAME} stack in ${region}`, bootstrap);

  const status = stack.StackStatus ?? 'unknown';
  if (!USABLE_STATES.has(status)) {
    return todo(
      name,
      `${TOOLKIT_STACK_NAME} is ${status}`,
      `wait for it to finish, or look at its events (aws cloudformation describe-stack-events --stack-name ${TOOLKIT_STACK_NAME} ${cliFlags(target, region)}), then ${bootstrap}`,
    );
  }
  const version = Number(stack.Outputs?.find((output) => output.OutputKey === 'BootstrapVersion')?.OutputValue);
  if (!Number.isInteger(version) || version < MIN_BOOTSTRAP_VERSION) {
    return todo(
      name,
      `${TOOLKIT_STACK_NAME} is bootstrap version ${Number.isNaN(version) ? 'unknown' : version}, the app needs ${MIN_BOOTSTRAP_VERSION} or later`,
      bootstrap,
    );
  }
  return ok(name, `${TOOLKIT_STACK_NAME} version ${version} (${status})`);
}
