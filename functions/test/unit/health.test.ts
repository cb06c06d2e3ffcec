import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@goldbot/shared';
import { handler as health } from '../../src/handlers/health.js';
import { httpEvent, invoke } from '../helpers/lambda.js';
import { dynamo, NOW } from '../helpers/contact-routes.js';

/**
 * The health route in process, at the fixed clock of helpers/contact-routes.ts, which it shares
 * with the contact routes.
 */
describe('health', () => {
  it('answers 200 with status ok and the current time', async () => {
    const res = await invoke(health, httpEvent({ routeId: 'health' }));
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.body)).toEqual({ status: 'ok', time: NOW.toISOString() });
    expect(dynamo.calls()).toHaveLength(0);
  });
});
