import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { implementedRoutes, pathParams, type RouteDefinition } from '@goldbot/shared';
import { countRoundTrips, roundTripHeaders } from './dynamodb-round-trips.js';
import type { JwtVerifier } from './jwt-verifier.js';
import { toAuthorizerClaims } from './jwt-verifier.js';
import { lambdaContext } from './lambda-context.mjs';
import {
  answerInvoke,
  answerRefusal,
  invokedFunctionName,
  invokeRefusal,
  type InvokePolicy,
  type InvokeTarget,
} from './lambda-invoke-endpoint.js';

/**
 * The local stand-in for API Gateway HTTP API: mounts every implemented route of the route table,
 * verifies JWTs for non-public routes like the Cognito authorizer, and calls the real handler
 * with a payload v2.0 event. Unknown routes get API Gateway's 404.
 */
export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string>;

interface MountedRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  load: () => Promise<LambdaHandler>;
}

const MAX_BODY_BYTES = 6 * 1024 * 1024;
export const handlerFile = (root: string, id: string) => join(root, 'functions', 'src', 'handlers', `${id}.ts`);

export function compileRoute(path: string): { pattern: RegExp; names: string[] } {
  const names = pathParams(path);
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '([^/]+)');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The TypeScript source of each route's handler, imported into this process on its first request. */
const sourceHandler = (root: string) => (route: RouteDefinition) =>
  import(pathToFileURL(handlerFile(root, route.id)).href).then((m: { handler: LambdaHandler }) => m.handler);

export function mountRoutes(
  root: string,
  routes: RouteDefinition[] = implementedRoutes(),
  loadHandler: (route: RouteDefinition) => Promise<LambdaHandler> = sourceHandler(root),
): MountedRoute[] {
  return routes.map((route) => {
    let cached: Promise<LambdaHandler> | undefined;
    return {
      route,
      ...compileRoute(route.path),
      load: () => {
        cached ??= loadHandler(route);
        return cached;
      },
    };
  });
}

/** API Gateway waits 30 s; the route functions time out after 10 (infra/lib/constructs/app-function.ts). */
const fakeContext = (functionName: string, requestId: string): Context =>
  lambdaContext({ functionName, requestId, timeoutMs: 10_000, logStreamName: 'local' });

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('Request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/**
 * Sets `key` as an own member even when it is "__proto__" (plain assignment would hit the
 * prototype setter and drop it), the way API Gateway's JSON event carries any name.
 */
function setOwn(target: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A path parameter as API Gateway passes it: percent-decoded; null when the encoding is broken. */
export function decodePathParameter(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export function buildEvent(
  req: IncomingMessage,
  url: URL,
  mounted: MountedRoute,
  params: Record<string, string>,
  body: string | undefined,
  claims: Record<string, string> | undefined,
  requestId: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) setOwn(headers, key.toLowerCase(), Array.isArray(value) ? value.join(',') : value);
  }
  // Repeated names are joined with commas; a name such as "constructor" or "__proto__" is just a name.
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    setOwn(query, key, Object.hasOwn(query, key) ? `${query[key]},${value}` : value);
  }
  const now = new Date();
  const routeKey = `${mounted.route.method} ${mounted.route.path}`;
  // Payload v2 moves cookies out of the headers into `cookies` (one `name=value` per entry).
  const cookies = (headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  delete headers.cookie;
  const event: APIGatewayProxyEventV2 & { requestContext: { authorizer?: unknown } } = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: mounted.route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
  };
  return event;
}

export function createGateway(options: {
  root: string;
  verifier: JwtVerifier;
  routes?: RouteDefinition[];
  log?: (line: string) => void;
  /**
   * `--bundled`: each route's handler (by default its TypeScript source in this process), and the
   * functions Lambda's Invoke API reaches (lambda-invoke-endpoint.ts) with who may invoke which.
   * The DynamoDB round-trip headers are only sent for handlers in this process, the only ones whose
   * requests it can count.
   */
  bundled?: {
    loadHandler: (route: RouteDefinition) => Promise<LambdaHandler>;
    invokeTarget: InvokeTarget;
    invokePolicy: InvokePolicy;
  };
}): Server {
  const mounted = mountRoutes(options.root, options.routes, options.bundled?.loadHandler);
  const bundled = options.bundled;
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = (req.method ?? 'GET').toUpperCase();
      const requestId = randomUUID();
      const invoked = bundled ? invokedFunctionName(method, url.pathname) : null;
      if (bundled && invoked !== null) {
        // Refused before the body is read: only the bundled functions' own invokes get through.
        const refusal = invokeRefusal(req.headers, invoked, bundled.invokePolicy);
        if (refusal) {
          options.log?.(`lambda invoke ${invoked} refused: ${refusal.type}`);
          return answerRefusal(res, refusal);
        }
        return answerInvoke(req, res, invoked, await readBody(req), bundled.invokeTarget, options.log);
      }
      if (method === 'OPTIONS') {
        res.writeHead(204, { allow: 'GET, POST, PUT, DELETE, OPTIONS' });
        res.end();
        return;
      }
      let match: { mounted: MountedRoute; params: Record<string, string> } | undefined;
      for (const m of mounted) {
        if (m.route.method !== method) continue;
        const found = m.pattern.exec(url.pathname);
        if (!found) continue;
        const params: Record<string, string> = {};
        let malformed = false;
        m.names.forEach((name, i) => {
          const value = decodePathParameter(found[i + 1] ?? '');
          if (value === null) malformed = true;
          else params[name] = value;
        });
        // A broken percent-encoding (e.g. "%E0%A4%A" or an encoded lone surrogate) is the client's
        // mistake: 400, never a 500 from decodeURIComponent's URIError.
        if (malformed) return send(res, 400, { message: 'Bad Request', msg: 'Bad Request' });
        match = { mounted: m, params };
        break;
      }
      if (!match) return send(res, 404, { message: 'Not Found', msg: 'Not Found' });

      let claims: Record<string, string> | undefined;
      if (match.mounted.route.auth !== 'public') {
        const header = req.headers.authorization ?? '';
        const token = header.replace(/^Bearer\s+/i, '').trim();
        const payload = token ? await options.verifier.verify(token) : null;
        if (!payload) return send(res, 401, { message: 'Unauthorized', msg: 'Unauthorized' });
        claims = toAuthorizerClaims(payload);
      } else {
        // API Gateway passes no claims on routes without an authorizer, even if a token is sent.
        claims = undefined;
      }

      const body = await readBody(req);
      const event = buildEvent(req, url, match.mounted, match.params, body, claims, requestId);
      const handler = await match.mounted.load();
      const mountedRoute = match.mounted.route;
      // The DynamoDB requests the handler made, answered in headers (dynamodb-round-trips.ts).
      const call = () => handler(event, fakeContext(mountedRoute.id, requestId));
      const { result, commands } = bundled ? { result: await call(), commands: null } : await countRoundTrips(call);
      const tally = commands ? roundTripHeaders(commands) : {};
      if (typeof result === 'string') return send(res, 200, result, tally);
      const headers: Record<string, string | string[]> = { ...tally };
      for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
      // Like API Gateway: each entry of `cookies` becomes its own Set-Cookie header.
      if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
      res.writeHead(result.statusCode ?? 200, headers);
      res.end(result.body ?? '');
    })().catch((error: unknown) => {
      const status = (error as { status?: number }).status === 413 ? 413 : 500;
      options.log?.(`gateway error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) {
        send(
          res,
          status,
          status === 413
            ? { message: 'Request body too large', msg: 'Request body too large' }
            : { message: 'Internal Server Error', msg: 'Internal Server Error' },
        );
      }
    });
  });
}

/**
 * In AWS an unhandled rejection ends only the invocation it happened in (the runtime logs it as
 * Runtime.UnhandledPromiseRejection and starts a fresh instance); here every route and job runs
 * in this one process, where Node would end them all, the whole local API with it. The local
 * stack logs it as that failure instead and keeps serving. Returns the function that stops it.
 */
export function keepServingThroughUnhandledRejections(log: (line: string) => void): () => void {
  const listener = (reason: unknown) => {
    const text = reason instanceof Error ? (reason.stack ?? `${reason.name}: ${reason.message}`) : String(reason);
    log(`unhandled rejection (in AWS it would end that invocation; the local stack keeps serving): ${text}`);
  };
  process.on('unhandledRejection', listener);
  return () => process.off('unhandledRejection', listener);
}
