import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  DYNAMODB_SIMULATOR_PACKAGE,
  assertJavaAvailable,
  ensureDynamoDbLocalJar,
  ensureTable,
  localDynamoClient,
  waitForDynamoDb,
} from '../local/dynamodb-local.js';
import { freePort, startProcess, stopProcess } from '../local/processes.js';
import { backoffMs, retry } from '../../functions/src/lib/retry.js';

/**
 * A DynamoDB Local of the benchmark's own: the jar `npm start` uses (fetched once into
 * .local/cache), on a free port, **in memory** (nothing on disk to clean up, and seeding is not
 * bound by the disk), with the table and indexes created from TABLE_DEFINITION like the bootstrap.
 */
export interface BenchDynamoDb {
  endpoint: string;
  tableName: string;
  /** A document client for seeding; the handlers use their own (functions/src/adapters/dynamodb.ts). */
  client: DynamoDBDocumentClient;
  emulator: string;
  stop(): Promise<void>;
}

let benchPort: number | undefined;

export async function startBenchDynamoDb(options: {
  root: string;
  tableName: string;
  log: (line: string) => void;
}): Promise<BenchDynamoDb> {
  assertJavaAvailable();
  const jarDir = ensureDynamoDbLocalJar(join(options.root, '.local', 'cache'), options.log);
  // One port for every section of a run: handlers loaded by an earlier section keep the endpoint
  // they read at import, so a later section's DynamoDB Local must answer where they look.
  benchPort ??= await freePort();
  const port = benchPort;
  // DynamoDB Local may leave a metadata file in its working directory: a throw-away one.
  const workDir = mkdtempSync(join(tmpdir(), 'goldbot-bench-'));
  const stop = async () => {
    await stopProcess(child);
    rmSync(workDir, { recursive: true, force: true });
  };
  const child = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      '-Xmx1g',
      '-jar',
      join(jarDir, 'DynamoDBLocal.jar'),
      '-inMemory',
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { cwd: workDir },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const raw = localDynamoClient(endpoint);
  try {
    await waitForDynamoDb(raw, child);
    await ensureTable(raw, options.tableName);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    endpoint,
    tableName: options.tableName,
    client: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }),
    emulator: `DynamoDB Local from ${DYNAMODB_SIMULATOR_PACKAGE}, in memory`,
    stop,
  };
}

/** BatchWriteItem takes at most 25 items. */
const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;

/**
 * Writes every item of `items` with BatchWriteItem, 25 a call and `parallel` calls in flight,
 * pulling lazily from the iterable (a 500,000-item data set is never held in memory at once).
 * Unprocessed items are written again with a growing pause.
 */
export async function batchWriteAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: Iterable<Record<string, unknown>>,
  parallel = 8,
): Promise<number> {
  const source = items[Symbol.iterator]();
  let written = 0;
  const nextBatch = () => {
    const batch: Record<string, unknown>[] = [];
    while (batch.length < BATCH_SIZE) {
      const next = source.next();
      if (next.done) break;
      batch.push(next.value);
    }
    return batch;
  };
  const worker = async () => {
    for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      // Each try writes only the items the last one left unprocessed.
      const left = await retry(
        async () => {
          const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
          return requests.length;
        },
        {
          tries: MAX_ATTEMPTS,
          retryOn: () => false,
          retryResult: (unprocessed) => unprocessed > 0,
          delayMs: (attempt) => backoffMs(attempt, { baseMs: 50 }),
        },
      );
      if (left > 0) throw new Error('BatchWriteItem left items unprocessed after retries');
      written += batch.length;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return written;
}
