import { buildPath, getRoute, type RouteId } from '@goldbot/shared';
import { readStoredToken } from './session-storage';

/**
 * The one way the SPA talks to the API. Method and path come from the shared route table, so a
 * path exists once for the CDK, the local gateway and this client.
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

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** Per-field messages from a 400 response (`errors` in the body), keyed by field name. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
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

/** Error bodies are `{ message, msg, errors? }` (DESIGN.md §4); older clients read either key. */
export function toApiError(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status, fallbackMessage(status));
  const text = [body.message, body.msg].find((value): value is string => typeof value === 'string' && value !== '');
  const fieldErrors: Record<string, string> = {};
  if (isRecord(body.errors)) {
    for (const [field, message] of Object.entries(body.errors)) {
      if (typeof message === 'string') fieldErrors[field] = message;
    }
  }
  return new ApiError(status, text ?? fallbackMessage(status), fieldErrors);
}

// Checked by name: an AbortError may come from another realm's DOMException (iframes, test DOMs).
const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

export async function apiRequest<T = unknown>(routeId: RouteId, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { params, query, body, schema, signal } = options;
  const route = getRoute(routeId);
  if (body !== undefined && route.method === 'GET') {
    // fetch would throw a TypeError that looks like a network failure; this is a programming error.
    throw new Error(`Route ${routeId} is a GET route and cannot send a body`);
  }

  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = readStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  // Built before the try: a missing path parameter is a programming error, not a network failure.
  const url = toUrl(buildPath(route.path, params), query);
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled request is the caller's decision, not a failure to report.
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, { cause: error });
  }

  let payload: unknown;
  try {
    payload = await readJson(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    // The connection dropped while the body was streaming: as unreachable as no answer at all.
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, { cause: error });
  }

  if (!response.ok) throw toApiError(response.status, payload);
  if (!schema) return payload as T;

  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, {}, { cause: parsed.error });
  return parsed.data;
}
