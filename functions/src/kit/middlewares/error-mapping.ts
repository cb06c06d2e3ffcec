import { DomainError, ValidationError } from '../../domain/errors.js';
import { errorBody, toApiGatewayResult, type HttpResult } from '../http-response.js';
import { describeError } from '../logger.js';
import { findRequestState, type HttpMiddleware } from './request-state.js';

export const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/**
 * Turns a thrown error into the answer: a validation error is a 400 with the field messages, a
 * domain error its own status, body details, headers and cookies, and anything else a generic 500
 * whose details go to the log only, never to the client.
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
      } else {
        findRequestState(request.context)?.log.error('unhandled error', describeError(error));
        result = { statusCode: 500, body: errorBody(GENERIC_500) };
      }
      request.response = toApiGatewayResult(result);
    },
  };
}
