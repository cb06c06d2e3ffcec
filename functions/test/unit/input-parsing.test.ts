import { describe, expect, it } from 'vitest';
import * as z from '@goldbot/shared/zod';
import { inputParsing } from '../../src/kit/middlewares/input-parsing.js';
import { httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The input parsing on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('input parsing', () => {
  const schemas = {
    body: z.object({ email: z.string().check(z.minLength(3, 'Email is required')) }),
    query: z.object({ page: z.optional(z.string()) }),
  };

  it('parses the body, the query and the path parameters into the state', async () => {
    const { call, state } = stack('contact-add', inputParsing(schemas));
    await call(httpEvent({ routeId: 'contact-add', body: { email: 'a@b.c' }, query: { page: '2' } }));
    expect(state()).toMatchObject({ inputReached: true, body: { value: { email: 'a@b.c' } }, query: { page: '2' } });
  });

  it('answers 400 for malformed JSON and for a body its schema refuses', async () => {
    const { call } = stack('contact-add', inputParsing(schemas));
    expect(await call(httpEvent({ routeId: 'contact-add', body: '{not json' }))).toMatchObject({
      status: 400,
      body: { message: 'The request body must be valid JSON.', errors: { body: 'Malformed JSON' } },
    });
    expect(await call(httpEvent({ routeId: 'contact-add', body: { email: 'a' } }))).toMatchObject({
      status: 400,
      body: { errors: { email: 'Email is required' } },
    });
  });
});
