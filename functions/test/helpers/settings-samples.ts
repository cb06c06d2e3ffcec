import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { defaultSeedItems } from '../../src/data/seed-items.js';
import { givenItems } from './customer-commerce-samples.js';
import { SAMPLE_ADMIN_ID } from './sample-admin.js';

/**
 * The world of the configuration samples: a seeded table (catalog, settings, default
 * templates) where the admin once edited the paymentPending mail. Shared by the sample events and
 * the settings handler tests.
 */
type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;
type Item = Record<string, unknown> & { PK: string; SK: string };

export const editedPaymentPending = (): Item => ({
  PK: 'TEMPLATES',
  SK: 'TEMPLATE#paymentPending',
  entity: 'EmailTemplate',
  type: 'paymentPending',
  subject: 'GoldBot: we received your payment, {{username}}',
  html: '<p>Hi {{username}}, thanks for buying the {{packageName}}.</p>',
  isDefault: false,
  version: 2,
  updatedAt: '2026-01-01T09:00:00.000Z',
  updatedBy: SAMPLE_ADMIN_ID,
});

export function seededItems(): Item[] {
  const items = defaultSeedItems(new Date('2026-01-01T00:00:00.000Z'));
  return items.map((item) => (item.SK === 'TEMPLATE#paymentPending' ? editedPaymentPending() : item));
}

export function settingsSampleWorld(dynamo: DocumentClientStub): Partial<Record<RouteId, () => void>> {
  const world = () => {
    const items = seededItems();
    givenItems(dynamo, items);
    for (const partition of ['TEMPLATES', 'CATALOG']) {
      dynamo
        .on(QueryCommand, { ExpressionAttributeValues: { ':pk': partition } }, false)
        .resolves({ Items: items.filter((item) => item.PK === partition) });
    }
  };
  return {
    'packages-list': world,
    'settings-email-templates-get': world,
    'settings-email-templates-put': world,
    'settings-force-update-templates': world,
    'settings-email-templates-preview': world,
    'settings-subscription-get': world,
    'settings-subscription-put': world,
    'admin-packages-update': world,
  };
}
