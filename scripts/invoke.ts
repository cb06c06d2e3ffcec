/**
 * `npm run invoke -- <routeId|jobId> [event.json]`: runs one handler once, in this process, against
 * the running local stack (start it with `npm start` first). The event defaults to events/<id>.json:
 * an API Gateway event for a route, an EventBridge Scheduler event for a scheduled job.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROUTES, SCHEDULES } from '@goldbot/shared';

const root = resolve(import.meta.dirname, '..');
// Local tooling runs on Node 20; Lambda runs Node 22, where the SDK has nothing to warn about.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function fail(message: string): never {
  process.stderr.write(`npm run invoke: ${message}\n`);
  process.exit(1);
}

async function main() {
  const [id, eventArg] = process.argv.slice(2);
  const known = [...ROUTES.map((r) => r.id), ...SCHEDULES.map((s) => s.id)] as string[];
  if (!id) fail(`usage: npm run invoke -- <routeId|jobId> [event.json]\nids: ${known.join(', ')}`);
  if (!known.includes(id)) fail(`unknown id "${id}". Known ids: ${known.join(', ')}`);
  const handlerPath = join(root, 'functions', 'src', 'handlers', `${id}.ts`);
  const isJob = SCHEDULES.some((s) => s.id === id);
  if (!existsSync(handlerPath)) {
    fail(`"${id}" is in the ${isJob ? 'schedule' : 'route'} table but has no handler yet (${handlerPath}).`);
  }

  const stackFile = join(process.env.LOCAL_DATA_DIR ?? join(root, '.local'), 'stack.json');
  if (!existsSync(stackFile)) fail('no local stack found. Start it with `npm start` in another terminal first.');
  const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as {
    handlerEnv: Record<string, string>;
    urls: { api: string };
  };
  try {
    await fetch(`${stack.urls.api}/api/health`);
  } catch {
    fail(`the local stack is not answering at ${stack.urls.api}. Start it with \`npm start\`.`);
  }
  Object.assign(process.env, stack.handlerEnv, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });

  const eventPath = resolve(eventArg ?? join(root, 'events', `${id}.json`));
  if (!existsSync(eventPath)) fail(`event file not found: ${eventPath}`);
  const event = JSON.parse(readFileSync(eventPath, 'utf8')) as unknown;
  const { handler } = (await import(pathToFileURL(handlerPath).href)) as {
    handler: (event: unknown, context: unknown) => Promise<unknown>;
  };
  // The deployed timeouts (infra: 10 s for a route, 5 minutes for a job, which stops itself before).
  const deadline = Date.now() + (isJob ? 5 * 60_000 : 10_000);
  const context = {
    awsRequestId: `invoke-${Date.now()}`,
    functionName: id,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    callbackWaitsForEmptyEventLoop: false,
  };
  const result = await handler(event, context);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
