import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { pickFieldErrors, type FieldErrors } from '@/lib/form-errors';

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

/**
 * A 503 with Retry-After: a service the API depends on was busy (throttled, timed out) and nothing
 * was finished. The same request may simply be sent again after the wait. A 503 without
 * Retry-After means something is not configured (no payment wallet yet) and will not pass by itself.
 */
export const isBusy = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== undefined;

/** Worth asking again: the network, a timeout, a 5xx or a busy 503; never a 4xx, nor a 503 "not configured". */
export const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || (error.status >= 500 && error.status !== 503) || isBusy(error);

/**
 * Whether the server judged what was typed and refused it (a 4xx: a wrong code, a taken e-mail),
 * so a form may clear a code to be typed again. A network failure, a busy 503 or any 5xx says
 * nothing about the input: the form keeps everything as it was typed, for the person to send again.
 */
export const refusedInput = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A request that never got an answer (offline, DNS, CORS) rather than a refusal. */
export const isUnreachable = (error: unknown) => !(error instanceof ApiError) || error.status === 0;

/** "Please wait 30 seconds" style suffix for a 429 whose message does not already say it. */
export function withRetryHint(error: unknown, message: string): string {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === undefined) return message;
  if (/\d/.test(message)) return message;
  return `${message} Please try again in ${formatWait(error.retryAfterSeconds)}.`;
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface SubmitFailureOptions {
  /** The text when the server could not be reached; the generic network message unless told. */
  unreachableText?: string;
  /** Adds the "Please try again in ..." hint to a 429 (see `withRetryHint`). */
  retryHint?: boolean;
}

/**
 * What a failed submit shows: the server's 400 field errors that belong to `fields`, and the
 * alert text (network message, the server's own message, or `fallback`).
 */
export function describeSubmitFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  { unreachableText = NETWORK_ERROR_MESSAGE, retryHint = false }: SubmitFailureOptions = {},
): { fieldErrors: FieldErrors<F>; text: string } {
  const fieldErrors =
    error instanceof ApiError && error.status === 400 ? pickFieldErrors(error.fieldErrors, fields) : {};
  if (isUnreachable(error)) return { fieldErrors, text: unreachableText };
  const text = serverMessage(error) ?? fallback;
  return { fieldErrors, text: retryHint ? withRetryHint(error, text) : text };
}

/**
 * The alert text of a failed request whose form has no field the server could name (a code, an
 * e-mail to send to): `describeSubmitFailure`'s text, a 429 with how long to wait.
 */
export const failureText = (error: unknown, fallback: string, unreachableText?: string): string =>
  describeSubmitFailure(error, [], fallback, { unreachableText, retryHint: true }).text;
