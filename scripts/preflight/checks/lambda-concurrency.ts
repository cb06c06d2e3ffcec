import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { failedCall } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { cliFlags, type Target } from '../target.js';

/** Service Quotas' code of Lambda's "Concurrent executions" quota. */
export const CONCURRENCY_QUOTA_CODE = 'L-B99A9384';

/** What an established account gets by default, and what to ask for. */
export const STANDARD_CONCURRENCY = 1000;

export interface ConcurrencyNeed {
  readonly executions: number;
  /** Where the figure comes from, as the report says it. */
  readonly basis: string;
}

/**
 * The app reserves no concurrency (a new account's 10 would refuse any reservation), so what it
 * needs is room for each of its functions to run at the same time: one per route of the route
 * table (shared/src/routes.ts) and one per scheduled job (shared/src/schedules.ts). Below that, one
 * page that loads several endpoints, plus a job, can be throttled.
 */
export function appConcurrencyNeed(): ConcurrencyNeed {
  const routes = implementedRoutes().length;
  const jobs = SCHEDULES.filter((job) => job.implemented).length;
  return {
    executions: routes + jobs,
    basis: `one per function: ${routes} routes + ${jobs} scheduled jobs`,
  };
}

/** Lambda GetAccountSettings: the account's concurrent-executions quota against the app's need. */
export async function checkLambdaConcurrency(
  lambda: LambdaClient,
  target: Target,
  need: ConcurrencyNeed,
): Promise<CheckResult> {
  const name = `Lambda concurrency (${target.region})`;
  let limit: number | undefined;
  try {
    limit = (await lambda.send(new GetAccountSettingsCommand({}))).AccountLimit?.ConcurrentExecutions;
  } catch (error) {
    return failedCall(name, 'lambda:GetAccountSettings', error);
  }
  if (limit === undefined)
    return failedCall(name, 'lambda:GetAccountSettings', new Error('no AccountLimit in the answer'));
  const figures = `quota ${limit} concurrent executions, the app needs ${need.executions} (${need.basis})`;
  if (limit >= need.executions) return ok(name, figures);
  const desired = Math.max(need.executions, STANDARD_CONCURRENCY);
  return todo(
    name,
    figures,
    `aws service-quotas request-service-quota-increase --service-code lambda --quota-code ${CONCURRENCY_QUOTA_CODE} --desired-value ${desired} ${cliFlags(target)}`,
  );
}
