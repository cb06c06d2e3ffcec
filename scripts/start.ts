/**
 * `npm start`: the whole product on this machine, no AWS account needed.
 * Flags: --bundled (each route and job runs its synthesized bundle from infra/cdk.out, as deployed,
 * instead of its TypeScript source; synthesizes first when cdk.out is missing or stale), and for the
 * test suites --no-web, --data-dir <dir>, --ready-json (print one JSON line when ready), --verbose.
 * Ports come from DYNAMODB_PORT, COGNITO_PORT, SES_PORT, API_PORT, TRON_PORT,
 * WEB_PORT.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalStackError } from './local/processes.js';
import { startLocalStack, PORT_ENV, type LocalStackPorts, type RunningLocalStack } from './local/stack.js';
import { assertPortFree, stopAllProcesses } from './local/processes.js';

const root = resolve(import.meta.dirname, '..');
// Local tooling runs on Node 20; Lambda runs Node 22, where the SDK has nothing to warn about.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values: flags } = parseArgs({
  options: {
    'no-web': { type: 'boolean', default: false },
    bundled: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'ready-json': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new LocalStackError(`${name} must be a port number, got "${raw}".`);
  return port;
}

async function main() {
  const ports: LocalStackPorts = {
    dynamodb: portFromEnv(PORT_ENV.dynamodb, 8000),
    cognito: portFromEnv(PORT_ENV.cognito, 9229),
    ses: portFromEnv(PORT_ENV.ses, 8005),
    api: portFromEnv(PORT_ENV.api, 3000),
    tron: portFromEnv(PORT_ENV.tron, 8090),
  };
  const webPort = portFromEnv('WEB_PORT', 5173);
  const withWeb = !flags['no-web'];
  if (withWeb) await assertPortFree(webPort, 'web app', 'WEB_PORT');

  const log = (line: string) => process.stdout.write(`${line}\n`);
  const running: { stack?: RunningLocalStack; closeWeb?: () => Promise<void> } = {};
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('Stopping the local stack...');
    await running.closeWeb?.();
    await running.stack?.stop();
    // Ctrl-C during start-up: children exist before the stack object does.
    await stopAllProcesses();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

  const stack = await startLocalStack({
    root,
    dataDir: resolve(flags['data-dir'] ?? join(root, '.local')),
    cacheDir: join(root, '.local', 'cache'),
    ports,
    admin: { email: 'admin@example.com', password: process.env.LOCAL_ADMIN_PASSWORD || 'Admin123!' },
    appUrl: `http://localhost:${webPort}`,
    verbose: flags.verbose,
    bundled: flags.bundled,
    log,
  });
  running.stack = stack;

  let webUrl: string | undefined;
  if (withWeb) {
    const { createServer } = await import('vite');
    process.env.API_PROXY_TARGET = stack.urls.api;
    process.env.WEB_PORT = String(webPort);
    const vite = await createServer({ configFile: join(root, 'web', 'vite.config.ts'), root: join(root, 'web') });
    await vite.listen();
    running.closeWeb = () => vite.close();
    webUrl = `http://localhost:${webPort}`;
  }

  if (flags['ready-json']) {
    process.stdout.write(`LOCAL_STACK_READY ${JSON.stringify({ ...stack, webUrl, stop: undefined })}\n`);
    return;
  }
  log('');
  log('GoldBot is running locally:');
  if (webUrl) log(`  Web app        ${webUrl}`);
  log(`  API            ${stack.urls.api}  (${stack.routes.length} routes; try ${stack.urls.api}/api/health)`);
  if (stack.mode === 'bundled') log('  Functions      the synthesized bundles of infra/cdk.out (--bundled)');
  log(`  SES inbox      ${stack.urls.sesInbox}  (every e-mail the app sends)`);
  log(`  TRON double    ${stack.urls.tron}  (on-chain TXID checks; fixture TXIDs in scripts/local/tron-fixtures)`);
  log(`  DynamoDB Local ${stack.urls.dynamodb}  (table ${stack.tableName})`);
  log(`  Cognito local  ${stack.urls.cognito}  (pool ${stack.pool.userPoolId}, client ${stack.pool.clientId})`);
  log(`  Local admin    ${stack.admin.email} / ${stack.admin.password}`);
  log('Data is kept in .local/ across restarts. Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) {
    process.stderr.write(`npm start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
