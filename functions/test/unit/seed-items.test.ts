import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../src/adapters/dynamodb.js';
import { SEED_CONDITION, defaultSeedItems, seedDefaults } from '../../src/data/seed-items.js';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { sleep } from '../../src/lib/retry.js';
import { dynamo, TABLE, AT } from '../helpers/config-store-tables.js';

/**
 * The seed items of the settings, templates and catalog against a mocked document client
 * (helpers/config-store-tables.ts): keys, conditions, one request each.
 */
describe('seed items', () => {
  it('are the catalog, the settings and every admin template as its default', () => {
    const items = defaultSeedItems(new Date(AT));
    expect(items.map((i) => `${i.PK}/${i.SK}`)).toEqual([
      'CATALOG/PACKAGE#freeTrial',
      'CATALOG/PACKAGE#basic',
      'CATALOG/PACKAGE#pro',
      'CATALOG/PACKAGE#ultimate',
      'SETTINGS/SUBSCRIPTION',
      ...ADMIN_TEMPLATE_TYPES.map((t) => `TEMPLATES/TEMPLATE#${t}`),
    ]);
    expect(items[0]).toMatchObject({ priceUsd: 0, onSale: true, updatedAt: AT });
    expect(items[1]).toMatchObject({ priceUsd: 60 });
    expect(items[1]).not.toHaveProperty('onSale');
    expect(items[4]).toMatchObject({ basicPackageEnabled: true });
    // Deploy-time seeding leaves the copy-trading link empty: an admin sets the broker's real one.
    expect(items[4]).not.toHaveProperty('copyTradingLink');
    expect(items.find((i) => i.SK === 'TEMPLATE#subscriptionExpiryReminder')).toMatchObject({
      ...DEFAULT_EMAIL_TEMPLATES.subscriptionExpiryReminder,
      isDefault: true,
      version: 0,
      updatedBy: 'system',
      placeholders: [...TEMPLATE_PLACEHOLDERS.subscriptionExpiryReminder],
    });
  });

  it('writes each only if absent and tells written from kept', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo
      .on(PutCommand, { Item: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' } })
      .rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const result = await seedDefaults(documentClient, TABLE, new Date(AT));
    expect(result.kept).toEqual(['SETTINGS/SUBSCRIPTION']);
    expect(result.written).toHaveLength(4 + ADMIN_TEMPLATE_TYPES.length);
    for (const call of dynamo.commandCalls(PutCommand)) {
      expect(call.args[0].input).toMatchObject({ TableName: TABLE, ConditionExpression: SEED_CONDITION });
    }
    dynamo.on(PutCommand).rejects(new Error('AccessDenied'));
    await expect(seedDefaults(documentClient, TABLE)).rejects.toThrow('AccessDenied');
  });

  it('sends one Put at a time (a fresh DynamoDB Local once failed a burst of them)', async () => {
    let inFlight = 0;
    let most = 0;
    dynamo.on(PutCommand).callsFake(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(1);
      inFlight -= 1;
      return {};
    });
    const result = await seedDefaults(documentClient, TABLE, new Date(AT));
    expect(result.written).toHaveLength(defaultSeedItems(new Date(AT)).length);
    expect(most).toBe(1);
  });
});
