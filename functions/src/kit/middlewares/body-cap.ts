import { MAX_REQUEST_BODY_BYTES } from '@goldbot/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PayloadTooLargeError } from '../../domain/errors.js';
import type { HttpMiddleware } from './request-state.js';

/** The body's size in bytes, decoded size for a base64 body. */
export function bodyBytes(event: APIGatewayProxyEventV2): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body, 'utf8');
}

/**
 * Refuses (413) an over-long body before anything reads or parses it, and before the guards: a
 * large body costs nothing but this check.
 */
export function bodyCap(maxBytes: number = MAX_REQUEST_BODY_BYTES): HttpMiddleware {
  return {
    before: (request) => {
      if (bodyBytes(request.event) > maxBytes) throw new PayloadTooLargeError(maxBytes);
    },
  };
}
