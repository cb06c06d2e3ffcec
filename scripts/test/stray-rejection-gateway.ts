import type { AddressInfo } from 'node:net';
import { implementedRoutes } from '@goldbot/shared';
import { createGateway, keepServingThroughUnhandledRejections } from '../local/gateway.js';

/**
 * Run by local-gateway-rejections.test.ts in a process of its own (an unhandled rejection is
 * process-wide): a gateway whose handler leaves a promise that rejects with nobody listening, as a
 * handler's forgotten background write does when a dependency fails, asked three times. Prints the
 * statuses it got and what was logged, as JSON.
 */
const route = implementedRoutes().find((r) => r.id === 'health');
if (!route) throw new Error('no health route');
const logged: string[] = [];
const guard = process.argv.includes('--guarded')
  ? keepServingThroughUnhandledRejections((line) => logged.push(line))
  : () => undefined;
const server = createGateway({
  root: process.cwd(),
  verifier: { verify: async () => null },
  routes: [route],
  bundled: {
    loadHandler: async () => async () => {
      void Promise.reject(new Error('a background write failed: ProvisionedThroughputExceededException'));
      return { statusCode: 200, body: '{"ok":true}' };
    },
    invokeTarget: { has: () => false, invoke: async () => undefined },
    invokePolicy: { token: 'unused', functions: new Set<string>() },
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${route.path}`;
const statuses: number[] = [];
for (let i = 0; i < 3; i += 1) {
  statuses.push((await fetch(url)).status);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
guard();
server.close();
process.stdout.write(`${JSON.stringify({ statuses, logged: logged.length, first: logged[0] ?? '' })}\n`);
