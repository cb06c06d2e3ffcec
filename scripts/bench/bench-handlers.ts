import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminCaller } from './admin-invoke.js';
import { startBenchDynamoDb, type BenchDynamoDb } from './bench-dynamodb.js';
import { attachCapacityMeter, type CapacityMeter } from './capacity-meter.js';

/**
 * What the sections that run the real handlers in this process share: the benchmark's table and
 * administrator, the handlers' environment, and a DynamoDB Local of the section's own with a meter
 * on the handlers' document client.
 */
export const TABLE_NAME = 'goldbot-bench';

export const ADMIN: AdminCaller & { username: string } = {
  userId: '0b5e7c1a-ad31-4a00-8a6e-00000000ad31',
  email: 'admin@example.com',
  username: 'admin',
};

/** The session guard's GetItem of the caller's profile: the same at every size, tallied apart. */
export const isGuardRead = (operation: string, input: Record<string, unknown>) => {
  const key = input.Key as { PK?: unknown; SK?: unknown } | undefined;
  return operation === 'GetItemCommand' && key?.PK === `USER#${ADMIN.userId}` && key?.SK === 'PROFILE';
};

/**
 * The handlers read their configuration at import: point them at the benchmark's table, and every
 * other AWS endpoint at a closed loopback port, so a handler that reached for Cognito or SES would
 * fail here at once instead of going to the network.
 */
export function handlerEnvironment(endpoint: string): Record<string, string> {
  const closed = 'http://127.0.0.1:9';
  return {
    TABLE_NAME,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    USER_POOL_ID: 'us-east-1_bench',
    USER_POOL_CLIENT_ID: 'bench-client',
    MAIL_FROM: 'no-reply@goldbot.example',
    APP_URL: 'http://localhost:5173',
    OTP_HASH_KEY: 'bench-otp-hash-key-0123456789abcdef0123',
    ADMIN_MFA_REQUIRED: 'false',
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: closed,
    AWS_ENDPOINT_URL_SES: closed,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: closed,
  };
}

/**
 * Runs `measure` with a fresh DynamoDB Local (table created, nothing seeded), the handlers'
 * environment pointing at it, and the capacity meter on the handlers' own document client (one per
 * process, like a warm Lambda). The handlers read their configuration once, at their first import,
 * so every section of a run gets its DynamoDB Local on the same port (bench-dynamodb.ts); the
 * caller's environment is restored afterwards.
 */
export async function withBenchHandlers<T>(
  options: { root: string; log: (line: string) => void },
  measure: (bench: { db: BenchDynamoDb; meter: CapacityMeter }) => Promise<T>,
): Promise<T> {
  const db = await startBenchDynamoDb({ root: options.root, tableName: TABLE_NAME, log: options.log });
  const handlerEnv = handlerEnvironment(db.endpoint);
  const savedEnv = Object.fromEntries(Object.keys(handlerEnv).map((name) => [name, process.env[name]]));
  try {
    Object.assign(process.env, handlerEnv);
    const adapter = (await import(pathToFileURL(join(options.root, 'functions/src/adapters/dynamodb.ts')).href)) as {
      documentClient: DynamoDBDocumentClient;
    };
    return await measure({ db, meter: attachCapacityMeter(adapter.documentClient, { exclude: isGuardRead }) });
  } finally {
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await db.stop();
  }
}
