import { DomainError, ValidationError } from '../../domain/errors.js';
import { errorBody, toApiGatewayResult, type HttpResult } from '../http-response.js';
import { describeError } from '../logger.js';
import { findRequestState, type HttpMiddleware } from './request-state.js';

export const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';
export const BUSY_503 =
  'A service we depend on is busy right now, so nothing was finished. Please try again in a few seconds.';
/** Seconds a client waits before trying again after a 503 (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 3;

/** AWS error names that mean "try again later": throttling, a service fault, a timeout, a busy item. */
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TransactionInProgressException',
  'TimeoutError',
  'RequestTimeout',
]);

/**
 * Whether an error is a dependency's passing failure that the SDK's own retries did not outlast:
 * throttling, a 5xx answer, a timeout, or a transaction cancelled only because another one held an
 * item (TransactionConflict). The request may be tried again as is; the money paths are written so
 * that a repeat has the same effect once.
 */
export function isTransientDependencyFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata, CancellationReasons } = error as {
    name?: unknown;
    $metadata?: { httpStatusCode?: unknown };
    CancellationReasons?: { Code?: unknown }[];
  };
  if (typeof name === 'string' && TRANSIENT_NAMES.has(name)) return true;
  if (name === 'TransactionCanceledException' && Array.isArray(CancellationReasons)) {
    const codes = CancellationReasons.map((reason) => reason.Code).filter((code) => code !== 'None');
    return codes.length > 0 && codes.every((code) => code === 'TransactionConflict' || code === 'ThrottlingError');
  }
  const status = $metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}

/**
 * Turns a thrown error into the answer: a validation error is a 400 with the field messages, a
 * domain error its own status, body details, headers and cookies, a dependency's passing failure
 * (isTransientDependencyFailure) a 503 with Retry-After that says to try again, and anything else a
 * generic 500. The details of the last two go to the log only, never to the client.
 */
export function errorMapping(): HttpMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      let result: HttpResult;
      if (error instanceof ValidationError) {
        result = { statusCode: 400, body: errorBody(error.message, error.fieldErrors) };
      } else if (error instanceof DomainError) {
        result = {
          statusCode: error.statusCode,
          body: { ...error.details, ...errorBody(error.message) },
          headers: error.headers,
          cookies: error.cookies,
        };
      } else if (isTransientDependencyFailure(error)) {
        findRequestState(request.context)?.log.warn('dependency busy, answered 503', describeError(error));
        result = {
          statusCode: 503,
          body: errorBody(BUSY_503),
          headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
        };
      } else {
        findRequestState(request.context)?.log.error('unhandled error', describeError(error));
        result = { statusCode: 500, body: errorBody(GENERIC_500) };
      }
      request.response = toApiGatewayResult(result);
    },
  };
}
