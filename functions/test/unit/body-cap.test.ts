import { describe, expect, it } from 'vitest';
import { bodyBytes, bodyCap } from '../../src/kit/middlewares/body-cap.js';
import { httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The body cap on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('body cap', () => {
  it('measures a base64 body by its decoded size', () => {
    expect(bodyBytes(httpEvent({ routeId: 'contact-add', body: 'x'.repeat(300), isBase64Encoded: true }))).toBe(300);
    expect(bodyBytes(httpEvent({ routeId: 'contact-add', body: 'éé' }))).toBe(4);
    expect(bodyBytes(httpEvent({ routeId: 'health' }))).toBe(0);
  });

  it('refuses a body over the cap with 413, and lets one at the cap through', async () => {
    const { call } = stack('contact-add', bodyCap(20));
    expect((await call(httpEvent({ routeId: 'contact-add', body: 'x'.repeat(20) }))).status).toBe(200);
    const refused = await call(httpEvent({ routeId: 'contact-add', body: 'x'.repeat(21) }));
    expect(refused.status).toBe(413);
  });
});
