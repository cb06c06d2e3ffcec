import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implementedRoutes } from '@goldbot/shared';
import { documentClient } from '../../functions/src/adapters/dynamodb.js';
import { BUSY_503, GENERIC_500 } from '../../functions/src/kit/middlewares/error-mapping.js';
import { createFaultInjector, installFaults, parseFaults } from '../local/faults.js';
import { createGateway } from '../local/gateway.js';

/**
 * With a naive fault middleware, outside reviewers saw a customer answered 500 "Something went
 * wrong on our side" when DynamoDB throttled. Through the local gateway, a DynamoDB that keeps
 * failing (every call throttled or a 500, past the SDK's own retries) gives a 503 with
 * Retry-After and a message that says to try again: never the generic 500.
 */
const root = resolve(import.meta.dirname, '..', '..');
const route = implementedRoutes().find((r) => r.id === 'packages-list');
const faults = createFaultInjector(parseFaults('dynamodb:1'), 32);
let baseUrl = '';
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  if (!route) throw new Error('no packages-list route');
  installFaults(documentClient, 'dynamodb', faults);
  const server = createGateway({ root, verifier: { verify: async () => null }, routes: [route] });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((done) => server.close(() => done()));
});
afterAll(() => close());

describe('a dependency that keeps failing, through the local gateway', () => {
  it(
    'answers 503 with Retry-After and a message to try again, not "Something went wrong on our side"',
    { timeout: 30_000 },
    async () => {
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${baseUrl}/api/packages`);
        const body = (await response.json()) as { message?: string };
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('3');
        expect(body.message).toBe(BUSY_503);
        expect(body.message).not.toBe(GENERIC_500);
      }
      const kinds = faults.tally.byKind();
      expect(kinds.throttling + kinds.internal).toBeGreaterThanOrEqual(3);
    },
  );
});
