import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { backfillTxidStartKeys, TXID_START_BACKFILL_KEY } from '../../src/data/txid-start-backfill.js';

/**
 * The one-off backfill of the TXID-start keys on markers written before them: found from the
 * payments list (a Query, page by page), each marker keyed only if it exists without keys, and
 * the whole run skipped once it has completed.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
beforeEach(() => dynamo.reset());
afterAll(() => dynamo.restore());

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'condition', $metadata: {} });
const NOW = new Date('2026-11-27T12:00:00Z');

describe('backfillTxidStartKeys', () => {
  it('reads the payments list page by page and gives each marker its keys, only where they are missing', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [{ txidNormalized: 'ab12' }, { txidNormalized: 'cd34' }],
        LastEvaluatedKey: { GSI1PK: 'PAYMENTS', GSI1SK: 'k', PK: 'PAYMENT#2', SK: 'PAYMENT#2' },
      })
      // An old payment without the normalized field: its TXID as the reader normalizes it.
      .resolvesOnce({ Items: [{ transactionId: ' 0xEF56 ' }] });
    dynamo.on(UpdateCommand).resolves({});
    // Keyed already (written by a newer release, or by an earlier interrupted run).
    dynamo.on(UpdateCommand, { Key: { PK: 'TXID#cd34', SK: 'TXID' } }).rejects(conditionFailed());
    dynamo.on(PutCommand).resolves({});

    const result = await backfillTxidStartKeys(client, 'table', NOW);

    expect(result).toEqual({ alreadyDone: false, payments: 3, keyed: 2 });
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      TableName: 'table',
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': 'PAYMENTS' },
    });
    expect(queries[1]?.ExclusiveStartKey).toEqual({
      GSI1PK: 'PAYMENTS',
      GSI1SK: 'k',
      PK: 'PAYMENT#2',
      SK: 'PAYMENT#2',
    });
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates.map((update) => [update.Key, update.ExpressionAttributeValues])).toEqual([
      [
        { PK: 'TXID#ab12', SK: 'TXID' },
        { ':pk': 'TXIDS#ab', ':sk': 'ab12' },
      ],
      [
        { PK: 'TXID#cd34', SK: 'TXID' },
        { ':pk': 'TXIDS#cd', ':sk': 'cd34' },
      ],
      [
        { PK: 'TXID#ef56', SK: 'TXID' },
        { ':pk': 'TXIDS#ef', ':sk': 'ef56' },
      ],
    ]);
    for (const update of updates) {
      expect(update.UpdateExpression).toBe('SET GSI2PK = :pk, GSI2SK = :sk');
      expect(update.ConditionExpression).toBe('attribute_exists(PK) AND attribute_not_exists(GSI2PK)');
    }
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toEqual({
      TableName: 'table',
      Item: { ...TXID_START_BACKFILL_KEY, entity: 'Migration', completedAt: NOW.toISOString(), payments: 3, keyed: 2 },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('reads one item and stops once a run has completed', async () => {
    dynamo.on(GetCommand).resolves({ Item: { ...TXID_START_BACKFILL_KEY, completedAt: NOW.toISOString() } });
    expect(await backfillTxidStartKeys(client, 'table', NOW)).toEqual({ alreadyDone: true, payments: 0, keyed: 0 });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: TXID_START_BACKFILL_KEY,
      ConsistentRead: true,
    });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('on an empty list marks the run complete, and a run completed meanwhile by another is no failure', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(PutCommand).rejects(conditionFailed());
    expect(await backfillTxidStartKeys(client, 'table', NOW)).toEqual({ alreadyDone: false, payments: 0, keyed: 0 });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('fails on any other DynamoDB error, without marking the run complete', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [{ txidNormalized: 'ab12' }] });
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(backfillTxidStartKeys(client, 'table', NOW)).rejects.toThrow('ProvisionedThroughputExceededException');
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});
