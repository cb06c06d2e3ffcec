import { describe, expect, it } from 'vitest';
import { contactMessageInputSchema, idPathSchema, pageQuerySchema } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import { handler as contactAdd } from '../../src/handlers/contact-add.js';
import { awsChecks } from '../../src/wiring/aws-checks.js';
import { defineHandler } from '../../src/kit/define-handler.js';
import { ok } from '../../src/kit/http-response.js';

/**
 * The spec a handler was declared with stays readable on the handler (the route fuzzer reads every
 * route's schemas from it), and nobody can swap it for another one.
 */
describe('defineHandler exposes its spec', () => {
  it('carries the route id and the very schemas it validates with', () => {
    const body = z.object({ note: z.string() });
    const handler = defineHandler(
      { route: 'withdrawal-approve', checks: awsChecks, body, query: pageQuerySchema, params: idPathSchema },
      async () => ok({}),
    );
    expect(handler.spec.route).toBe('withdrawal-approve');
    expect(handler.spec.body).toBe(body);
    expect(handler.spec.query).toBe(pageQuerySchema);
    expect(handler.spec.params).toBe(idPathSchema);
  });

  it('is there on the real handlers, rate limits included', () => {
    expect(contactAdd.spec.route).toBe('contact-add');
    expect(contactAdd.spec.body).toBe(contactMessageInputSchema);
    expect(contactAdd.spec.limits).toEqual([{ name: 'contactPerIp', by: 'ip' }]);
  });

  it('is read-only and stays out of enumeration', () => {
    const handler = defineHandler({ route: 'health', checks: awsChecks }, async () => ok({}));
    expect(() => {
      (handler as unknown as { spec: unknown }).spec = { route: 'auth-me' };
    }).toThrow(TypeError);
    expect(handler.spec.route).toBe('health');
    expect(Object.keys(handler)).not.toContain('spec');
  });
});
