import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { SettingsStore } from '../domain/settings/subscription-settings.js';
import { toAuditItem } from './audit-entity.js';
import { fromSubscriptionSettingsItem, subscriptionSettingsKey } from './settings-entity.js';
import { cancellationCodes } from './table-reads.js';
import { putNew, updateItem, type TransactItem } from './transaction-items.js';

/**
 * E17, the subscription settings (AP21, AP22). A missing item or attribute reads as Basic on sale,
 * so the write's condition treats "absent" like `true`.
 */

/**
 * The transaction item that moves the Basic switch from `from` to `to`, on condition it still
 * reads `from`. Shared by the settings save and the catalog editor's Basic on-sale flag.
 */
export function basicSwitchUpdate(from: boolean, to: boolean, at: string, adminId: string): TransactItem {
  return updateItem(
    subscriptionSettingsKey(),
    'SET entity = :entity, #enabled = :to, updatedAt = :at, updatedBy = :by',
    { ':entity': 'SubscriptionSettings', ':to': to, ':at': at, ':by': adminId, ':from': from },
    {
      names: { '#enabled': 'basicPackageEnabled' },
      condition: from ? 'attribute_not_exists(#enabled) OR #enabled = :from' : '#enabled = :from',
    },
  );
}

export const dynamoSettingsStore: SettingsStore = {
  async readSubscriptionSettings() {
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: subscriptionSettingsKey(), ConsistentRead: true }),
    );
    return fromSubscriptionSettingsItem(result?.Item);
  },

  async commitSubscriptionSettings(change) {
    const items = [
      basicSwitchUpdate(change.from.basicPackageEnabled, change.to.basicPackageEnabled, change.at, change.adminId),
      putNew(toAuditItem(change.audit)),
    ];
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return 'committed';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'changed';
      throw error;
    }
  },
};
