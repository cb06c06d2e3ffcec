import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getRoute, type RouteId } from '@goldbot/shared';
import { createGateway, handlerFile } from '../local/gateway.js';
import type { JwtVerifier } from '../local/jwt-verifier.js';

/**
 * The local gateway serving one route whose handler file is `stub` (JavaScript source, written
 * where the gateway looks for the route's handler in a fresh temporary root), on a free port.
 * `stop` closes the server and removes the root.
 */
export async function stubHandlerGateway(options: {
  route: RouteId;
  stub: string;
  verifier: JwtVerifier;
  /** Starts the temporary root's name, to tell the suites' roots apart. */
  tmpPrefix: string;
}): Promise<{ base: string; stop: () => Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), options.tmpPrefix));
  const file = handlerFile(root, options.route);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, options.stub);
  const server = createGateway({ root, routes: [getRoute(options.route)], verifier: options.verifier });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
