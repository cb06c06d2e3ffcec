import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { defaultPackage } from '../../src/data/package-catalog-entity.js';
import { dynamoCatalogStore, listCatalog } from '../../src/data/package-catalog-store.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { dynamo, TABLE, AT, audit, transactItems, auditPut } from '../helpers/config-store-tables.js';

/**
 * The catalog store against a mocked document client (helpers/config-store-tables.ts): keys,
 * conditions, one request each.
 */
describe('the catalog store', () => {
  it('lists every package in order over the defaults, with Basic’s flag from the settings', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { PK: 'CATALOG', SK: 'PACKAGE#pro', slug: 'pro', priceUsd: 100, sortOrder: 2, onSale: false },
        { PK: 'CATALOG', SK: 'PACKAGE#basic', slug: 'basic', priceUsd: 20, sortOrder: 1, onSale: true },
        { PK: 'CATALOG', SK: 'PACKAGE#gold', slug: 'gold', priceUsd: 1 },
      ],
    });
    dynamo.on(GetCommand).resolves({ Item: { PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false } });
    expect(await listCatalog()).toEqual([
      { slug: 'freeTrial', packageName: 'Free Trial', priceUsd: 0, sortOrder: 0, onSale: true },
      { slug: 'basic', packageName: 'Basic Package', priceUsd: 20, sortOrder: 1, onSale: false },
      { slug: 'pro', packageName: 'Pro Package', priceUsd: 100, sortOrder: 2, onSale: false },
      { slug: 'ultimate', packageName: 'Ultimate Package', priceUsd: 1000, sortOrder: 3, onSale: true },
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'CATALOG', ':prefix': 'PACKAGE#' },
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({ PK: 'SETTINGS', SK: 'SUBSCRIPTION' });
  });

  it('reads one package and the switch in one consistent BatchGetItem', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [
          { PK: 'CATALOG', SK: 'PACKAGE#basic', priceUsd: 55 },
          { PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false },
        ],
      },
    });
    expect(await dynamoCatalogStore.readPackage('basic')).toEqual({
      current: { ...defaultPackage('basic'), priceUsd: 55, onSale: false },
      itemExists: true,
    });
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE]).toEqual({
      ConsistentRead: true,
      Keys: [
        { PK: 'CATALOG', SK: 'PACKAGE#basic' },
        { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ],
    });
  });

  const plan = (
    slug: 'pro' | 'basic',
    from: { priceUsd: number; onSale: boolean; itemExists: boolean },
    to: { priceUsd: number; onSale: boolean },
  ) => ({
    slug,
    from: {
      current: { ...defaultPackage(slug), priceUsd: from.priceUsd, onSale: from.onSale },
      itemExists: from.itemExists,
    },
    to: { ...defaultPackage(slug), ...to },
    at: AT,
    adminId: 'admin-1',
    audit: audit('catalog.update'),
  });

  it('writes a Pro item on condition it still has the price and flag read, with the audit entry', async () => {
    expect(
      await dynamoCatalogStore.commitPackageUpdate(
        plan('pro', { priceUsd: 250, onSale: true, itemExists: true }, { priceUsd: 100, onSale: false }),
      ),
    ).toBe('committed');
    const items = transactItems();
    expect(items).toHaveLength(2);
    expect(items[0]?.Put).toEqual({
      TableName: TABLE,
      Item: {
        PK: 'CATALOG',
        SK: 'PACKAGE#pro',
        entity: 'CatalogPackage',
        slug: 'pro',
        packageName: 'Pro Package',
        priceUsd: 100,
        sortOrder: 2,
        onSale: false,
        updatedAt: AT,
        updatedBy: 'admin-1',
      },
      ConditionExpression: '#price = :price AND (attribute_not_exists(#onSale) OR #onSale = :onSale)',
      ExpressionAttributeNames: { '#price': 'priceUsd', '#onSale': 'onSale' },
      ExpressionAttributeValues: { ':price': 250, ':onSale': true },
    });
    expect(items[1]).toEqual(auditPut);
  });

  it('creates a missing item only if it is still missing', async () => {
    await dynamoCatalogStore.commitPackageUpdate(
      plan('pro', { priceUsd: 250, onSale: true, itemExists: false }, { priceUsd: 200, onSale: true }),
    );
    expect(transactItems()[0]?.Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
  });

  it('moves Basic’s flag in the settings (no onSale on its item), the price on its item, in one transaction', async () => {
    await dynamoCatalogStore.commitPackageUpdate(
      plan('basic', { priceUsd: 60, onSale: true, itemExists: true }, { priceUsd: 60, onSale: false }),
    );
    let items = transactItems(0);
    expect(items).toHaveLength(2);
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ExpressionAttributeValues: expect.objectContaining({ ':to': false, ':from': true }),
    });
    await dynamoCatalogStore.commitPackageUpdate(
      plan('basic', { priceUsd: 60, onSale: false, itemExists: true }, { priceUsd: 20, onSale: true }),
    );
    items = transactItems(1);
    expect(items).toHaveLength(3);
    expect(items[0]?.Put?.Item).not.toHaveProperty('onSale');
    expect(items[0]?.Put).toMatchObject({
      Item: { SK: 'PACKAGE#basic', priceUsd: 20 },
      ConditionExpression: '#price = :price',
      ExpressionAttributeValues: { ':price': 60 },
    });
    expect(items[1]?.Update).toMatchObject({ ConditionExpression: '#enabled = :from' });
  });

  it('reports a moved item or switch as changed', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(
      await dynamoCatalogStore.commitPackageUpdate(
        plan('pro', { priceUsd: 250, onSale: true, itemExists: true }, { priceUsd: 1, onSale: true }),
      ),
    ).toBe('changed');
  });
});
