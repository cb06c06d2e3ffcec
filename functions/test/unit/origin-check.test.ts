import { describe, expect, it, vi } from 'vitest';
import { ForbiddenError } from '../../src/domain/errors.js';
import { originCheck } from '../../src/kit/middlewares/origin-check.js';
import { httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The origin check on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('origin check', () => {
  it('runs the check it is given on the request headers, before the handler', async () => {
    const check = vi.fn(async (headers: Readonly<Record<string, string | undefined>>) => {
      if (headers['x-origin-verify'] !== 'yes')
        throw new ForbiddenError('Requests to the API must come through the site.');
    });
    const { call, state } = stack('packages-list', originCheck(check));
    expect((await call(httpEvent({ routeId: 'packages-list' }))).status).toBe(403);
    expect(state()).toBeUndefined();
    expect((await call(httpEvent({ routeId: 'packages-list', headers: { 'x-origin-verify': 'yes' } }))).status).toBe(
      200,
    );
    expect(check).toHaveBeenCalledTimes(2);
  });
});
