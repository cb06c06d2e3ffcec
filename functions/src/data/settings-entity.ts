import type { Item } from './table-reads.js';

/**
 * Settings singletons (docs/data-model.md E17): one item per settings group.
 *   PK = SETTINGS, SK = SUBSCRIPTION   { basicPackageEnabled, autoApproveOnMatch, updatedAt, updatedBy }
 * `basicPackageEnabled` is also Basic's on-sale flag in the catalog (package-catalog-entity.ts):
 * the admin's toggle and the catalog editor write this one attribute.
 */
export const subscriptionSettingsKey = () => ({ PK: 'SETTINGS', SK: 'SUBSCRIPTION' });

export interface SubscriptionSettings {
  basicPackageEnabled: boolean;
  /** Issue 13: approve a payment whose on-chain check is a 'match' as the system (missing = off). */
  autoApproveOnMatch: boolean;
}

export const DEFAULT_SUBSCRIPTION_SETTINGS: SubscriptionSettings = {
  basicPackageEnabled: true,
  autoApproveOnMatch: false,
};

export const toSubscriptionSettingsItem = (settings: SubscriptionSettings, updatedAt: string, updatedBy?: string) => ({
  ...subscriptionSettingsKey(),
  entity: 'SubscriptionSettings',
  ...settings,
  updatedAt,
  ...(updatedBy ? { updatedBy } : {}),
});

/** A missing item (never seeded) or attribute reads as the default: Basic on sale, no automatic approval. */
export const fromSubscriptionSettingsItem = (item: Item | undefined): SubscriptionSettings => ({
  basicPackageEnabled:
    item && item.basicPackageEnabled !== undefined
      ? item.basicPackageEnabled !== false
      : DEFAULT_SUBSCRIPTION_SETTINGS.basicPackageEnabled,
  autoApproveOnMatch: item?.autoApproveOnMatch === true,
});
