import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { routeAccess, jobAccess } from '../lib/access.js';
import { readSettings, DEFAULT_TRON_API_URL } from '../lib/settings.js';
import { toEventBridgeCron } from '../lib/cron.js';
import { ROUTES, SCHEDULES } from '@goldbot/shared';
import { asArray, resourcesOfType, synthGoldbot, type SynthResult } from './helpers/synth.js';

/**
 * The on-chain TXID check in AWS: only payment-chain-check, job-chain-recheck and the two routes
 * that check a withdrawal's payout (its approval, the admin's 'Check on chain') get the
 * TRON API's URL and (when configured) its key secret, with GetSecretValue on that one ARN;
 * payment-submit-usdt only gets the checker's name and lambda:InvokeFunction on that one function;
 * the recheck runs every 5 minutes; the context is validated.
 */
const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:goldbot/trongrid-AbCdEf';

type Resource = { Type: string; Properties: Record<string, unknown> };
let plain: SynthResult;
let keyed: SynthResult;
beforeAll(() => {
  plain = synthGoldbot();
  keyed = synthGoldbot({ context: { tronApiKeySecretArn: KEY_ARN, chainCheckToleranceUsdt: '0.5' } });
});
afterAll(() => {
  plain.cleanup();
  keyed.cleanup();
});

const functions = (synth: SynthResult) =>
  Object.entries(resourcesOfType(synth.templates.api, 'AWS::Lambda::Function')) as unknown as [string, Resource][];

/** The function whose description starts with `prefix` (routes: "METHOD /path", jobs: "Scheduled (cron UTC)"). */
function fn(synth: SynthResult, prefix: string): { id: string; env: Record<string, unknown>; roleId: string } {
  const found = functions(synth).filter(([, r]) => String(r.Properties.Description ?? '').startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  const [id, resource] = found[0] ?? ['', { Type: '', Properties: {} }];
  const env = ((resource.Properties.Environment as { Variables?: Record<string, unknown> }) ?? {}).Variables ?? {};
  const role = resource.Properties.Role as { 'Fn::GetAtt': [string, string] };
  return { id, env, roleId: role['Fn::GetAtt'][0] };
}

/** Every statement of the policies attached to a role. */
function statementsOf(synth: SynthResult, roleId: string): Array<Record<string, unknown>> {
  return Object.values(resourcesOfType(synth.templates.api, 'AWS::IAM::Policy'))
    .filter((p) => asArray(p.Properties?.Roles as unknown[]).some((r) => (r as { Ref?: string }).Ref === roleId))
    .flatMap((p) => asArray((p.Properties?.PolicyDocument as { Statement?: unknown[] })?.Statement)) as Array<
    Record<string, unknown>
  >;
}
const actionsOf = (statement: Record<string, unknown>) => asArray(statement.Action as string | string[]);

/**
 * Secret reads other than the origin header's (every route function reads that one, a secret of
 * the API stack referenced by Ref; production-readiness.test.ts checks it).
 */
const tronKeyReads = (statements: Array<Record<string, unknown>>) =>
  statements
    .filter((s) => actionsOf(s).includes('secretsmanager:GetSecretValue'))
    .flatMap((s) => asArray(s.Resource as unknown))
    .filter((resource) => typeof resource === 'string');

const CHECK_ROUTE = 'POST /api/payment/chain-check/{id}';
const SUBMIT_ROUTE = 'POST /api/payment/submit-usdt-payment';
const RECHECK_JOB = 'Scheduled (0/5 * * * * UTC)';
const PAYOUT_APPROVE_ROUTE = 'PUT /api/withdrawal/approve/{id}';
const PAYOUT_CHECK_ROUTE = 'POST /api/withdrawal/payout-check/{id}';
const WATCHER_JOB = 'Scheduled (* * * * * UTC)';
/** Every function that asks TRON. */
const TRON_CALLERS = [CHECK_ROUTE, RECHECK_JOB, WATCHER_JOB, PAYOUT_APPROVE_ROUTE, PAYOUT_CHECK_ROUTE];

describe('access profiles', () => {
  it('callsTron for the admin’s checks, the payout approval, the recheck job and the wallet watcher only; invokesChainCheck for the submission only', () => {
    const callers = ROUTES.filter((r) => routeAccess(r).callsTron).map((r) => r.id);
    expect(callers).toEqual(['payment-chain-check', 'withdrawal-approve', 'withdrawal-payout-check']);
    expect(ROUTES.filter((r) => routeAccess(r).invokesChainCheck).map((r) => r.id)).toEqual(['payment-submit-usdt']);
    expect(SCHEDULES.filter((j) => jobAccess(j).callsTron).map((j) => j.id)).toEqual([
      'job-chain-recheck',
      'job-watch-wallets',
    ]);
    expect(SCHEDULES.filter((j) => jobAccess(j).invokesChainCheck)).toEqual([]);
  });
});

describe('the deployed functions', () => {
  it('the recheck job runs every 5 minutes', () => {
    expect(toEventBridgeCron('0/5 * * * *')).toBe('cron(0/5 * * * ? *)');
    const schedules = Object.values(resourcesOfType(plain.templates.api, 'AWS::Scheduler::Schedule'));
    expect(schedules.map((s) => s.Properties?.ScheduleExpression)).toContain('cron(0/5 * * * ? *)');
  });

  it('TRON_API_URL (TronGrid by default), tolerance and grace only where TRON is asked; no key without one', () => {
    for (const prefix of TRON_CALLERS) {
      const { env, roleId } = fn(plain, prefix);
      expect(env).toMatchObject({
        TRON_API_URL: DEFAULT_TRON_API_URL,
        CHAIN_CHECK_AMOUNT_TOLERANCE_USDT: '0',
        CHAIN_CHECK_GRACE_HOURS: '24',
      });
      expect(env.TRON_API_KEY_SECRET_ARN).toBeUndefined();
      expect(tronKeyReads(statementsOf(plain, roleId))).toEqual([]);
    }
    for (const [, resource] of functions(plain)) {
      const description = String(resource.Properties.Description ?? '');
      if (TRON_CALLERS.some((prefix) => description.startsWith(prefix))) continue;
      const env = ((resource.Properties.Environment as { Variables?: Record<string, unknown> }) ?? {}).Variables ?? {};
      expect(env.TRON_API_URL, description).toBeUndefined();
      expect(env.TRON_API_KEY_SECRET_ARN, description).toBeUndefined();
    }
  });

  it('with a key secret: its ARN and GetSecretValue on exactly it, for those functions only', () => {
    for (const prefix of TRON_CALLERS) {
      const { env, roleId } = fn(keyed, prefix);
      expect(env).toMatchObject({ TRON_API_KEY_SECRET_ARN: KEY_ARN, CHAIN_CHECK_AMOUNT_TOLERANCE_USDT: '0.5' });
      const reads = tronKeyReads(statementsOf(keyed, roleId));
      expect(reads).toEqual([KEY_ARN]);
    }
    const submit = fn(keyed, SUBMIT_ROUTE);
    expect(submit.env.TRON_API_KEY_SECRET_ARN).toBeUndefined();
    const allReaders = functions(keyed).filter(([, r]) => {
      const env = ((r.Properties.Environment as { Variables?: Record<string, unknown> }) ?? {}).Variables ?? {};
      return env.TRON_API_KEY_SECRET_ARN !== undefined;
    });
    expect(allReaders).toHaveLength(TRON_CALLERS.length);
  });

  it('the submission invokes only the recheck function, asynchronously by name, and holds no TRON access', () => {
    const submit = fn(plain, SUBMIT_ROUTE);
    const job = fn(plain, RECHECK_JOB);
    expect(submit.env.CHAIN_CHECK_FUNCTION_NAME).toEqual({ Ref: job.id });
    expect(submit.env.TRON_API_URL).toBeUndefined();
    const invokes = statementsOf(plain, submit.roleId).filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invokes).toEqual([
      { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [job.id, 'Arn'] } },
    ]);
    // Nobody else may invoke it (the scheduler does, through its own role).
    for (const [, resource] of functions(plain)) {
      const env = ((resource.Properties.Environment as { Variables?: Record<string, unknown> }) ?? {}).Variables ?? {};
      if (String(resource.Properties.Description).startsWith(SUBMIT_ROUTE)) continue;
      expect(env.CHAIN_CHECK_FUNCTION_NAME).toBeUndefined();
    }
  });
});

describe('context', () => {
  const settingsWith = (context: Record<string, unknown>) => readSettings(new App({ context }).node).tron;

  it('defaults to TronGrid, no key, tolerance 0 and 24 hours of grace', () => {
    expect(settingsWith({})).toEqual({
      apiUrl: 'https://api.trongrid.io',
      apiKeySecretArn: undefined,
      amountToleranceUsdt: '0',
      graceHours: '24',
      orderOpenMinutes: '120',
      orderGraceMinutes: '10',
    });
  });

  it('accepts another https TRON API and a full secret ARN', () => {
    expect(
      settingsWith({
        tronApiUrl: 'https://nile.trongrid.io/',
        tronApiKeySecretArn: KEY_ARN,
        chainCheckGraceHours: '48',
        orderOpenMinutes: 90,
        orderGraceMinutes: '0',
      }),
    ).toEqual({
      apiUrl: 'https://nile.trongrid.io',
      apiKeySecretArn: KEY_ARN,
      amountToleranceUsdt: '0',
      graceHours: '48',
      orderOpenMinutes: '90',
      orderGraceMinutes: '0',
    });
  });

  it('refuses http, a secret name instead of an ARN, and numbers out of range', () => {
    expect(() => settingsWith({ tronApiUrl: 'http://api.trongrid.io' })).toThrow(/tronApiUrl/);
    expect(() => settingsWith({ tronApiUrl: 'https://169.254.169.254@evil.example' })).toThrow(/tronApiUrl/);
    expect(() => settingsWith({ tronApiKeySecretArn: 'goldbot/trongrid' })).toThrow(/tronApiKeySecretArn/);
    expect(() => settingsWith({ chainCheckToleranceUsdt: '-1' })).toThrow(/chainCheckToleranceUsdt/);
    expect(() => settingsWith({ chainCheckGraceHours: 'a day' })).toThrow(/chainCheckGraceHours/);
    expect(() => settingsWith({ orderOpenMinutes: '0' })).toThrow(/orderOpenMinutes/);
    expect(() => settingsWith({ orderOpenMinutes: '90.5' })).toThrow(/orderOpenMinutes/);
    expect(() => settingsWith({ orderGraceMinutes: String(24 * 60 + 1) })).toThrow(/orderGraceMinutes/);
  });
});
