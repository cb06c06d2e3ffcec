import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { ADMIN_GROUP, AUTH, sessionUserSchema, type SessionUser } from '@goldbot/shared';
import { afterAll, beforeAll, inject } from 'vitest';
import { ensureUser, localCognitoClient, localIdToken } from '../../../scripts/local/cognito-local.js';
import { createGateway } from '../../../scripts/local/gateway.js';
import { createJwtVerifier } from '../../../scripts/local/jwt-verifier.js';

/** Small HTTP helpers for tests that talk to the local gateway exactly as the SPA does. */
export const stack = () => inject('localStack');

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The parsed JSON answer ({} when empty or not JSON, e.g. a CSV download: read `text`). */
  body: T;
  text: string;
}

export async function api<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${stack().urls.api}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  const json = text !== '' && (response.headers.get('content-type') ?? 'application/json').includes('json');
  return { status: response.status, headers: response.headers, body: (json ? JSON.parse(text) : {}) as T, text };
}

/** A confirmed Cognito user with a verified e-mail and a permanent password; Cognito mails nothing. */
async function createConfirmedUser(email: string, password: string): Promise<void> {
  const info = stack();
  await ensureUser(localCognitoClient(info.urls.cognito), info.pool, { email, password });
}

export interface TestCustomer extends SessionUser {
  token: string;
}

/**
 * A new confirmed account with its profile, made by /api/auth/me as after a first sign-in (like a
 * Google user's lazy profile), and its ID token. `tag` starts the address, to tell accounts apart;
 * `email` gives the whole address instead (aliases of one mailbox).
 */
export async function newCustomer(
  tag: string,
  email = `${tag}-${randomUUID().slice(0, 8)}@example.com`,
): Promise<TestCustomer> {
  const info = stack();
  const password = 'Buyer1234!';
  await createConfirmedUser(email, password);
  const token = await localIdToken(info.urls.cognito, info.pool, { email, password });
  const me = await api('/api/auth/me', { token });
  if (me.status !== 200) throw new Error(`could not set up ${email}: HTTP ${me.status}`);
  return { ...sessionUserSchema.parse(me.body), token };
}

/** The refresh token from a sign-in's HttpOnly cookie (the body never carries it). */
export function refreshCookieOf(response: ApiResponse<unknown>): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${AUTH.refreshCookie}=`));
  const value = cookie?.slice(AUTH.refreshCookie.length + 1).split(';')[0];
  if (!value) throw new Error('the response set no refresh cookie');
  return value;
}

const tokens = new Map<string, Promise<string>>();

/**
 * A confirmed Cognito user (optionally an admin) and its ID token, created once per test file.
 * `fresh`: a throw-away account of that kind, never cached, for a request that ends every session
 * of its caller (the shared callers must live on for the other tests).
 */
export function idTokenFor(kind: 'admin' | 'user' | 'other-user', options: { fresh?: boolean } = {}): Promise<string> {
  const cached = options.fresh ? undefined : tokens.get(kind);
  if (cached) return cached;
  const created = (async () => {
    const info = stack();
    const client = localCognitoClient(info.urls.cognito);
    let email = info.admin.email;
    let password = kind === 'admin' ? info.admin.password : 'User1234!';
    if (kind !== 'admin') {
      email = `${kind}-${randomUUID()}@example.com`;
      await createConfirmedUser(email, password);
    } else if (options.fresh) {
      email = `admin-${randomUUID()}@example.com`;
      password = 'Admin1234!';
      await ensureUser(client, info.pool, { email, password, groups: [ADMIN_GROUP] });
    } else {
      // The admin exists from the bootstrap; membership is re-asserted in case a test removed it.
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: info.pool.userPoolId, Username: email, GroupName: 'admin' }),
      );
    }
    const token = await localIdToken(info.urls.cognito, info.pool, { email, password });
    // Only /api/auth/me serves a token without a profile (it creates one); every other route refuses it.
    const me = await api('/api/auth/me', { token });
    if (me.status !== 200) throw new Error(`could not set up the ${kind} profile: HTTP ${me.status}`);
    return token;
  })();
  if (!options.fresh) tokens.set(kind, created);
  return created;
}

/**
 * A purchase body as the payment window sends it: the caller's open order of the package (POST
 * /api/payment/order) names it, and its exact amount replaces an `amount` equal to the order's
 * price (a deliberately wrong amount stays wrong). A body that names an order is sent as it is; one
 * whose order the server refuses names no order, to get the submission's own answer.
 */
export async function withOrder<B extends { packageName: string; amount?: number; referralCode?: string | null }>(
  token: string,
  body: B,
): Promise<B & { orderId?: string }> {
  if ('orderId' in body) return body as B & { orderId?: string };
  const opened = await api<{ order?: { orderId: string; price: number; amount: number } }>('/api/payment/order', {
    method: 'POST',
    token,
    body: { packageName: body.packageName, referralCode: body.referralCode ?? null },
  });
  const order = opened.body.order;
  // Refused (off sale, no wallet, a bad code): an id of no order, so the submission gives its own answer.
  if (opened.status !== 200 || !order) return { ...body, orderId: 'NOORDER' };
  return { ...body, orderId: order.orderId, ...(body.amount === order.price ? { amount: order.amount } : {}) };
}

/**
 * A gateway of its own in this test process: the same handlers against the shared stack's services,
 * with `env` on top of the handlers' environment (read once, when this file's handlers load).
 */
export async function ownGateway(
  env: Record<string, string>,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  Object.assign(process.env, stack().handlerEnv, env);
  const verifier = await createJwtVerifier({ issuer: stack().issuer, clientId: stack().pool.clientId });
  const server = createGateway({ root: resolve(import.meta.dirname, '../../..'), verifier });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * An ownGateway for the tests of the file or describe block that calls this: started before
 * them, closed after. Its `baseUrl` is set once they run.
 */
export function useOwnGateway(env: Record<string, string>): { readonly baseUrl: string } {
  const gateway = { baseUrl: '' };
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ baseUrl: gateway.baseUrl, close } = await ownGateway(env));
  });
  afterAll(() => close());
  return gateway;
}
