import { randomBytes } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { buildPath, implementedRoutes, SCHEDULES, scheduledJobEvent, type RouteId } from '@goldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
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

  const lambda = () =>
    new LambdaClient({
      endpoint: stack().urls.api,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });

  for (const job of SCHEDULES.filter((s) => s.implemented)) {
    it(`${job.id} runs from its bundle when invoked as its schedule does`, async () => {
      const answer = await lambda().send(
        new InvokeCommand({
          FunctionName: job.id,
          InvocationType: 'RequestResponse',
          Payload: new TextEncoder().encode(JSON.stringify(scheduledJobEvent(job.id, new Date(), 'smoke.test'))),
        }),
      );
      const payload = new TextDecoder().decode(answer.Payload);
      expect(answer.FunctionError, payload).toBeUndefined();
      expect(answer.StatusCode).toBe(200);
    });
  }

  it('an unknown function is ResourceNotFoundException, as in AWS', async () => {
    await expect(
      lambda().send(new InvokeCommand({ FunctionName: 'no-such-function', InvocationType: 'Event' })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });
});
