import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext as localLambdaContext } from '../local/lambda-context.mjs';
import { ADMIN_GROUP, buildPath, getRoute, type RouteId } from '@goldbot/shared';

/**
 * Runs a real handler in this process, as `npm run invoke` does, with the HTTP API v2 event API
 * Gateway would pass after its JWT authorizer verified an administrator's ID token.
 */
export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface AdminCaller {
  userId: string;
  email: string;
}

/**
 * The authorizer's claims as API Gateway passes them (strings; groups as "[admin]"). The audience
 * is the client the handlers sign in through (their USER_POOL_CLIENT_ID): only such a token acts
 * as an administrator.
 */
export function adminClaims(caller: AdminCaller, nowMs = Date.now()): Record<string, string> {
  const iat = String(Math.floor(nowMs / 1000));
  return {
    sub: caller.userId,
    aud: process.env.USER_POOL_CLIENT_ID ?? '',
    email: caller.email,
    email_verified: 'true',
    'cognito:groups': `[${ADMIN_GROUP}]`,
    'cognito:username': caller.userId,
    token_use: 'id',
    auth_time: iat,
    iat,
    exp: String(Math.floor(nowMs / 1000) + 3600),
  };
}

export function adminEvent(
  routeId: RouteId,
  caller: AdminCaller,
  query: Record<string, string> = {},
  pathParameters: Record<string, string> = {},
): APIGatewayProxyEventV2 {
  const route = getRoute(routeId);
  const rawPath = buildPath(route.path, pathParameters);
  const routeKey = `${route.method} ${route.path}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: {
      accept: 'application/json',
      authorization: 'Bearer bench.admin.token',
      host: 'api.bench.local',
      'user-agent': 'goldbot-bench',
      'x-forwarded-for': '127.0.0.1',
    },
    ...(Object.keys(query).length > 0 ? { queryStringParameters: { ...query } } : {}),
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters: { ...pathParameters } } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'bench',
      authorizer: { jwt: { claims: adminClaims(caller, now), scopes: [] } },
      domainName: 'api.bench.local',
      domainPrefix: 'api',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  } as APIGatewayProxyEventV2;
}

/** The context of one invocation (the route functions' 10 s timeout). */
export const lambdaContext = (functionName: string): Context =>
  localLambdaContext({ functionName, requestId: randomUUID(), timeoutMs: 10_000, logStreamName: 'bench' });

export const handlerPath = (root: string, routeId: string) =>
  join(root, 'functions', 'src', 'handlers', `${routeId}.ts`);
export const handlerExists = (root: string, routeId: string) => existsSync(handlerPath(root, routeId));

/** Imports a handler module (once per process, like a warm Lambda). */
export async function loadHandler(root: string, routeId: string): Promise<LambdaHandler> {
  const module = (await import(pathToFileURL(handlerPath(root, routeId)).href)) as { handler?: LambdaHandler };
  if (typeof module.handler !== 'function') throw new Error(`${routeId}.ts exports no handler`);
  return module.handler;
}

export interface Answer {
  statusCode: number;
  body: Record<string, unknown>;
}

export async function invokeHandler(
  handler: LambdaHandler,
  event: APIGatewayProxyEventV2,
  id: string,
): Promise<Answer> {
  const result = await handler(event, lambdaContext(id));
  const text = result.body ?? '';
  let body: Record<string, unknown> = {};
  try {
    body = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { statusCode: result.statusCode ?? 200, body };
}

/** How many rows a list answered: the length of the first array in its body (0 for figures only). */
export function rowsOf(body: Record<string, unknown>): number | undefined {
  const list = Object.values(body).find(Array.isArray);
  return Array.isArray(list) ? list.length : undefined;
}
