import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { appConcurrencyNeed, checkLambdaConcurrency } from '../preflight/checks/lambda-concurrency.js';
import { accessDenied, TARGET } from './preflight-fixtures.js';

const lambda = mockClient(LambdaClient);
const client = new LambdaClient({ region: TARGET.region });
const need = { executions: 62, basis: 'one per function: 57 routes + 5 scheduled jobs' };

describe('Lambda concurrency check', () => {
  beforeEach(() => lambda.reset());

  it('derives the need from the route table and the schedules: one execution per function', () => {
    const routes = implementedRoutes().length;
    const jobs = SCHEDULES.filter((job) => job.implemented).length;
    expect(appConcurrencyNeed()).toEqual({
      executions: routes + jobs,
      basis: `one per function: ${routes} routes + ${jobs} scheduled jobs`,
    });
    // A new account's 10 is below it, which is the case the check exists for.
    expect(appConcurrencyNeed().executions).toBeGreaterThan(10);
  });

  it('is OK when the quota covers the need, and states both figures', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
    expect(await checkLambdaConcurrency(client, TARGET, need)).toEqual({
      name: 'Lambda concurrency (eu-central-1)',
      ok: true,
      detail: 'quota 1000 concurrent executions, the app needs 62 (one per function: 57 routes + 5 scheduled jobs)',
    });
  });

  it("gives the Service Quotas request for a new account's 10", async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    expect(await checkLambdaConcurrency(client, TARGET, need)).toMatchObject({
      ok: false,
      detail: 'quota 10 concurrent executions, the app needs 62 (one per function: 57 routes + 5 scheduled jobs)',
      nextStep:
        'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-central-1 --profile goldbot',
    });
  });

  it('reports an answer without the limit, and a denied call', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({});
    expect(await checkLambdaConcurrency(client, TARGET, need)).toMatchObject({
      ok: false,
      detail: 'lambda:GetAccountSettings failed: no AccountLimit in the answer',
    });
    lambda.on(GetAccountSettingsCommand).rejects(accessDenied('lambda:GetAccountSettings'));
    expect(await checkLambdaConcurrency(client, TARGET, need)).toMatchObject({
      ok: false,
      detail: 'not allowed to call lambda:GetAccountSettings',
    });
  });
});
