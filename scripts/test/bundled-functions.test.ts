import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BundledEnvironmentError,
  bundledEnvironment,
  FunctionError,
  invokedFunctionIds,
  startBundledFunctions,
} from '../local/bundled-functions.js';
import { invokedFunctionName } from '../local/lambda-invoke-endpoint.js';
import {
  readSynthesizedFunctions,
  readSynthesizedTriggers,
  staleAssemblyReason,
  type SynthesizedFunction,
} from '../local/synthesized-functions.js';

/**
 * `npm start -- --bundled` without a synth: a cloud assembly shaped like the CDK app's (a parent
 * template with a job and a nested route stack that references it), bundles written by hand, and
 * the local environment each bundled function gets.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'goldbot-bundled-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const lambdaFunction = (path: string, asset: string, timeout: number, variables: Record<string, unknown>) => ({
  Type: 'AWS::Lambda::Function',
  Properties: { Handler: 'index.handler', Timeout: timeout, Environment: { Variables: variables } },
  Metadata: { 'aws:cdk:path': path, 'aws:asset:path': asset, 'aws:asset:property': 'Code' },
});

function writeAssembly(bundles: Record<string, string> = {}): string {
  const dir = tempDir();
  const parent = {
    Resources: {
      JobsjobchainrecheckHandlerFunction6CBD1D28: lambdaFunction(
        'Goldbot-Api/Jobs/job-chain-recheck/Handler/Function/Resource',
        'asset.job',
        120,
        { TABLE_NAME: { 'Fn::GetStackOutput': {} }, TRON_API_URL: 'https://api.trongrid.io' },
      ),
      RoutespaymentNested: {
        Type: 'AWS::CloudFormation::Stack',
        Properties: {
          Parameters: { referencetoCheckerRef: { Ref: 'JobsjobchainrecheckHandlerFunction6CBD1D28' } },
        },
        Metadata: { 'aws:asset:path': 'GoldbotApiRoutespayment.nested.template.json' },
      },
      SeedDefaultsFunction: lambdaFunction('Goldbot-Data/SeedDefaults/Function/Resource', 'asset.seed', 60, {}),
    },
  };
  const nested = {
    Parameters: { referencetoCheckerRef: { Type: 'String' } },
    Resources: {
      paymentsubmitusdtHandlerFunction092E6BDA: lambdaFunction(
        'Goldbot-Api/Routes-payment/payment-submit-usdt/Handler/Function/Resource',
        'asset.submit',
        10,
        { CHAIN_CHECK_FUNCTION_NAME: { Ref: 'referencetoCheckerRef' }, ORIGIN_SECRET_ARN: { Ref: 'Secret' } },
      ),
    },
  };
  writeFileSync(join(dir, 'Goldbot-Api.template.json'), JSON.stringify(parent));
  writeFileSync(join(dir, 'GoldbotApiRoutespayment.nested.template.json'), JSON.stringify(nested));
  for (const [asset, source] of Object.entries(bundles)) {
    mkdirSync(join(dir, asset), { recursive: true });
    writeFileSync(join(dir, asset, 'index.mjs'), source);
  }
  return dir;
}

describe('reading the synthesized functions', () => {
  it('finds each route and job function with its bundle, handler, timeout and variables; other functions are left out', () => {
    const dir = writeAssembly();
    const functions = readSynthesizedFunctions(dir);
    expect([...functions.keys()].sort()).toEqual(['job-chain-recheck', 'payment-submit-usdt']);
    const submit = functions.get('payment-submit-usdt');
    expect(submit).toMatchObject({
      templateFile: 'GoldbotApiRoutespayment.nested.template.json',
      logicalId: 'paymentsubmitusdtHandlerFunction092E6BDA',
      bundleFile: join(dir, 'asset.submit', 'index.mjs'),
      exportName: 'handler',
      timeoutSeconds: 10,
    });
    expect(functions.get('job-chain-recheck')?.timeoutSeconds).toBe(120);
    // A nested stack's parameter leads to the resource the parent passes in.
    expect(submit?.resolveRef('referencetoCheckerRef')).toBe('JobsjobchainrecheckHandlerFunction6CBD1D28');
    expect(submit?.resolveRef('paymentsubmitusdtHandlerFunction092E6BDA')).toBe(
      'paymentsubmitusdtHandlerFunction092E6BDA',
    );
    expect(submit?.resolveRef('Nothing')).toBeUndefined();
  });
});

describe('reading the synthesized triggers', () => {
  it('finds the seeding and the PreSignUp trigger by their construct paths, named after their handlers', () => {
    const dir = writeAssembly({ 'asset.seed': 'export const handler = async () => ({});' });
    expect([...readSynthesizedTriggers(dir).keys()]).toEqual(['seed-defaults']);
    const auth = {
      Resources: {
        PreSignUpFunction8B568BDD: lambdaFunction('Goldbot-Auth/PreSignUpFunction/Resource', 'asset.presignup', 5, {
          LOG_LEVEL: 'info',
        }),
      },
    };
    writeFileSync(join(dir, 'Goldbot-Auth.template.json'), JSON.stringify(auth));
    mkdirSync(join(dir, 'asset.presignup'));
    writeFileSync(join(dir, 'asset.presignup', 'index.mjs'), 'export const handler = async (event) => event;');
    const triggers = readSynthesizedTriggers(dir);
    expect([...triggers.keys()].sort()).toEqual(['pre-sign-up', 'seed-defaults']);
    expect(triggers.get('pre-sign-up')).toMatchObject({
      templateFile: 'Goldbot-Auth.template.json',
      bundleFile: join(dir, 'asset.presignup', 'index.mjs'),
      timeoutSeconds: 5,
      environment: { LOG_LEVEL: 'info' },
    });
    // Route and job functions are not triggers, nor the reverse.
    expect(readSynthesizedFunctions(dir).has('seed-defaults')).toBe(false);
  });

  it('leaves out a trigger whose stack was not bundled (its code is the source folder)', () => {
    expect(readSynthesizedTriggers(writeAssembly()).size).toBe(0);
  });
});

describe('whether the assembly must be synthesized again', () => {
  function project() {
    const root = tempDir();
    for (const folder of ['functions/src', 'shared/src', 'infra/lib', 'infra/bin', 'infra/cdk.out']) {
      mkdirSync(join(root, folder), { recursive: true });
    }
    writeFileSync(join(root, 'functions/src/handler.ts'), 'export {};');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    return root;
  }
  const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

  it('is missing, current, or stale after a source or the lock file changed', () => {
    const root = project();
    expect(staleAssemblyReason(root)).toMatch(/no synthesized app/);
    const manifest = join(root, 'infra/cdk.out/manifest.json');
    writeFileSync(manifest, '{}');
    for (const dir of ['functions/src', 'shared/src', 'infra/lib', 'infra/bin', 'functions/src/handler.ts']) {
      at(join(root, dir), 1_000);
    }
    at(join(root, 'package-lock.json'), 1_000);
    at(manifest, 2_000);
    expect(staleAssemblyReason(root)).toBeNull();

    at(join(root, 'functions/src/handler.ts'), 3_000);
    expect(staleAssemblyReason(root)).toBe('functions/src changed after the last synth');
    at(join(root, 'functions/src/handler.ts'), 1_000);
    at(join(root, 'package-lock.json'), 3_000);
    expect(staleAssemblyReason(root)).toBe('package-lock.json changed after the last synth');
  });
});

describe('the environment of a bundled function', () => {
  const local = {
    TABLE_NAME: 'goldbot-local',
    USER_POOL_ID: 'local_pool',
    USER_POOL_CLIENT_ID: 'client',
    MAIL_FROM: 'no-reply@goldbot.example',
    APP_URL: 'http://localhost:5173',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100',
    OTP_HASH_KEY: 'k'.repeat(64),
    TRON_API_URL: 'http://127.0.0.1:8090',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
  };
  const fn = (environment: SynthesizedFunction['environment']) => ({
    id: 'payment-submit-usdt',
    environment,
    resolveRef: (name: string) => (name === 'referencetoCheckerRef' ? 'CheckerLogicalId' : undefined),
  });
  const options = {
    lambdaEndpoint: 'http://127.0.0.1:3000',
    functionIdOf: (logicalId: string) => (logicalId === 'CheckerLogicalId' ? 'job-chain-recheck' : undefined),
    invokeToken: 'token-of-this-run',
  };

  it('takes the names from the template and the values from the local stack', () => {
    const env = bundledEnvironment(
      fn({
        TABLE_NAME: { 'Fn::GetStackOutput': {} },
        USER_POOL_ID: { 'Fn::GetStackOutput': {} },
        APP_URL: 'https://goldbot.example.com',
        TRON_API_URL: 'https://api.trongrid.io',
        ADMIN_MFA_REQUIRED: 'true',
        OTP_HASH_KEY_SECRET_ARN: { Ref: 'OtpHashKey' },
        ORIGIN_SECRET_ARN: { Ref: 'OriginVerifySecret' },
        SES_CONFIGURATION_SET: { Ref: 'ConfigurationSet' },
        CHAIN_CHECK_GRACE_HOURS: '24',
        NODE_OPTIONS: '--enable-source-maps',
        CHAIN_CHECK_FUNCTION_NAME: { Ref: 'referencetoCheckerRef' },
      }),
      local,
      options,
    );
    expect(env).toEqual({
      AWS_LAMBDA_FUNCTION_NAME: 'payment-submit-usdt',
      AWS_ENDPOINT_URL_LAMBDA: 'http://127.0.0.1:3000',
      // The local Invoke endpoint's token: the Lambda client signs it into its requests.
      AWS_SESSION_TOKEN: 'token-of-this-run',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
      TABLE_NAME: 'goldbot-local',
      USER_POOL_ID: 'local_pool',
      APP_URL: 'http://localhost:5173',
      TRON_API_URL: 'http://127.0.0.1:8090',
      ADMIN_MFA_REQUIRED: 'false',
      OTP_HASH_KEY: local.OTP_HASH_KEY,
      CHAIN_CHECK_GRACE_HOURS: '24',
      NODE_OPTIONS: '--enable-source-maps',
      CHAIN_CHECK_FUNCTION_NAME: 'job-chain-recheck',
    });
    // No CloudFront locally: the origin check stays off, as under a plain npm start.
    expect(env).not.toHaveProperty('ORIGIN_SECRET_ARN');
    expect(env).not.toHaveProperty('OTP_HASH_KEY_SECRET_ARN');
  });

  it('refuses a variable it has no rule for, naming the function, the variable and the file to extend', () => {
    expect(() => bundledEnvironment(fn({ NEW_SETTING: 'x' }), local, options)).toThrow(BundledEnvironmentError);
    expect(() => bundledEnvironment(fn({ NEW_SETTING: 'x' }), local, options)).toThrow(
      'payment-submit-usdt: the template sets NEW_SETTING, but there is no rule for it. Say how the local stack ' +
        'answers it in BUNDLED_ENVIRONMENT_RULES (scripts/local/bundled-functions.ts).',
    );
  });

  it('refuses a reference where it needs a plain value, and a function name it cannot follow', () => {
    expect(() => bundledEnvironment(fn({ NODE_OPTIONS: { Ref: 'X' } }), local, options)).toThrow(/not a plain value/);
    expect(() => bundledEnvironment(fn({ CHAIN_CHECK_FUNCTION_NAME: { Ref: 'Elsewhere' } }), local, options)).toThrow(
      /does not refer to a route or job function/,
    );
    expect(() => bundledEnvironment(fn({ USER_POOL_CLIENT_ID: 'x' }), {}, options)).toThrow(
      /the local stack has no value for it/,
    );
  });
});

describe('running bundles in workers', () => {
  const BUNDLE = `
    export const handler = async (event, context) => {
      if (event.fail) throw new TypeError('broken on purpose');
      if (event.hang) await new Promise(() => setInterval(() => {}, 1000));
      return { statusCode: 200, body: JSON.stringify({ table: process.env.TABLE_NAME, name: context.functionName, event }) };
    };`;

  function started(timeoutSeconds = 10) {
    const dir = writeAssembly({ 'asset.submit': BUNDLE, 'asset.job': BUNDLE });
    const functions = readSynthesizedFunctions(dir);
    for (const fn of functions.values()) fn.timeoutSeconds = timeoutSeconds;
    return startBundledFunctions({
      functions,
      environmentOf: (fn) => ({ TABLE_NAME: `table-of-${fn.id}` }),
      log: () => undefined,
      maxWarm: 1,
    });
  }

  it('answers each function from its own bundle with its own environment', async () => {
    const bundles = started();
    try {
      const submit = (await bundles.invoke('payment-submit-usdt', { n: 1 })) as { body: string };
      expect(JSON.parse(submit.body)).toEqual({
        table: 'table-of-payment-submit-usdt',
        name: 'payment-submit-usdt',
        event: { n: 1 },
      });
      // maxWarm 1: the first worker is reclaimed; a later call starts it again.
      const job = (await bundles.invoke('job-chain-recheck', {})) as { body: string };
      expect(JSON.parse(job.body).table).toBe('table-of-job-chain-recheck');
      const again = (await bundles.invoke('payment-submit-usdt', { n: 2 })) as { body: string };
      expect(JSON.parse(again.body).event).toEqual({ n: 2 });
    } finally {
      await bundles.stop();
    }
  });

  it('reports a thrown error and a timeout the way Lambda does', async () => {
    const bundles = started(1);
    try {
      await expect(bundles.invoke('payment-submit-usdt', { fail: true })).rejects.toMatchObject({
        errorType: 'TypeError',
        message: 'payment-submit-usdt: TypeError: broken on purpose',
      });
      const timedOut = bundles.invoke('payment-submit-usdt', { hang: true });
      await expect(timedOut).rejects.toBeInstanceOf(FunctionError);
      await expect(timedOut).rejects.toMatchObject({ errorType: 'Sandbox.Timedout' });
      // The environment that timed out is gone; the next call gets a fresh one.
      await expect(bundles.invoke('payment-submit-usdt', {})).resolves.toMatchObject({ statusCode: 200 });
    } finally {
      await bundles.stop();
    }
  });
});

describe('the functions the local Invoke endpoint answers', () => {
  it('are the targets of the function-name variables: the chain check, and no route or other job', () => {
    const functions = readSynthesizedFunctions(writeAssembly());
    const idOfLogicalId = new Map([...functions.values()].map((fn) => [fn.logicalId, fn.id]));
    expect(invokedFunctionIds(functions.values(), (logicalId) => idOfLogicalId.get(logicalId))).toEqual(
      new Set(['job-chain-recheck']),
    );
    // A reference that leads nowhere names nothing.
    expect(invokedFunctionIds(functions.values(), () => undefined)).toEqual(new Set());
  });
});

describe("Lambda's Invoke path", () => {
  it('names the function by name or ARN, and nothing else', () => {
    expect(invokedFunctionName('POST', '/2015-03-31/functions/job-chain-recheck/invocations')).toBe(
      'job-chain-recheck',
    );
    expect(
      invokedFunctionName(
        'POST',
        `/2015-03-31/functions/${encodeURIComponent('arn:aws:lambda:us-east-1:1:function:job-chain-recheck')}/invocations`,
      ),
    ).toBe('job-chain-recheck');
    expect(invokedFunctionName('GET', '/2015-03-31/functions/job-chain-recheck/invocations')).toBeNull();
    expect(invokedFunctionName('POST', '/api/health')).toBeNull();
    // A broken percent-encoding is no function name (and no 500).
    expect(invokedFunctionName('POST', '/2015-03-31/functions/%E0%A4%A/invocations')).toBeNull();
  });
});
