import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { getRoute } from '@goldbot/shared';
import { bodyCap } from '../../src/kit/middlewares/body-cap.js';
import { errorMapping } from '../../src/kit/middlewares/error-mapping.js';
import { requestLog } from '../../src/kit/middlewares/request-log.js';
import { createLogger } from '../../src/kit/logger.js';
import { httpEvent, lambdaContext } from '../helpers/lambda.js';
import { answer, stack } from '../helpers/middleware-stack.js';

/**
 * The request log on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('request log', () => {
  it('starts the state with the route, the client address and nothing checked yet', async () => {
    const { call, state } = stack('health');
    await call(httpEvent({ routeId: 'health' }));
    expect(state()).toMatchObject({
      route: { id: 'health' },
      clientIp: '198.51.100.7',
      caller: null,
      sessionProfile: undefined,
      inputReached: false,
      limits: null,
      limitsCounted: false,
    });
  });

  it('writes one "request completed" line, on success and on a refusal', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', {}, (line) => lines.push(line));
    const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>(
      async () => answer,
    ).use([requestLog(getRoute('contact-add'), logger), errorMapping(), bodyCap(10)]);
    await handler(httpEvent({ routeId: 'contact-add', body: { a: 1 } }), lambdaContext());
    await handler(httpEvent({ routeId: 'contact-add', body: { a: 'long enough to be refused' } }), lambdaContext());
    const completed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ message: 'request completed', routeId: 'contact-add', status: 200 });
    expect(completed[1]).toMatchObject({ message: 'request completed', status: 413, reason: expect.any(String) });
  });
});
