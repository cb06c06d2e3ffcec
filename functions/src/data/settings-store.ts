import { WORK_KINDS } from '@goldbot/shared';
import type { SettingsStore } from '../domain/settings/subscription-settings.js';
import { toAuditItem } from './audit-entity.js';
import { fromSubscriptionSettingsItem, subscriptionSettingsKey } from './settings-entity.js';
import type { SubscriptionSettings } from '../domain/records/settings-record.js';
import { SETTING_NAMES, sameSetting } from '../domain/settings/subscription-settings.js';
import { getItem } from './table-reads.js';
import { putNew, transactUnlessChanged, updateItem, type TransactItem } from './transaction-items.js';

/**
 * The subscription settings (read and switch). A missing item or attribute reads as Basic on sale,
 * automatic approval off and no copy-trading link, so the write's conditions treat "absent" like
 * those defaults.
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
 * The condition that one setting still reads `from`, where an absent attribute reads as its
 * default (Basic on, automatic approval off, no link), with the names and values it uses.
 */
function stillReads(
  setting: keyof SubscriptionSettings,
  from: SubscriptionSettings,
): { condition: string; names: Record<string, string>; values: Record<string, unknown> } {
  switch (setting) {
    case 'basicPackageEnabled':
      return {
        condition: from.basicPackageEnabled
          ? '(attribute_not_exists(#enabled) OR #enabled = :from)'
          : '#enabled = :from',
        names: { '#enabled': setting },
        values: { ':from': from.basicPackageEnabled },
      };
    case 'autoApproveOnMatch':
      return {
        condition: from.autoApproveOnMatch ? '#auto = :autoFrom' : '(attribute_not_exists(#auto) OR #auto = :autoFrom)',
        names: { '#auto': setting },
        values: { ':autoFrom': from.autoApproveOnMatch },
      };
    case 'newWorkMail': {
      // The whole map is written, so every kind must still read as it did: a kind is on unless it
      // is stored as false, and a missing map or entry compares as "not false" (settings-entity.ts).
      const names: Record<string, string> = { '#mail': setting };
      const conditions = WORK_KINDS.map((kind, index) => {
        names[`#mailKind${index}`] = kind;
        const stored = `#mail.#mailKind${index} = :mailOff`;
        return from.newWorkMail[kind] ? `(NOT ${stored})` : stored;
      });
      return { condition: conditions.join(' AND '), names, values: { ':mailOff': false } };
    }
    case 'copyTradingLink':
      // No link reads as null whether the attribute is absent, null or empty (settings-entity.ts).
      return from.copyTradingLink === null
        ? {
            condition: '(NOT attribute_type(#link, :stringType) OR #link = :empty)',
            names: { '#link': setting },
            values: { ':stringType': 'S', ':empty': '' },
          }
        : {
            condition: '#link = :linkFrom',
            names: { '#link': setting },
            values: { ':linkFrom': from.copyTradingLink },
          };
  }
}

/** The SET (or, for a link removed, REMOVE) clause that gives one setting its `to` value. */
function assignment(setting: keyof SubscriptionSettings, to: SubscriptionSettings) {
  switch (setting) {
    case 'basicPackageEnabled':
      return { set: '#enabled = :to', values: { ':to': to.basicPackageEnabled } };
    case 'autoApproveOnMatch':
      return { set: '#auto = :autoTo', values: { ':autoTo': to.autoApproveOnMatch } };
    case 'copyTradingLink':
      return to.copyTradingLink === null
        ? { remove: '#link', values: {} }
        : { set: '#link = :linkTo', values: { ':linkTo': to.copyTradingLink } };
    case 'newWorkMail':
      return { set: '#mail = :mailTo', values: { ':mailTo': { ...to.newWorkMail } } };
  }
}

/**
 * The update of a save: every setting that moves is set (a removed link is removed) on condition
 * it still reads its `from` value. Basic's switch alone is `basicSwitchUpdate`, the item the
 * catalog editor writes too.
 */
export function settingsUpdate(
  from: SubscriptionSettings,
  to: SubscriptionSettings,
  at: string,
  adminId: string,
): TransactItem {
  const moved = SETTING_NAMES.filter((setting) => !sameSetting(setting, from, to));
  if (moved.length === 1 && moved[0] === 'basicPackageEnabled') {
    return basicSwitchUpdate(from.basicPackageEnabled, to.basicPackageEnabled, at, adminId);
  }
  const sets = ['entity = :entity'];
  const removes: string[] = [];
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':entity': 'SubscriptionSettings', ':at': at, ':by': adminId };
  for (const setting of moved) {
    const check = stillReads(setting, from);
    const change = assignment(setting, to);
    conditions.push(check.condition);
    Object.assign(names, check.names);
    Object.assign(values, check.values, change.values);
    if (change.set) sets.push(change.set);
    if (change.remove) removes.push(change.remove);
  }
  sets.push('updatedAt = :at', 'updatedBy = :by');
  const expression = `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`;
  return updateItem(subscriptionSettingsKey(), expression, values, { names, condition: conditions.join(' AND ') });
}

export const dynamoSettingsStore: SettingsStore = {
  async readSubscriptionSettings() {
    return fromSubscriptionSettingsItem(await getItem(subscriptionSettingsKey(), true));
  },

  async commitSubscriptionSettings(change) {
    const items = [
      settingsUpdate(change.from, change.to, change.at, change.adminId),
      putNew(toAuditItem(change.audit)),
    ];
    return transactUnlessChanged(items);
  },
};
