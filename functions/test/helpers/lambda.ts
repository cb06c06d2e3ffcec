import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { ADMIN_GROUP, buildPath, getRoute, type RouteId } from '@goldbot/shared';
import { readSampleEvent } from '../../../events/index.js';
import { parseGroups } from '../../src/kit/identity.js';

/**
 * Test doubles for the Lambda runtime: API Gateway HTTP API (payload 2.0) events built from the
 * route table, the sample events in events/, a fresh fake Context per invocation, and `invoke`
 * which runs a handler and parses its JSON body.
 */

/** JWT claims as API Gateway's JWT authorizer passes them: every value is a string. */
export type Claims = Record<string, string>;

const ISSUER = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_test';
/** The client the API signs in through (USER_POOL_CLIENT_ID of setup-env.ts): its tokens' audience. */
export const API_CLIENT_ID = 'test-client';

export function jwtClaims(sub: string, email: string, groups: string[] = []): Claims {
  const issuedAt = Math.floor(Date.now() / 1000);
  return {
    sub,
    email,
    email_verified: 'true',
    ...(groups.length > 0 ? { 'cognito:groups': `[${groups.join(' ')}]` } : {}),
    'cognito:username': sub,
    iss: ISSUER,
    aud: API_CLIENT_ID,
    token_use: 'id',
    auth_time: String(issuedAt),
    iat: String(issuedAt),
    exp: String(issuedAt + 3600),
  };
}

/** The three callers of the authorization matrix (anonymous is `claims: null`). */
export const CALLERS = {
  user: jwtClaims('11111111-1111-4111-8111-111111111111', 'user@example.com'),
  otherUser: jwtClaims('22222222-2222-4222-8222-222222222222', 'other@example.com'),
  admin: jwtClaims('99999999-9999-4999-8999-999999999999', 'admin@example.com', ['admin']),
} as const satisfies Record<string, Claims>;

/** The caller the handler kit reads from CALLERS.user's token (kit/identity.ts's `callerOf`). */
export const USER_CALLER = {
  userId: CALLERS.user.sub,
  email: 'user@example.com',
  emailVerified: true,
  isAdmin: false,
  issuedAt: Number(CALLERS.user.iat),
  authTime: Number(CALLERS.user.auth_time),
  apiSignIn: true,
};

export interface HttpEventOptions {
  routeId: RouteId;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** Objects are sent as JSON; a string is sent verbatim (to test malformed bodies). */
  body?: unknown;
  isBase64Encoded?: boolean;
  /** Null or absent: anonymous (no authorizer in the request context). */
  claims?: Claims | null;
  headers?: Record<string, string>;
  /** Request cookies as API Gateway v2 passes them: `name=value` entries apart from the headers. */
  cookies?: string[];
}

/** A value for every path parameter of the route table, for tests that call any route. */
export const ANY_PATH_PARAMETERS: Record<string, string> = {
  id: 'x',
  userId: 'x',
  packageId: 'x',
  dataset: 'payments',
  orderId: 'x',
  txid: 'x',
  subscriptionId: 'x',
};

/** A realistic HTTP API v2 event for a route of the table. */
export function httpEvent(options: HttpEventOptions): APIGatewayProxyEventV2 {
  const route = getRoute(options.routeId);
  const rawPath = buildPath(route.path, options.pathParameters ?? {});
  const query = options.query ?? {};
  const rawQueryString = new URLSearchParams(query).toString();
  let body: string | undefined;
  if (options.body !== undefined) {
    const text = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    body = options.isBase64Encoded ? Buffer.from(text, 'utf8').toString('base64') : text;
  }
  const now = Date.now();
  const routeKey = `${route.method} ${route.path}`;
  const userAgent = 'vitest';
  const event = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    headers: {
      accept: 'application/json',
      host: 'api.example.test',
      'user-agent': userAgent,
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-proto': 'https',
      ...(body !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
        : {}),
      ...(options.claims ? { authorization: 'Bearer test.jwt.token' } : {}),
      ...options.headers,
    },
    ...(options.cookies ? { cookies: [...options.cookies] } : {}),
    ...(Object.keys(query).length > 0 ? { queryStringParameters: { ...query } } : {}),
    ...(options.pathParameters ? { pathParameters: { ...options.pathParameters } } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'testapi',
      ...(options.claims ? { authorizer: { jwt: { claims: { ...options.claims }, scopes: null } } } : {}),
      domainName: 'api.example.test',
      domainPrefix: 'api',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
  return event as APIGatewayProxyEventV2;
}

/** The auth-get-user-data event of the caller `claims` asking for the data of the user `whose`. */
export const userDataEvent = (claims: Claims, whose: Claims): APIGatewayProxyEventV2 =>
  httpEvent({ routeId: 'auth-get-user-data', claims, pathParameters: { userId: whose.sub ?? '' } });

/**
 * The stored profile item of a signed-in caller: active and verified, so the session guard
 * lets its token through. Every signed-in caller of a test needs one (docs/security.md, "The per-request session guard").
 */
export function profileItemOf(claims: Claims, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const sub = String(claims.sub);
  const email = String(claims.email ?? `${sub}@example.com`);
  return {
    PK: `USER#${sub}`,
    SK: 'PROFILE',
    entity: 'UserProfile',
    _id: sub,
    username: email.split('@')[0]?.replace(/[^A-Za-z0-9_.-]/g, '') || 'user',
    email,
    phone: null,
    isActive: true,
    isAdmin: parseGroups(claims['cognito:groups']).includes(ADMIN_GROUP),
    referralCode: 'K7M2QX9P',
    referralCount: 0,
    referralEarnings: 0,
    emailVerifiedAt: '2026-01-01T00:00:00.000Z',
    verifiedEmail: email,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A bare profile item of `sub`, active and verified since 2026-01-01 with no referrals yet: what
 * the sign-in routes' tests store, `fields` giving the name, address, code and any admin flag.
 */
export const bareProfileItem = (sub: string, fields: Record<string, unknown>): Record<string, unknown> => ({
  PK: `USER#${sub}`,
  SK: 'PROFILE',
  _id: sub,
  isActive: true,
  referralCount: 0,
  referralEarnings: 0,
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** A DynamoDB document-client mock (aws-sdk-client-mock). */
type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;

/**
 * Makes the mocked table hold a profile for each caller (see profileItemOf). Call it after the
 * catch-all `on(GetCommand)`: input-specific answers win whatever the order.
 */
export function givenProfiles(dynamo: DocumentClientStub, ...callers: Claims[]): void {
  for (const claims of callers) {
    dynamo
      .on(GetCommand, { Key: { PK: `USER#${claims.sub}`, SK: 'PROFILE' } })
      .resolves({ Item: profileItemOf(claims) });
  }
}

/**
 * Resets the mocked table to one that holds only the admin's and the user's profiles: any other
 * Get finds nothing, every Query and BatchGet answers empty. Tests add what they need on top.
 */
export function givenProfilesOnly(dynamo: DocumentClientStub): void {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(BatchGetCommand).resolves({ Responses: {} });
}

/**
 * The calls that reached the table for the use case itself: the per-client request counters
 * (RATE#… items, docs/security.md, "Request limits and the edge") and the session guard's profile read are left out.
 */
export function storeCalls(dynamo: DocumentClientStub): { name: string; input: Record<string, unknown> }[] {
  return dynamo
    .calls()
    .map((call) => {
      const command = call.args[0] as { constructor: { name: string }; input: Record<string, unknown> };
      return { name: command.constructor.name, input: command.input };
    })
    .filter(({ name, input }) => {
      const key = input.Key as { PK?: string; SK?: string } | undefined;
      if (name === 'UpdateCommand' && String(key?.PK).startsWith('RATE#')) return false;
      if (name === 'TransactWriteCommand' && isRateCounterTransaction(input)) return false;
      return !(name === 'GetCommand' && key?.SK === 'PROFILE' && String(key.PK).startsWith('USER#'));
    });
}

const heldItems = new WeakMap<DocumentClientStub, Map<string, Record<string, unknown>>>();

/**
 * Makes the mocked table hold `items` (each with its PK and SK) for GetItem and BatchGetItem alike,
 * on top of what the test set up before; a BatchGetItem answers the held items among its keys.
 * Call forgetItems after `dynamo.reset()`.
 */
export function givenItems(
  dynamo: DocumentClientStub,
  ...items: ({ PK: string; SK: string } & Record<string, unknown>)[]
) {
  const held = heldItems.get(dynamo) ?? new Map<string, Record<string, unknown>>();
  heldItems.set(dynamo, held);
  for (const item of items) {
    held.set(`${item.PK}|${item.SK}`, item);
    dynamo.on(GetCommand, { Key: { PK: item.PK, SK: item.SK } }).resolves({ Item: item });
  }
  dynamo
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: { PK: string; SK: string }[] }> }) => ({
      Responses: Object.fromEntries(
        Object.entries(input.RequestItems).map(([table, { Keys }]) => [
          table,
          Keys.flatMap((key) => held.get(`${key.PK}|${key.SK}`) ?? []),
        ]),
      ),
    }));
}

/** Every item written with a Put, alone (PutItem) or in a TransactWriteItems. */
export function putItems(dynamo: DocumentClientStub): Record<string, unknown>[] {
  return dynamo.calls().flatMap((call) => {
    const input = call.args[0].input as {
      Item?: Record<string, unknown>;
      TransactItems?: { Put?: { Item?: Record<string, unknown> } }[];
    };
    if (input.TransactItems) return input.TransactItems.flatMap((item) => (item.Put?.Item ? [item.Put.Item] : []));
    return input.Item ? [input.Item] : [];
  });
}

/** Every UpdateItem input, alone or inside a TransactWriteItems. */
export function updateInputs(dynamo: DocumentClientStub): Record<string, unknown>[] {
  return dynamo.calls().flatMap((call) => {
    const input = call.args[0].input as {
      UpdateExpression?: unknown;
      TransactItems?: { Update?: Record<string, unknown> }[];
    };
    if (input.TransactItems) return input.TransactItems.flatMap((item) => (item.Update ? [item.Update] : []));
    return input.UpdateExpression === undefined ? [] : [input as Record<string, unknown>];
  });
}

/**
 * Puts a sign-in back-off record on the table for `email`: the reservation's first guess
 * (no record) fails its condition and returns the record, as DynamoDB does with
 * ReturnValuesOnConditionCheckFailure, alone or in the limits' transaction; a compare-and-set
 * from the record succeeds.
 */
export function givenLoginFailures(
  dynamo: DocumentClientStub,
  email: string,
  record: { failures: number; blockedUntil: number },
): void {
  const pk = `LOGINFAIL#${email.toLowerCase()}`;
  const asStored = { failures: { N: String(record.failures) }, blockedUntil: { N: String(record.blockedUntil) } };
  const holds = (update: { ConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> }) =>
    update.ConditionExpression === 'failures = :seen' &&
    update.ExpressionAttributeValues?.[':seen'] === record.failures;
  dynamo.on(UpdateCommand, { Key: { PK: pk } }).callsFake((input: Parameters<typeof holds>[0]) => {
    if (holds(input)) return {};
    throw Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
      Item: asStored,
    });
  });
  dynamo
    .on(TransactWriteCommand)
    .callsFake((input: { TransactItems: { Update?: Parameters<typeof holds>[0] & { Key?: { PK?: string } } }[] }) => {
      const codes = input.TransactItems.map((item) =>
        item.Update?.Key?.PK === pk && !holds(item.Update) ? 'ConditionalCheckFailed' : 'None',
      );
      if (!codes.includes('ConditionalCheckFailed')) return {};
      throw Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: codes.map((Code) => (Code === 'None' ? { Code } : { Code, Item: asStored })),
      });
    });
}

/** Forgets what givenItems put in the mocked table (after `dynamo.reset()`). */
export function forgetItems(dynamo: DocumentClientStub): void {
  heldItems.delete(dynamo);
}

/** The request limits' transaction (data/rate-limit-store.ts: several counters in one request). */
export function isRateCounterTransaction(input: unknown): boolean {
  const items = (input as { TransactItems?: { Update?: { Key?: { PK?: unknown } } }[] }).TransactItems ?? [];
  return items.length > 0 && items.every((item) => String(item.Update?.Key?.PK).startsWith('RATE#'));
}

/** The TransactWriteItems calls of the use case, the request limits' transaction left out. */
export function storeTransactions(dynamo: DocumentClientStub) {
  return dynamo.commandCalls(TransactWriteCommand).filter((call) => !isRateCounterTransaction(call.args[0].input));
}

/** events/<id>.json, parsed (a fresh copy each call, so tests may mutate it). */
export function loadSampleEvent(id: string): APIGatewayProxyEventV2 {
  return readSampleEvent(id) as APIGatewayProxyEventV2;
}

/** A new fake Lambda context: never reuse one across invocations (the kit keys request state on it). */
export function lambdaContext(overrides: Partial<Context> = {}): Context {
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'goldbot-test-handler',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:goldbot-test-handler',
    memoryLimitInMB: '256',
    awsRequestId,
    logGroupName: '/aws/lambda/goldbot-test-handler',
    logStreamName: `2026/01/01/[$LATEST]${awsRequestId.replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    ...overrides,
  };
}

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface InvokeResult {
  statusCode: number;
  headers: Record<string, string>;
  /** Set-Cookie values (payload v2 `cookies`; [] when none). */
  cookies: string[];
  /** The parsed JSON body ({} for an empty body, or for a download such as a CSV: read rawBody). */
  body: Record<string, unknown>;
  rawBody: string;
}

const isJson = (contentType: string | undefined) => contentType === undefined || contentType.includes('json');

/** Runs a handler once with a fresh context and parses the JSON answer. */
export async function invoke(handler: HttpHandler, event: APIGatewayProxyEventV2): Promise<InvokeResult> {
  const result = await handler(event, lambdaContext());
  const rawBody = result.body ?? '';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  return {
    statusCode: result.statusCode ?? 200,
    headers,
    cookies: result.cookies ?? [],
    body: (rawBody === '' || !isJson(headers['content-type']) ? {} : JSON.parse(rawBody)) as Record<string, unknown>,
    rawBody,
  };
}

/**
 * A route's handler, imported by its id (handlers/<id>.ts) when a test first needs it, so a test
 * file loads only the handlers it calls.
 */
export const routeHandler = async (routeId: RouteId): Promise<HttpHandler> =>
  ((await import(`../../src/handlers/${routeId}.ts`)) as { handler: HttpHandler }).handler;

/** Runs a route's handler once in process with the event `options` describe. */
export const callRoute = async (options: HttpEventOptions): Promise<InvokeResult> =>
  invoke(await routeHandler(options.routeId), httpEvent(options));
