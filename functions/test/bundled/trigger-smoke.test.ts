import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CloudFormationCustomResourceEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundledEnvironment,
  FunctionError,
  startBundledFunctions,
  type BundledFunctions,
} from '../../../scripts/local/bundled-functions.js';
import {
  CLOUD_ASSEMBLY_DIR,
  readSynthesizedTriggers,
  synthesize,
  type SynthesizedFunction,
} from '../../../scripts/local/synthesized-functions.js';
import { defaultSeedItems } from '../../src/data/seed-items.js';
import { stack } from '../integration/http-client.js';

/**
 * The smoke pass of the two functions outside the API, from the bundles a deploy uploads: the data
 * stack's seeding (the custom resource CloudFormation calls on every deploy that changes the seed)
 * and the user pool's PreSignUp trigger (deployed only with Google sign-in, so its bundle comes from
 * a synth of Goldbot-Auth with the Google context values). Each runs in a worker as `npm start --
 * --bundled` runs the routes (scripts/local/bundled-functions.ts), against the local stack of this
 * project. A bundling mistake (a module left out, a CommonJS dependency that breaks in ESM, an
 * environment variable the template does not give) fails here rather than in the middle of a
 * deploy, or at a customer's first Google sign-in.
 */
const root = resolve(import.meta.dirname, '../../..');
/** Any well-formed values: the trigger's bundle does not depend on them. */
const GOOGLE_CONTEXT = {
  googleClientId: 'smoke.apps.googleusercontent.com',
  googleClientSecretName: 'goldbot/google-client-secret',
  cognitoDomainPrefix: 'goldbot-smoke',
};

let googleAssembly: string;
let bundles: BundledFunctions;

beforeAll(async () => {
  googleAssembly = mkdtempSync(join(tmpdir(), 'goldbot-auth-google-'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  await synthesize(root, log, { stacks: ['Goldbot-Auth'], context: GOOGLE_CONTEXT, outdir: googleAssembly });
  const seed = readSynthesizedTriggers(join(root, CLOUD_ASSEMBLY_DIR)).get('seed-defaults');
  const preSignUp = readSynthesizedTriggers(googleAssembly).get('pre-sign-up');
  expect(seed, `no bundled seed-defaults function in ${CLOUD_ASSEMBLY_DIR}`).toBeDefined();
  expect(preSignUp, 'no bundled pre-sign-up function in the Google synth of Goldbot-Auth').toBeDefined();
  const functions = new Map<string, SynthesizedFunction>();
  if (seed) functions.set(seed.id, seed);
  if (preSignUp) functions.set(preSignUp.id, preSignUp);
  bundles = startBundledFunctions({
    functions,
    environmentOf: (fn) => ({
      ...bundledEnvironment(fn, stack().handlerEnv, {
        lambdaEndpoint: stack().urls.api,
        functionIdOf: () => undefined,
        // The triggers invoke no function: this token opens nothing.
        invokeToken: 'the-triggers-invoke-nothing',
      }),
      // Lambda runs Node 22; the SDK's notice about its future Node 22 floor is noise on this machine's Node.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    log,
  });
});

afterAll(async () => {
  await bundles?.stop();
  if (googleAssembly) rmSync(googleAssembly, { recursive: true, force: true });
});

describe('the deploy-time seeding, from its bundle', () => {
  const event = (requestType: 'Create' | 'Update' | 'Delete') =>
    ({
      RequestType: requestType,
      ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:seed-provider',
      ResponseURL: 'https://cloudformation-custom-resource-response.invalid/',
      StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/Goldbot-Data/smoke',
      RequestId: `smoke-${requestType}`,
      LogicalResourceId: 'SeedDefaultsResource',
      ResourceType: 'Custom::GoldbotSeedDefaults',
      ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:seed-provider' },
      ...(requestType === 'Create' ? {} : { PhysicalResourceId: `seed-defaults:${stack().tableName}` }),
      ...(requestType === 'Update' ? { OldResourceProperties: {} } : {}),
    }) as CloudFormationCustomResourceEvent;

  it('seeds what is missing and keeps every item that is there, answering the provider its physical id', async () => {
    const total = defaultSeedItems(new Date()).length;
    const created = (await bundles.invoke('seed-defaults', event('Create'))) as {
      PhysicalResourceId: string;
      Data: { Written: number; Kept: number };
    };
    expect(created.PhysicalResourceId).toBe(`seed-defaults:${stack().tableName}`);
    expect(created.Data.Written + created.Data.Kept).toBe(total);
    // Run again (a deploy that changed the seed): everything is there now and nothing is overwritten.
    expect(await bundles.invoke('seed-defaults', event('Update'))).toEqual({
      PhysicalResourceId: `seed-defaults:${stack().tableName}`,
      Data: { Written: 0, Kept: total },
    });
  });

  it('deletes nothing when the resource is deleted', async () => {
    expect(await bundles.invoke('seed-defaults', event('Delete'))).toEqual({
      PhysicalResourceId: `seed-defaults:${stack().tableName}`,
    });
  });
});

describe('the PreSignUp trigger, from the bundle of a Google-enabled Goldbot-Auth', () => {
  const event = (triggerSource: PreSignUpTriggerEvent['triggerSource'], email: string, userPoolId: string) =>
    ({
      version: '1',
      region: 'us-east-1',
      userPoolId,
      userName:
        triggerSource === 'PreSignUp_ExternalProvider' ? `Google_${Date.now()}${randomBytes(4).readUInt32BE()}` : email,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'hosted-ui-client' },
      triggerSource,
      request: { userAttributes: { email, email_verified: 'true' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    }) as PreSignUpTriggerEvent;
  const newAddress = () => `smoke-google-${randomBytes(6).toString('hex')}@example.com`;

  it('lets a native sign-up through unchanged', async () => {
    const signUp = event('PreSignUp_SignUp', newAddress(), stack().pool.userPoolId);
    expect(await bundles.invoke('pre-sign-up', signUp)).toEqual(signUp);
  });

  it('asks the user pool about a first Google sign-in, and confirms a new customer', async () => {
    const google = event('PreSignUp_ExternalProvider', newAddress(), stack().pool.userPoolId);
    const answer = (await bundles.invoke('pre-sign-up', google)) as PreSignUpTriggerEvent;
    expect(answer.response).toEqual({ autoConfirmUser: true, autoVerifyEmail: true, autoVerifyPhone: false });
  });

  it('reaches Cognito through its bundled client: a pool that does not exist is Cognito’s error', async () => {
    const google = event('PreSignUp_ExternalProvider', newAddress(), 'us-east-1_NoSuchPool');
    const failure = await bundles.invoke('pre-sign-up', google).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FunctionError);
    expect((failure as FunctionError).errorType).toMatch(/ResourceNotFound/);
  });
});
