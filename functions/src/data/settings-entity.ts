import { WORK_KINDS } from '@goldbot/shared';
import type { Item } from './table-reads.js';
import { DEFAULT_SUBSCRIPTION_SETTINGS, type SubscriptionSettings } from '../domain/records/settings-record.js';

/**
 * Settings singletons (docs/data-model.md, "Subscription settings"): one item per settings group.
 *   PK = SETTINGS, SK = SUBSCRIPTION   { basicPackageEnabled, autoApproveOnMatch, copyTradingLink, newWorkMail, updatedAt, updatedBy }
 * `newWorkMail` is a map of the kinds of work to true or false; a kind it lacks (or no map) is on.
 * `basicPackageEnabled` is also Basic's on-sale flag in the catalog (package-catalog-entity.ts):
 * the admin's toggle and the catalog editor write this one attribute.
 */
export const subscriptionSettingsKey = () => ({ PK: 'SETTINGS', SK: 'SUBSCRIPTION' });

export const toSubscriptionSettingsItem = (settings: SubscriptionSettings, updatedAt: string, updatedBy?: string) => ({
  ...subscriptionSettingsKey(),
  entity: 'SubscriptionSettings',
  basicPackageEnabled: settings.basicPackageEnabled,
  autoApproveOnMatch: settings.autoApproveOnMatch,
  // No link is no attribute: the reads and the free trial's condition treat "absent" as "none set".
  ...(settings.copyTradingLink ? { copyTradingLink: settings.copyTradingLink } : {}),
  // Every kind on is no map: the reads treat an absent map as every kind on.
  ...(WORK_KINDS.every((kind) => settings.newWorkMail[kind]) ? {} : { newWorkMail: { ...settings.newWorkMail } }),
  updatedAt,
  ...(updatedBy ? { updatedBy } : {}),
});

/** The new-work mail's switches as stored: a kind that is not `false` is on. */
const newWorkMailOf = (value: unknown): SubscriptionSettings['newWorkMail'] => {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    WORK_KINDS.map((kind) => [kind, stored[kind] !== false]),
  ) as SubscriptionSettings['newWorkMail'];
};

/**
 * A missing item (never seeded) or attribute reads as the default: Basic on sale, no automatic
 * approval, no link, the new-work mail on for every kind.
 */
export const fromSubscriptionSettingsItem = (item: Item | undefined): SubscriptionSettings => ({
  basicPackageEnabled:
    item && item.basicPackageEnabled !== undefined
      ? item.basicPackageEnabled !== false
      : DEFAULT_SUBSCRIPTION_SETTINGS.basicPackageEnabled,
  autoApproveOnMatch: item?.autoApproveOnMatch === true,
  copyTradingLink:
    typeof item?.copyTradingLink === 'string' && item.copyTradingLink !== '' ? item.copyTradingLink : null,
  newWorkMail: newWorkMailOf(item?.newWorkMail),
});
