import { buildPath, getRoute, type RouteId, ACCOUNT_MESSAGES } from '@goldbot/shared';
import { readStoredToken } from './session-storage';

/**
 * The one way the SPA talks to the API. Method and path come from the shared route table, so a
 * path exists once for the CDK, the local gateway and this client.
 *
 * Routes that need a signed-in user (`auth: 'user' | 'admin'` in the table) carry the bearer
 * token; public routes never do (API Gateway ignores it there anyway). The session provider
 * plugs in through `registerSessionBridge`: it hands out a token that is not about to expire,
 * and a 401 on an authenticated call first tries one refresh, then signs the user out.
 */

/** What `apiRequest` needs from a response schema; every zod schema fits, without web importing zod. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<T> {
  /** Values for `{param}` placeholders in the route's path. */
  params?: Record<string, string>;
  /** Query-string values; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates a successful response; without it the parsed JSON is returned as is. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /**
   * The bearer token to send instead of the session's (e.g. a token just received from the
   * hosted UI, before it is stored); null sends none. An explicit token is never refreshed and
   * its 401 does not sign the session out.
   */
  token?: string | null;
  /**
   * False when a 401 from this call means something other than "your session is gone" and must
   * not sign the user out. Defaults to true.
   */
  unauthorizedEndsSession?: boolean;
  /** Lets the request outlive the page (fetch `keepalive`), e.g. the sign-out's revocation. */
  keepalive?: boolean;
  /**
   * The browser cache mode (fetch `cache`), e.g. 'no-store' for an editor that must see its own
   * save at once where the answer is publicly cacheable (the package catalog). The browser's default otherwise.
   */
  cache?: RequestCache;
}

/** How the session provider takes part in authenticated calls. */
export interface SessionBridge {
  /** A token valid for the next call (refreshed first when about to expire), or null. */
  getToken: () => Promise<string | null>;
  /**
   * Called after a 401 on an authenticated call made with `rejectedToken`: resolves a fresh
   * token to retry with, or null after ending the session.
   */
  recoverFromUnauthorized: (rejectedToken: string) => Promise<string | null>;
  /** The retried call was refused too: the session is over. */
  endSession: () => void;
}

let sessionBridge: SessionBridge | null = null;

/** Installs the session's token source; returns the function that removes it again. */
export function registerSessionBridge(bridge: SessionBridge): () => void {
  sessionBridge = bridge;
  return () => {
    if (sessionBridge === bridge) sessionBridge = null;
  };
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Please check your connection and try again.';
export const INVALID_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again later.';

/** Used when an error response carries no message of its own (e.g. a proxy's HTML error page). */
function fallbackMessage(status: number): string {
  if (status === 400) return 'The request was not accepted. Please check the form and try again.';
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'The requested item was not found.';
  if (status === 409) return 'That conflicts with existing data. Please refresh and try again.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return `The request failed (status ${status}).`;
}

export interface ApiErrorDetails {
  /** Seconds from a 429's Retry-After header. */
  retryAfterSeconds?: number;
  /** The error body's other fields (e.g. `needsVerification` on a 403 from login). */
  body?: Record<string, unknown>;
}

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** Per-field messages from a 400 response (`errors` in the body), keyed by field name. */
  readonly fieldErrors: Record<string, string>;
  /** Seconds the server asked us to wait (429 Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The parsed error body, for flags beyond the message. */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
    options?: ErrorOptions & ApiErrorDetails,
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.body = options?.body ?? {};
  }
}

/** Retry-After as seconds (delta form or HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE_URL}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Error bodies are `{ message, msg, errors? }`; older clients read either key. */
export function toApiError(status: number, body: unknown, retryAfterSeconds?: number): ApiError {
  const details: ApiErrorDetails = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  if (!isRecord(body)) return new ApiError(status, fallbackMessage(status), {}, details);
  const text = [body.message, body.msg].find((value): value is string => typeof value === 'string' && value !== '');
  const fieldErrors: Record<string, string> = {};
  if (isRecord(body.errors)) {
    for (const [field, message] of Object.entries(body.errors)) {
      if (typeof message === 'string') fieldErrors[field] = message;
    }
  }
  return new ApiError(status, text ?? fallbackMessage(status), fieldErrors, { ...details, body });
}

/** The server's refusal of every call of a deactivated account (session guard and login). */
export const ACCOUNT_DEACTIVATED_MESSAGE = ACCOUNT_MESSAGES.deactivated;

/** A 403 that says the account itself is deactivated, not that this one call is forbidden. */
const isDeactivation = (body: unknown) =>
  isRecord(body) &&
  (body.accountDeactivated === true ||
    body.message === ACCOUNT_DEACTIVATED_MESSAGE ||
    body.msg === ACCOUNT_DEACTIVATED_MESSAGE);

// Checked by name: an AbortError may come from another realm's DOMException (iframes, test DOMs).
const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

interface Answer {
  response: Response;
  /** The parsed JSON (or text) body; undefined when a download's bytes were read instead. */
  payload: unknown;
  /** A successful download's bytes ('blob' reading). */
  blob?: Blob;
}

/** How a successful body is read: parsed JSON, or the raw bytes of a download. Errors are always JSON. */
type Reading = 'json' | 'blob';

interface Sending {
  url: string;
  method: string;
  body: unknown;
  signal: AbortSignal | undefined;
  keepalive: boolean;
  cache: RequestCache | undefined;
  reading: Reading;
}

async function send(
  { url, method, body, signal, keepalive, cache, reading }: Sending,
  token: string | null,
): Promise<Answer> {
  const headers = new Headers({ Accept: reading === 'blob' ? '*/*' : 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      // Stated, not left to the default: the refresh token is a same-origin HttpOnly cookie
      // (Path=/api/auth) that refresh and logout need, and no cookie may go to another origin.
      credentials: 'same-origin',
      keepalive,
      ...(cache ? { cache } : {}),
    });
  } catch (error) {
    // A cancelled request is the caller's decision, not a failure to report.
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, { cause: error });
  }

  try {
    if (reading === 'blob' && response.ok) return { response, payload: undefined, blob: await response.blob() };
    return { response, payload: await readJson(response) };
  } catch (error) {
    if (isAbort(error)) throw error;
    // The connection dropped while the body was streaming: as unreachable as no answer at all.
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, { cause: error });
  }
}

/** Sends a call with the session's token (one refresh and retry on a 401); throws ApiError on a non-OK answer. */
async function call(routeId: RouteId, options: ApiRequestOptions<unknown>, reading: Reading): Promise<Answer> {
  const { params, query, body, signal, unauthorizedEndsSession = true, keepalive = false, cache } = options;
  const route = getRoute(routeId);
  if (body !== undefined && route.method === 'GET') {
    // fetch would throw a TypeError that looks like a network failure; this is a programming error.
    throw new Error(`Route ${routeId} is a GET route and cannot send a body`);
  }

  // Built before any request: a missing path parameter is a programming error, not a network failure.
  const url = toUrl(buildPath(route.path, params), query);
  const authenticated = route.auth !== 'public';
  const explicitToken = options.token !== undefined;

  let token: string | null = null;
  if (explicitToken) token = options.token ?? null;
  else if (authenticated) token = sessionBridge ? await sessionBridge.getToken() : readStoredToken();

  const sending: Sending = { url, method: route.method, body, signal, keepalive, cache, reading };
  let answer = await send(sending, token);
  if (answer.response.status === 401 && authenticated && !explicitToken && token && unauthorizedEndsSession) {
    // The token was refused: maybe revoked or expired in a sleeping tab. One refresh, one retry;
    // the bridge signs the user out when that is impossible.
    const renewed = sessionBridge ? await sessionBridge.recoverFromUnauthorized(token) : null;
    if (renewed) {
      answer = await send(sending, renewed);
      if (answer.response.status === 401) sessionBridge?.endSession();
    }
  }

  if (
    answer.response.status === 403 &&
    authenticated &&
    !explicitToken &&
    token &&
    unauthorizedEndsSession &&
    isDeactivation(answer.payload)
  ) {
    // An administrator deactivated this account: every call is refused from now on, so the
    // session is over here too (the guards then send the user to sign in).
    sessionBridge?.endSession();
  }

  const { response, payload } = answer;
  if (!response.ok) {
    throw toApiError(response.status, payload, parseRetryAfter(response.headers.get('Retry-After')));
  }
  return answer;
}

export async function apiRequest<T = unknown>(routeId: RouteId, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { response, payload } = await call(routeId, options, 'json');
  const { schema } = options;
  if (!schema) return payload as T;

  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, {}, { cause: parsed.error });
  return parsed.data;
}

/** A file the server sent (a CSV export): its bytes and the name its Content-Disposition suggests. */
export interface ApiDownload {
  blob: Blob;
  /** From `Content-Disposition: attachment; filename="..."`; null when the server named none. */
  fileName: string | null;
  /** The answer's headers (a file sent in parts names the next part in one). */
  headers: Headers;
}

/** The `filename` of a Content-Disposition header (quoted or not); null when there is none. */
export function fileNameFrom(contentDisposition: string | null): string | null {
  const match = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentDisposition ?? '');
  const name = (match?.[1] ?? match?.[2] ?? '').trim();
  return name === '' ? null : name;
}

/**
 * Like `apiRequest` (route table, bearer token, refresh and retry on a 401, ApiError with the
 * server's message on a refusal), for a route that answers a file instead of JSON.
 */
export async function apiDownload(
  routeId: RouteId,
  options: Pick<ApiRequestOptions<unknown>, 'params' | 'query' | 'signal'> = {},
): Promise<ApiDownload> {
  const { response, blob } = await call(routeId, options, 'blob');
  return {
    blob: blob ?? new Blob([]),
    fileName: fileNameFrom(response.headers.get('Content-Disposition')),
    headers: response.headers,
  };
}
