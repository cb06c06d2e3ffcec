import type * as z from '@goldbot/shared/zod';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ValidationError } from '../../domain/errors.js';
import { requestStateOf, type HttpMiddleware } from './request-state.js';

type Schema = z.ZodMiniType;

/** Turns zod issues into `{field: message}` plus one readable sentence. */
export function toValidationError(error: z.core.$ZodError, source: string): ValidationError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : source;
    fieldErrors[field] ??= issue.message;
  }
  const sentence = Object.values(fieldErrors).join('. ');
  return new ValidationError(sentence || 'The request is invalid.', fieldErrors);
}

/** Validates a value the same way the kit validates bodies (for handlers that pick a schema at run time). */
export function parseInput<S extends Schema>(schema: S, value: unknown, source = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, source);
  return result.data as z.output<S>;
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('The request body must be valid JSON.', { body: 'Malformed JSON' });
  }
}

/**
 * Parses and validates the JSON body, the query string and the path parameters against the
 * route's schemas (400 with the field messages when one fails). The body comes first: the request
 * limits count a rule by a body value once it parsed, and only the client's limits when it did not.
 */
export function inputParsing(schemas: { body?: Schema; query?: Schema; params?: Schema }): HttpMiddleware {
  return {
    before: (request) => {
      const { event } = request;
      const state = requestStateOf(request.context);
      state.inputReached = true;
      state.body = { value: schemas.body ? parseInput(schemas.body, readJsonBody(event), 'body') : undefined };
      state.query = schemas.query ? parseInput(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined;
      state.params = schemas.params ? parseInput(schemas.params, event.pathParameters ?? {}, 'path') : undefined;
    },
  };
}
