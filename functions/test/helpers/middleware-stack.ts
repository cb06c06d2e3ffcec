import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { getRoute, type RouteId } from '@goldbot/shared';
import { errorMapping } from '../../src/kit/middlewares/error-mapping.js';
import { requestLog } from '../../src/kit/middlewares/request-log.js';
import { requestStateOf, type HttpMiddleware, type RequestState } from '../../src/kit/middlewares/request-state.js';
import { createLogger } from '../../src/kit/logger.js';
import { lambdaContext } from './lambda.js';

/**
 * A middy stack for testing one middleware of the handler kit on its own: only the request log in
 * front (it starts the request's state) and the error mapping (so a refusal reads as its answer).
 */
export const silent = createLogger('silent');
export const answer: APIGatewayProxyStructuredResultV2 = { statusCode: 200, body: '' };

export function stack(routeId: RouteId, ...middlewares: HttpMiddleware[]) {
  let seen: RequestState | undefined;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>(
    async (_event: APIGatewayProxyEventV2, context: Context) => {
      seen = requestStateOf(context);
      return answer;
    },
  ).use([requestLog(getRoute(routeId), silent), errorMapping(), ...middlewares]);
  return {
    call: async (event: APIGatewayProxyEventV2) => {
      seen = undefined;
      const res = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
      return { status: res.statusCode, body: JSON.parse(res.body || '{}') as Record<string, unknown>, res };
    },
    state: () => seen,
  };
}
