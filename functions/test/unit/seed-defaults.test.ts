import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSeedItems } from '../../src/data/seed-items.js';
import { TXID_START_BACKFILL_KEY } from '../../src/data/txid-start-backfill.js';
import { handler } from '../../src/triggers/seed-defaults.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The deploy-time seeding handler (the data stack's custom resource) with DynamoDB mocked: every seed
 * item is put only if absent, an existing (edited) item is kept, the TXID-start keys are backfilled
 * once, a delete writes nothing, and a DynamoDB failure fails the deploy instead of reporting success.
 */
const dynamo = useMockedDynamo();
beforeEach(() => {
  // The backfill has not run on this table, and there are no payments.
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
});

const base = {
  ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider',
  ResponseURL: 'https://cloudformation-custom-resource-response.example/',
  StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/Goldbot-Data/1',
  RequestId: 'req-1',
  LogicalResourceId: 'SeedDefaults',
  ResourceType: 'Custom::GoldbotSeedDefaults',
  ResourceProperties: { ServiceToken: 'x', TableName: 'test-table' },
};
const create = { ...base, RequestType: 'Create' } as CloudFormationCustomResourceEvent;
const keyOf = (item: Record<string, unknown> | undefined) => `${String(item?.PK)}/${String(item?.SK)}`;

describe('seed-defaults custom resource', () => {
  it('puts every seed item with attribute_not_exists(PK) into the configured table', async () => {
    dynamo.on(PutCommand).resolves({});
    const result = await handler(create);
    const puts = dynamo
      .commandCalls(PutCommand)
      .map((c) => c.args[0].input)
      .filter((put) => put.Item?.PK !== TXID_START_BACKFILL_KEY.PK);
    const expected = defaultSeedItems().map((item) => keyOf(item));
    expect(puts.map((p) => keyOf(p.Item)).sort()).toEqual(expected.sort());
    for (const put of puts) {
      expect(put.TableName).toBe(process.env.TABLE_NAME);
      expect(put.ConditionExpression).toBe('attribute_not_exists(PK)');
    }
    expect(result).toEqual({
      PhysicalResourceId: `seed-defaults:${process.env.TABLE_NAME}`,
      Data: { Written: expected.length, Kept: 0 },
    });
  });

  it('keeps what is there (an admin edit), and reports it', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const result = await handler({
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: 'seed-defaults:test-table',
      OldResourceProperties: { ServiceToken: 'x' },
    } as CloudFormationCustomResourceEvent);
    expect(result.Data).toEqual({ Written: 0, Kept: defaultSeedItems().length });
    expect(result.PhysicalResourceId).toBe('seed-defaults:test-table');
  });

  it('gives the TXID markers of earlier payments their TXID-start keys, once', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [{ txidNormalized: 'ab12' }] });
    dynamo.on(UpdateCommand).resolves({});
    await handler(create);
    const markerUpdate = dynamo
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .find((update) => update.Key?.PK === 'TXID#ab12');
    expect(markerUpdate?.ExpressionAttributeValues).toEqual({ ':pk': 'TXIDS#ab', ':sk': 'ab12' });
    expect(dynamo.commandCalls(PutCommand).map((c) => c.args[0].input.Item?.PK)).toContain(TXID_START_BACKFILL_KEY.PK);
  });

  it('deletes nothing when the resource is deleted', async () => {
    const result = await handler({
      ...base,
      RequestType: 'Delete',
      PhysicalResourceId: 'seed-defaults:test-table',
    } as CloudFormationCustomResourceEvent);
    expect(result).toEqual({ PhysicalResourceId: 'seed-defaults:test-table' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('fails the deploy when DynamoDB fails', async () => {
    dynamo.on(PutCommand).rejects(new Error('AccessDeniedException'));
    await expect(handler(create)).rejects.toThrow('AccessDeniedException');
  });
});
