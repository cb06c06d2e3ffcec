import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { buildPath, implementedRoutes, SCHEDULES, scheduledJobEvent, type RouteId } from '@goldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundledEnvironment,
  startBundledFunctions,
  type BundledFunctions,
} from '../../../scripts/local/bundled-functions.js';
import { readSynthesizedFunctions } from '../../../scripts/local/synthesized-functions.js';
import { AUTHORIZATION_MATRIX, SELF } from '../authorization-matrix.js';
import { decidePayment, paymentByTxid, priceOf } from '../integration/fixtures.js';
import { api, idTokenFor, newCustomer, stack, withOrder, type TestCustomer } from '../integration/http-client.js';
import { SMOKE_CASES, type SmokeCaller, type SmokeRequest } from './smoke-cases.js';

/**
 * The smoke pass of the deployed bundles: the stack runs `npm start -- --bundled` (every route and
 * job from its bundle in infra/cdk.out, bundled-global-setup.ts), and each route of the table gets
 * one valid request over HTTP with the status its case names (smoke-cases.ts). A bundling mistake
 * (a module esbuild left out, a variable the template does not give the function, a CommonJS
 * dependency that breaks in ESM) then fails here, not at the first request after a deploy.
 */
let customer: TestCustomer;
let purchaseTxid: string | undefined;

beforeAll(async () => {
  customer = await newCustomer('smoke');
});

async function tokenOf(caller: SmokeCaller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (caller === 'admin') return idTokenFor('admin');
  if (caller === 'fresh-customer') return (await newCustomer('smoke-fresh')).token;
  return customer.token;
}

/**
 * A real purchase of Basic: the customer's open order, and a TXID the TRON double answers as a
 * transfer of exactly the order's amount to the local wallet.
 */
async function purchaseRequest(): Promise<SmokeRequest> {
  const txid = randomBytes(32).toString('hex');
  const body = await withOrder(customer.token, {
    packageName: 'Basic Package',
    txid,
    amount: await priceOf('basic'),
    referralCode: null,
  });
  const alias = await fetch(`${stack().urls.tron}/__double/alias`, {
    method: 'POST',
    body: JSON.stringify({ txid, fixture: 'usdt-60-basic', amount: String(body.amount) }),
  });
  expect(alias.status).toBe(201);
  purchaseTxid = txid;
  return { body };
}

function matrixRequest(id: RouteId): SmokeRequest {
  const row = AUTHORIZATION_MATRIX[id];
  if (!row) throw new Error(`${id}: give its smoke case a request (no row in the authorization matrix to reuse)`);
  const pathParams = row.request.pathParams
    ? Object.fromEntries(Object.entries(row.request.pathParams).map(([k, v]) => [k, v === SELF ? customer.userId : v]))
    : undefined;
  return { ...row.request, pathParams };
}

describe('every route through the synthesized bundles', () => {
  it('runs in bundled mode', () => {
    expect(stack().mode).toBe('bundled');
  });

  for (const route of implementedRoutes()) {
    const smoke = SMOKE_CASES[route.id as RouteId] as (typeof SMOKE_CASES)[RouteId] | undefined;
    it(`${route.method} ${route.path} (${route.id}) answers ${smoke?.status ?? '?'}`, async () => {
      expect(smoke, `add a case for ${route.id} to functions/test/bundled/smoke-cases.ts`).toBeDefined();
      if (!smoke) return;
      const request =
        smoke.request === 'purchase' ? await purchaseRequest() : (smoke.request ?? matrixRequest(route.id as RouteId));
      const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
      const response = await api(`${buildPath(route.path, request.pathParams)}${query}`, {
        method: route.method,
        token: await tokenOf(smoke.as),
        body: request.body,
      });
      expect(response.status, `${route.id}: ${response.text.slice(0, 300)}`).toBe(smoke.status);
    });
  }
});

describe('the asynchronous chain check and the jobs, through the local Lambda API', () => {
  it('the submission invoked the bundled job-chain-recheck: its verdict is on the payment, which the admin approves', async () => {
    expect(purchaseTxid, 'the payment-submit-usdt case ran first').toBeDefined();
    const txid = purchaseTxid ?? '';
    const deadline = Date.now() + 20_000;
    let payment = await paymentByTxid(txid);
    while (!payment.chainCheck && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      payment = await paymentByTxid(txid);
    }
    expect(payment.chainCheck?.status).toBe('match');
    const approved = await decidePayment('approve', payment._id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });

  // The jobs as their schedule invokes them. In AWS, EventBridge Scheduler calls Lambda's service,
  // which the stack's local Invoke endpoint does not stand in for (it answers only the functions'
  // own chain-check invoke, with the token only they hold), so each job's bundle runs here, in a
  // worker of this process with the environment the stack gives it, against the same services.
  let jobs: BundledFunctions | undefined;
  afterAll(() => jobs?.stop());
  const runJob = (id: string, event: unknown) => {
    if (!jobs) {
      const all = readSynthesizedFunctions(resolve(import.meta.dirname, '../../../infra/cdk.out'));
      const idOfLogicalId = new Map([...all.values()].map((fn) => [fn.logicalId, fn.id]));
      const scheduled: string[] = SCHEDULES.filter((s) => s.implemented).map((s) => s.id);
      jobs = startBundledFunctions({
        functions: new Map([...all].filter(([jobId]) => scheduled.includes(jobId))),
        environmentOf: (fn) =>
          bundledEnvironment(fn, stack().handlerEnv, {
            lambdaEndpoint: stack().urls.api,
            functionIdOf: (logicalId) => idOfLogicalId.get(logicalId),
            invokeToken: randomBytes(16).toString('hex'),
          }),
        log: (line) => process.stdout.write(`${line}\n`),
      });
    }
    return jobs.invoke(id, event);
  };

  for (const job of SCHEDULES.filter((s) => s.implemented)) {
    it(`${job.id} runs from its bundle when invoked as its schedule does`, async () => {
      // A run that throws or times out rejects with Lambda's error type and message.
      await expect(runJob(job.id, scheduledJobEvent(job.id, new Date(), 'smoke.test'))).resolves.toBeDefined();
    });
  }

  it("the local Lambda API refuses a caller without this run's token, which only the bundled functions hold", async () => {
    const lambda = new LambdaClient({
      endpoint: stack().urls.api,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local', sessionToken: 'a-guess' },
      maxAttempts: 1,
    });
    for (const name of ['job-chain-recheck', 'admin-users', 'no-such-function']) {
      await expect(
        lambda.send(new InvokeCommand({ FunctionName: name, InvocationType: 'Event' })),
      ).rejects.toMatchObject({ name: 'UnrecognizedClientException', $metadata: { httpStatusCode: 403 } });
    }
  });
});
