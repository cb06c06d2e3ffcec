import { ApiError } from '@/lib/api-client';

/**
 * The server's own words for a failure (`message`, else `msg`), when it sent any. Undefined for
 * a network failure or an error page without a body, where the caller's fallback text applies.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  const { message, msg } = error.body;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (typeof msg === 'string' && msg.trim() !== '') return msg;
  return undefined;
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** Worth asking again: the network, a timeout or a 5xx; never a 4xx, nor a 503 "not configured". */
export const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || (error.status >= 500 && error.status !== 503);
