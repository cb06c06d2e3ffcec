import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachCapacityMeter, capacityUnitsOf, describeCalls, emptyTally, record } from '../bench/capacity-meter.js';

/**
 * A stand-in for DynamoDB's HTTP endpoint: it records each request's operation and JSON body and
 * answers with the ConsumedCapacity the test sets per operation, so the meter runs through the
 * SDK's real middleware stack, serializer and deserializer.
 */
const seen: { operation: string; body: Record<string, unknown> }[] = [];
const answers: Record<string, Record<string, unknown>> = {
  GetItem: { Item: { PK: { S: 'a' }, SK: { S: 'b' } }, ConsumedCapacity: { TableName: 't', CapacityUnits: 0.5 } },
  BatchGetItem: {
    Responses: { t: [] },
    UnprocessedKeys: {},
    ConsumedCapacity: [{ TableName: 't', CapacityUnits: 1.5 }],
  },
  Query: { Items: [], Count: 0, ScannedCount: 0, ConsumedCapacity: { TableName: 't', CapacityUnits: 4 } },
  Scan: { Items: [], Count: 0, ScannedCount: 0, ConsumedCapacity: { TableName: 't', CapacityUnits: 10 } },
  PutItem: { ConsumedCapacity: { TableName: 't', CapacityUnits: 1 } },
};
let server: Server;
let client: DynamoDBDocumentClient;
let omitCapacity = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target']).split('.')[1] ?? '';
      seen.push({ operation, body: JSON.parse(text) as Record<string, unknown> });
      const { ConsumedCapacity, ...rest } = answers[operation] ?? {};
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(omitCapacity ? rest : { ...rest, ConsumedCapacity }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    }),
  );
});

afterAll(async () => {
  client.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const key = { PK: 'USER#1', SK: 'PROFILE' };

describe('capacity meter', () => {
  it('asks every request for its consumed capacity and adds it up per measurement', async () => {
    const meter = attachCapacityMeter(client);
    seen.length = 0;
    const { result, tally } = await meter.measure(async () => {
      await client.send(new GetCommand({ TableName: 't', Key: key }));
      await client.send(new BatchGetCommand({ RequestItems: { t: { Keys: [key, key, key] } } }));
      await client.send(
        new QueryCommand({
          TableName: 't',
          KeyConditionExpression: 'PK = :p',
          ExpressionAttributeValues: { ':p': 'x' },
        }),
      );
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen.map((s) => s.operation)).toEqual(['GetItem', 'BatchGetItem', 'Query']);
    expect(seen.every((s) => s.body.ReturnConsumedCapacity === 'TOTAL')).toBe(true);
    // The document client still marshalls the rest of the input.
    expect(seen[0]?.body.Key).toEqual({ PK: { S: 'USER#1' }, SK: { S: 'PROFILE' } });
    expect(tally.readUnits).toBe(6);
    expect(tally.writeUnits).toBe(0);
    expect(tally.requests).toBe(3);
    expect(tally.scans).toBe(0);
    expect(describeCalls(tally.calls)).toBe('GetItem 0.5, BatchGetItem 1.5, Query 4');
    expect(tally.byOperation).toEqual({
      GetItemCommand: { requests: 1, capacityUnits: 0.5 },
      BatchGetItemCommand: { requests: 1, capacityUnits: 1.5 },
      QueryCommand: { requests: 1, capacityUnits: 4 },
    });
  });

  it('leaves requests outside a measurement alone', async () => {
    attachCapacityMeter(client);
    seen.length = 0;
    await client.send(new GetCommand({ TableName: 't', Key: key }));
    expect(seen[0]?.body.ReturnConsumedCapacity).toBeUndefined();
  });

  it('tallies excluded requests apart, counts writes and Scans separately', async () => {
    const meter = attachCapacityMeter(client, {
      exclude: (operation, input) => operation === 'GetItemCommand' && (input.Key as typeof key).PK === 'USER#1',
    });
    const { tally } = await meter.measure(async () => {
      await client.send(new GetCommand({ TableName: 't', Key: key }));
      await client.send(new GetCommand({ TableName: 't', Key: { PK: 'STATS#USERS', SK: 'TOTAL' } }));
      await client.send(new PutCommand({ TableName: 't', Item: { PK: 'x', SK: 'y' } }));
      await client.send(new ScanCommand({ TableName: 't' }));
    });
    expect(tally.excluded).toEqual({ requests: 1, capacityUnits: 0.5 });
    expect(tally.readUnits).toBe(10.5);
    expect(tally.writeUnits).toBe(1);
    expect(tally.requests).toBe(3);
    expect(tally.scans).toBe(1);
  });

  it('keeps concurrent measurements apart', async () => {
    const meter = attachCapacityMeter(client);
    const get = () => client.send(new GetCommand({ TableName: 't', Key: key }));
    const [one, two] = await Promise.all([
      meter.measure(async () => {
        await get();
        await get();
      }),
      meter.measure(async () => {
        await get();
      }),
    ]);
    expect(one.tally.requests).toBe(2);
    expect(two.tally.requests).toBe(1);
  });

  it('counts answers that carry no consumed capacity, so the figures cannot silently be zero', async () => {
    const meter = attachCapacityMeter(client);
    omitCapacity = true;
    try {
      const { tally } = await meter.measure(() => client.send(new GetCommand({ TableName: 't', Key: key })));
      expect(tally.readUnits).toBe(0);
      expect(meter.unreported).toBe(1);
    } finally {
      omitCapacity = false;
    }
  });
});

describe('capacity arithmetic', () => {
  it('reads one ConsumedCapacity or a list of them', () => {
    expect(capacityUnitsOf({ CapacityUnits: 2.5 })).toBe(2.5);
    expect(capacityUnitsOf([{ CapacityUnits: 1 }, { CapacityUnits: 0.5 }])).toBe(1.5);
    expect(capacityUnitsOf(undefined)).toBe(0);
  });

  it('classifies operations as reads or writes', () => {
    const tally = emptyTally();
    record(tally, 'TransactGetItemsCommand', [{ CapacityUnits: 4 }]);
    record(tally, 'TransactWriteItemsCommand', [{ CapacityUnits: 6 }]);
    record(tally, 'UpdateItemCommand', { CapacityUnits: 1 });
    expect(tally.readUnits).toBe(4);
    expect(tally.writeUnits).toBe(7);
    expect(tally.requests).toBe(3);
    for (let i = 0; i < 4; i += 1) record(tally, 'QueryCommand', { CapacityUnits: 2.5 });
    expect(describeCalls(tally.calls)).toBe('TransactGetItems 4, TransactWriteItems 6, UpdateItem 1, Query 4× 10');
  });
});
