import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { SettingsStore } from '../domain/settings/subscription-settings.js';
import { toAuditItem } from './audit-entity.js';
import { fromSubscriptionSettingsItem, subscriptionSettingsKey, type SubscriptionSettings } from './settings-entity.js';
import { putNew, transactUnlessChanged, updateItem, type TransactItem } from './transaction-items.js';

/**
 * E17, the subscription settings (AP21, AP22). A missing item or attribute reads as Basic on sale
 * and automatic approval off, so the write's conditions treat "absent" like those defaults.
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

/**
 * The update of a save that moves the autoApproveOnMatch switch (issue 13), with the Basic switch
 * too when it moves: every attribute set is conditioned on still reading its `from` value (absent
 * reads as the default: Basic on, automatic approval off).
 */
export function settingsUpdate(
  from: SubscriptionSettings,
  to: SubscriptionSettings,
  at: string,
  adminId: string,
): TransactItem {
  if (from.autoApproveOnMatch === to.autoApproveOnMatch) {
    return basicSwitchUpdate(from.basicPackageEnabled, to.basicPackageEnabled, at, adminId);
  }
  const sets = ['entity = :entity', '#auto = :autoTo', 'updatedAt = :at', 'updatedBy = :by'];
  const conditions = [
    from.autoApproveOnMatch ? '#auto = :autoFrom' : '(attribute_not_exists(#auto) OR #auto = :autoFrom)',
  ];
  const names: Record<string, string> = { '#auto': 'autoApproveOnMatch' };
  const values: Record<string, unknown> = {
    ':entity': 'SubscriptionSettings',
    ':autoTo': to.autoApproveOnMatch,
    ':autoFrom': from.autoApproveOnMatch,
    ':at': at,
    ':by': adminId,
  };
  if (from.basicPackageEnabled !== to.basicPackageEnabled) {
    sets.splice(1, 0, '#enabled = :to');
    conditions.push(
      from.basicPackageEnabled ? '(attribute_not_exists(#enabled) OR #enabled = :from)' : '#enabled = :from',
    );
    names['#enabled'] = 'basicPackageEnabled';
    Object.assign(values, { ':to': to.basicPackageEnabled, ':from': from.basicPackageEnabled });
  }
  return updateItem(subscriptionSettingsKey(), `SET ${sets.join(', ')}`, values, {
    names,
    condition: conditions.join(' AND '),
  });
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
      settingsUpdate(change.from, change.to, change.at, change.adminId),
      putNew(toAuditItem(change.audit)),
    ];
    return transactUnlessChanged(items);
  },
};
