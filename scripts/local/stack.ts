import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ADMIN_GROUP, implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { seedDefaults as seedDefaultItems } from '../../functions/src/data/seed-items.js';
import { subscriptionSettingsKey } from '../../functions/src/data/settings-entity.js';
import { activeWalletKey, toWalletItem, walletKey } from '../../functions/src/data/wallet-entity.js';
import { newId } from '../../functions/src/kit/ids.js';
import {
  ensureUser,
  ensureUserPool,
  localCognitoClient,
  startCognitoLocal,
  waitForCognito,
  type LocalPool,
} from './cognito-local.js';
import {
  assertJavaAvailable,
  ensureDynamoDbLocalJar,
  ensureTable,
  localDynamoClient,
  startDynamoDbLocal,
  waitForDynamoDb,
} from './dynamodb-local.js';
import { installRoundTripCounter, outsideRoundTrips } from './dynamodb-round-trips.js';
import { createFaultInjector, faultError, installFaults, parseFaults, rateFor, type FaultInjector } from './faults.js';
import { createGateway, handlerFile, keepServingThroughUnhandledRejections, type LambdaHandler } from './gateway.js';
import { createJwtVerifier } from './jwt-verifier.js';
import {
  bundledEnvironment,
  invokedFunctionIds,
  startBundledFunctions,
  type BundledFunctions,
} from './bundled-functions.js';
import { assertPortFree, LocalStackError, stopProcess, type ManagedProcess } from './processes.js';
import { startScheduler, type LocalScheduler } from './scheduler.js';
import { startSesLocal, waitForSes } from './ses-local.js';
import { ensureSynthesized, readSynthesizedFunctions, type SynthesizedFunction } from './synthesized-functions.js';
import { startTronDouble } from './tron-double.js';

/**
 * Brings up the whole backend on loopback: DynamoDB Local, cognito-local, the SES emulator, the
 * local TRON API double (scripts/local/tron-double.ts), the bootstrap (idempotent), the API gateway
 * over the route table and the scheduler. `npm start`
 * adds Vite on top; the integration tests start it on free ports with a throw-away data folder.
 */
export interface LocalStackPorts {
  dynamodb: number;
  cognito: number;
  ses: number;
  api: number;
  /** The local TRON API double; the functions get its URL as TRON_API_URL. */
  tron: number;
}

export interface LocalStackOptions {
  root: string;
  dataDir: string;
  cacheDir: string;
  ports: LocalStackPorts;
  admin: { email: string; password: string };
  tableName?: string;
  appUrl?: string;
  verbose?: boolean;
  scheduler?: boolean;
  /**
   * Run each route and job from its synthesized bundle (infra/cdk.out, synthesized first when
   * missing or stale) instead of its TypeScript source: `npm start -- --bundled`.
   */
  bundled?: boolean;
  /**
   * Faults injected into the handlers' AWS calls, the chain check's invoke and the scheduled jobs
   * (faults.ts). By default from the `FAULTS` setting (`FAULTS=0.1 npm start`), seeded by
   * `FAULTS_SEED`; none when it is absent. Not available with `bundled`.
   */
  faults?: FaultInjector;
  log?: (line: string) => void;
}

export interface LocalStackInfo {
  urls: { api: string; dynamodb: string; cognito: string; sesInbox: string; tron: string };
  tableName: string;
  pool: LocalPool;
  issuer: string;
  admin: { email: string; password: string };
  /** The environment the handlers run with (also written to <dataDir>/stack.json for `npm run invoke`). */
  handlerEnv: Record<string, string>;
  routes: string[];
  /** How the handlers run: their TypeScript source in this process, or the synthesized bundles. */
  mode: 'source' | 'bundled';
}

/** The faults of a run: the option, else the `FAULTS` setting, else none. */
export function faultsOf(options: Pick<LocalStackOptions, 'faults' | 'bundled'>): FaultInjector | undefined {
  const setting = process.env.FAULTS;
  const faults =
    options.faults ??
    (setting ? createFaultInjector(parseFaults(setting), Number(process.env.FAULTS_SEED ?? Date.now())) : undefined);
  if (faults && options.bundled) {
    throw new LocalStackError(
      'FAULTS cannot be used with --bundled: the deployed bundles carry no fault injection. Start without --bundled.',
    );
  }
  return faults;
}

export interface RunningLocalStack extends LocalStackInfo {
  stop(): Promise<void>;
}

export const PORT_ENV = {
  dynamodb: 'DYNAMODB_PORT',
  cognito: 'COGNITO_PORT',
  ses: 'SES_PORT',
  api: 'API_PORT',
  tron: 'TRON_PORT',
} as const;
const PORT_LABEL = {
  dynamodb: 'DynamoDB Local',
  cognito: 'cognito-local',
  ses: 'SES emulator',
  api: 'API gateway',
  tron: 'TRON API double',
} as const;

export async function startLocalStack(options: LocalStackOptions): Promise<RunningLocalStack> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const verbose = options.verbose ?? false;
  const tableName = options.tableName ?? 'goldbot-local';
  const host = '127.0.0.1';
  const urls = {
    api: `http://${host}:${options.ports.api}`,
    dynamodb: `http://${host}:${options.ports.dynamodb}`,
    cognito: `http://${host}:${options.ports.cognito}`,
    sesInbox: `http://${host}:${options.ports.ses}`,
    tron: `http://${host}:${options.ports.tron}`,
  };

  assertJavaAvailable();
  // The bundles first: a failed synth leaves nothing running.
  const faults = faultsOf(options);
  const synthesized = options.bundled ? await synthesizedRouteAndJobFunctions(options.root, log) : undefined;
  for (const key of Object.keys(options.ports) as (keyof LocalStackPorts)[]) {
    await assertPortFree(options.ports[key], PORT_LABEL[key], PORT_ENV[key]);
  }
  mkdirSync(options.dataDir, { recursive: true });
  const jarDir = ensureDynamoDbLocalJar(options.cacheDir, log);

  const processes: ManagedProcess[] = [];
  let gateway: Server | undefined;
  let tronDouble: Server | undefined;
  let scheduler: LocalScheduler | undefined;
  let bundles: BundledFunctions | undefined;
  const stopKeepingServing = keepServingThroughUnhandledRejections(log);
  const stop = async () => {
    stopKeepingServing();
    scheduler?.stop();
    await bundles?.stop();
    if (gateway) await new Promise<void>((resolve) => gateway?.close(() => resolve()));
    gateway?.closeAllConnections();
    if (tronDouble) await new Promise<void>((resolve) => tronDouble?.close(() => resolve()));
    tronDouble?.closeAllConnections();
    await Promise.all(processes.map((p) => stopProcess(p)));
  };

  try {
    const dynamo = startDynamoDbLocal({
      jarDir,
      dataDir: join(options.dataDir, 'dynamodb'),
      port: options.ports.dynamodb,
      verbose,
    });
    processes.push(dynamo);
    const cognito = startCognitoLocal({
      dataDir: join(options.dataDir, 'cognito'),
      port: options.ports.cognito,
      verbose,
    });
    processes.push(cognito);
    const ses = startSesLocal({ port: options.ports.ses, verbose });
    processes.push(ses);

    const dynamoClient = localDynamoClient(urls.dynamodb);
    const cognitoClient = localCognitoClient(urls.cognito);
    await Promise.all([
      waitForDynamoDb(dynamoClient, dynamo),
      waitForCognito(urls.cognito, cognito),
      waitForSes(urls.sesInbox, ses),
    ]);

    // Bootstrap: every step is idempotent, so a restart keeps data and edits.
    const table = await ensureTable(dynamoClient, tableName);
    await seedDefaults(DynamoDBDocumentClient.from(dynamoClient), tableName);
    const pool = await ensureUserPool(cognitoClient);
    await ensureUser(cognitoClient, pool, { ...options.admin, groups: [ADMIN_GROUP] });
    log(`bootstrap: table ${tableName} ${table}, user pool ${pool.userPoolId}, admin ${options.admin.email}`);

    tronDouble = await startTronDouble({ port: options.ports.tron, host, log, ...(faults ? { faults } : {}) });

    const issuer = `${urls.cognito}/${pool.userPoolId}`;
    const handlerEnv: Record<string, string> = {
      TABLE_NAME: tableName,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      MAIL_FROM: 'no-reply@goldbot.example',
      OTP_HASH_KEY: localSecret(options.dataDir, 'otpHashKey'),
      APP_URL: options.appUrl ?? 'http://localhost:5173',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (verbose ? 'info' : 'warn'),
      ...(process.env.SELLER_NAME ? { SELLER_NAME: process.env.SELLER_NAME } : {}),
      // Per-client request limits (RATE_LIMITS); test suites and scripted sign-ups raise them.
      RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '1',
      AWS_ENDPOINT_URL_DYNAMODB: urls.dynamodb,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: urls.cognito,
      AWS_ENDPOINT_URL_SES: urls.sesInbox,
      // The on-chain TXID check and the wallet watcher ask the local TRON double (scripts/local/tron-fixtures).
      TRON_API_URL: urls.tron,
      // A payment order's lifetime and grace, when set: a test stack can run with short ones.
      ...(process.env.ORDER_OPEN_MINUTES ? { ORDER_OPEN_MINUTES: process.env.ORDER_OPEN_MINUTES } : {}),
      ...(process.env.ORDER_GRACE_MINUTES ? { ORDER_GRACE_MINUTES: process.env.ORDER_GRACE_MINUTES } : {}),
    };
    // Handlers run in this process and read their config at import: set it before any is loaded.
    Object.assign(process.env, handlerEnv);

    const verifier = await createJwtVerifier({ issuer, clientId: pool.clientId });
    let runJob: ((jobId: string, event: unknown) => Promise<unknown>) | undefined;
    if (synthesized) {
      const functions = synthesized;
      const idOfLogicalId = new Map([...functions.values()].map((fn) => [fn.logicalId, fn.id]));
      const functionIdOf = (logicalId: string) => idOfLogicalId.get(logicalId);
      // The gateway is also Lambda's API for the functions (lambda-invoke-endpoint.ts). It answers
      // only this run's token, which only the bundled functions get, and only the functions the
      // app invokes asynchronously.
      const invokeToken = randomBytes(32).toString('hex');
      bundles = startBundledFunctions({
        functions,
        environmentOf: (fn) =>
          bundledEnvironment(fn, handlerEnv, { lambdaEndpoint: urls.api, functionIdOf, invokeToken }),
        log,
      });
      const running = bundles;
      gateway = createGateway({
        root: options.root,
        verifier,
        log,
        bundled: {
          loadHandler: async (route) => async (event) =>
            (await running.invoke(route.id, event)) as Awaited<ReturnType<LambdaHandler>>,
          invokeTarget: running,
          invokePolicy: { token: invokeToken, functions: invokedFunctionIds(functions.values(), functionIdOf) },
        },
      });
      runJob = (jobId, event) => running.invoke(jobId, event);
      log(`bundled: ${functions.size} functions from ${join(options.root, 'infra', 'cdk.out')}`);
    } else {
      gateway = await sourceGateway(options.root, verifier, log, faults);
    }
    const server = gateway;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.ports.api, host, () => resolve());
    });
    if (options.scheduler ?? true) {
      scheduler = startScheduler({
        root: options.root,
        log,
        runJob,
        // EventBridge Scheduler delivers at least once: with faults on, a job is sometimes delivered twice.
        ...(faults ? { deliverTwice: () => duplicates(faults, 'scheduler', 'RunJob') } : {}),
      });
    }
    if (faults) log(`faults: injecting ${process.env.FAULTS ?? 'the given plan'} (scripts/local/faults.ts)`);

    const info: LocalStackInfo = {
      urls,
      tableName,
      pool,
      issuer,
      admin: options.admin,
      handlerEnv,
      routes: implementedRoutes().map((r) => `${r.method} ${r.path}`),
      mode: synthesized ? 'bundled' : 'source',
    };
    writeFileSync(
      join(options.dataDir, 'stack.json'),
      JSON.stringify({ ...info, admin: { email: options.admin.email } }, null, 2),
    );
    return { ...info, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The gateway over the handlers' TypeScript source, all in this process. Every API response says
 * how many DynamoDB requests its handler made (dynamodb-round-trips.ts): the handlers share this
 * process's document client, so one middleware counts them all.
 */
async function sourceGateway(
  root: string,
  verifier: Awaited<ReturnType<typeof createJwtVerifier>>,
  log: (line: string) => void,
  faults?: FaultInjector,
) {
  const { documentClient } = await import('../../functions/src/adapters/dynamodb.js');
  installRoundTripCounter(documentClient);
  if (faults) {
    // The clients the handlers share in this process (each created once, at its module's scope).
    installFaults(documentClient, 'dynamodb', faults);
    installFaults((await import('../../functions/src/adapters/cognito-directory.js')).cognitoClient, 'cognito', faults);
    installFaults((await import('../../functions/src/adapters/ses-mailer.js')).sesClient, 'ses', faults);
  }

  // The local stand-in for payment-submit-usdt's asynchronous invoke of job-chain-recheck: the same
  // handler with the same event, in the background of this process. Imported only now: the
  // functions' modules read their configuration when first loaded.
  const { setLocalChainCheckRunner } = await import('../../functions/src/wiring/chain-check-trigger.js');
  // Outside the submission's DynamoDB tally: in AWS the check is another invocation.
  const runChainCheck = (event: unknown) =>
    outsideRoundTrips(async () => {
      const file = pathToFileURL(handlerFile(root, 'job-chain-recheck')).href;
      const { handler } = (await import(file)) as { handler: (event: unknown) => Promise<unknown> };
      return handler(event);
    });
  setLocalChainCheckRunner((event) => {
    if (!faults || !faults.enabled || faults.random() >= rateFor(faults.plan, 'lambda', 'InvokeCommand')) {
      return runChainCheck(event);
    }
    // Lambda's asynchronous invoke under faults: refused (throttled), or delivered twice.
    if (faults.random() < 0.5) {
      faults.tally.add('lambda', 'InvokeCommand', 'throttling');
      return Promise.reject(faultError('lambda', 'InvokeCommand', 'throttling'));
    }
    faults.tally.add('lambda', 'InvokeCommand', 'delivered-twice');
    return Promise.all([runChainCheck(event), runChainCheck(event)]).then(([first]) => first);
  });
  return createGateway({ root, verifier, log });
}

/**
 * The synthesized functions of every implemented route and job (synthesizing first when needed);
 * a route or job the assembly lacks is an error, not a route that answers 404.
 */
async function synthesizedRouteAndJobFunctions(
  root: string,
  log: (line: string) => void,
): Promise<Map<string, SynthesizedFunction>> {
  const assembly = await ensureSynthesized(root, log);
  const all = readSynthesizedFunctions(assembly);
  const ids = [...implementedRoutes().map((r) => r.id), ...SCHEDULES.filter((s) => s.implemented).map((s) => s.id)];
  const missing = ids.filter((id) => !all.has(id));
  if (missing.length > 0) {
    throw new LocalStackError(
      `${assembly} has no function for ${missing.join(', ')}: delete it and start again to synthesize the app anew.`,
    );
  }
  return new Map(ids.map((id) => [id, all.get(id) as SynthesizedFunction]));
}

/** Secrets generated once per data folder, so codes issued before a restart still verify after it. */
function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(32).toString('hex');
  writeFileSync(file, JSON.stringify({ ...secrets, [name]: created }, null, 2), { mode: 0o600 });
  return created;
}

/**
 * The catalog, the settings and the default templates (functions/src/data/seed-items.ts, the same
 * items the deploy-time seeding writes), each only if absent, then the local placeholder wallet
 * and the example copy-trading link.
 */
async function seedDefaults(client: DynamoDBDocumentClient, tableName: string): Promise<void> {
  const now = new Date();
  await seedDefaultItems(client, tableName, now);
  await seedLocalWallet(client, tableName, now.toISOString());
  await seedLocalCopyTradingLink(client, tableName, now.toISOString());
}

/**
 * LOCAL DEVELOPMENT ONLY: the free trial's copy-trading link a local stack starts with, so the
 * free trial can be activated and its mail carries a link. Deployed stacks start with none: the
 * admin sets the broker's real link in Subscription Settings. Set on every start while no link is
 * set (an admin's local link is kept; one removed comes back on the next start).
 */
export const LOCAL_COPY_TRADING_LINK = 'https://copy-trading.example.com/goldbot-local';

async function seedLocalCopyTradingLink(client: DynamoDBDocumentClient, tableName: string, now: string) {
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: subscriptionSettingsKey(),
        UpdateExpression: 'SET copyTradingLink = :link, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND (NOT attribute_type(copyTradingLink, :string) OR copyTradingLink = :empty)',
        ExpressionAttributeValues: { ':link': LOCAL_COPY_TRADING_LINK, ':now': now, ':string': 'S', ':empty': '' },
      }),
    );
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * LOCAL DEVELOPMENT ONLY: the USDT (TRC20) wallet a fresh `npm start` seeds, so the payment modal
 * works and a developer who submits a fixture TXID of the local TRON double (scripts/local/
 * tron-fixtures) sees the on-chain check say 'Match': it is the recipient of the real mainnet
 * receipt those fixtures are built from. It is a real TRON address that belongs to a stranger,
 * not to this product: never send funds to it. Deployed stacks get no wallet: an admin adds the
 * real one in /admin/wallets, and until then `wallet-details` answers 503 (there is no built-in
 * fallback address, docs/decisions.md "Commerce and back-office").
 */
export const LOCAL_DEV_WALLET_ADDRESS = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';
/** The placeholder earlier versions seeded; a data folder that still has it as the active wallet is moved on. */
export const FORMER_LOCAL_DEV_WALLET_ADDRESS = 'LOCAL-DEV-ONLY-do-not-send-funds-not-a-real-TRC20-address';

/**
 * The wallet and its ACTIVEWALLET#USDT pointer go in together, each only if absent: a data folder
 * where an admin already added, switched or deactivated wallets keeps exactly what is there.
 */
async function seedLocalWallet(client: DynamoDBDocumentClient, tableName: string, now: string): Promise<void> {
  const wallet = {
    _id: newId(Date.parse(now)),
    address: LOCAL_DEV_WALLET_ADDRESS,
    network: 'TRC20',
    currency: 'USDT' as const,
    isActive: true,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: { TableName: tableName, Item: toWalletItem(wallet), ConditionExpression: 'attribute_not_exists(PK)' },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...activeWalletKey('USDT'),
                entity: 'ActiveWallet',
                walletId: wallet._id,
                address: wallet.address,
                network: wallet.network,
                currency: wallet.currency,
                updatedAt: now,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    if (!reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
    await replaceFormerLocalWallet(client, tableName, wallet);
  }
}

/**
 * A data folder from before the on-chain check has the old placeholder as its active USDT wallet: the new
 * local wallet takes its place (the old one stays, inactive), in one transaction conditioned on the
 * pointer still naming the placeholder. Any other active wallet (an admin's choice) is left alone.
 */
async function replaceFormerLocalWallet(
  client: DynamoDBDocumentClient,
  tableName: string,
  wallet: Parameters<typeof toWalletItem>[0],
): Promise<void> {
  const pointer = await client.send(new GetCommand({ TableName: tableName, Key: activeWalletKey('USDT') }));
  if (pointer.Item?.address !== FORMER_LOCAL_DEV_WALLET_ADDRESS) return;
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: { TableName: tableName, Item: toWalletItem(wallet), ConditionExpression: 'attribute_not_exists(PK)' },
          },
          {
            Update: {
              TableName: tableName,
              Key: walletKey('USDT', FORMER_LOCAL_DEV_WALLET_ADDRESS),
              UpdateExpression: 'SET isActive = :false, updatedAt = :now',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':false': false, ':now': wallet.updatedAt },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: activeWalletKey('USDT'),
              UpdateExpression: 'SET walletId = :id, address = :address, network = :network, updatedAt = :now',
              ConditionExpression: 'address = :former',
              ExpressionAttributeValues: {
                ':id': wallet._id,
                ':address': wallet.address,
                ':network': wallet.network,
                ':now': wallet.updatedAt,
                ':former': FORMER_LOCAL_DEV_WALLET_ADDRESS,
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    if (!reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
  }
}

/** Whether a delivery under faults comes twice (at the rate of `client`, e.g. `scheduler`), counted in the tally. */
function duplicates(faults: FaultInjector, client: 'scheduler', command: string): boolean {
  if (!faults.enabled || faults.random() >= rateFor(faults.plan, client, command)) return false;
  faults.tally.add(client, command, 'delivered-twice');
  return true;
}
