/**
 * Settings singletons (docs/data-model.md, "Settings"): one item per settings group.
 *   PK = SETTINGS, SK = SUBSCRIPTION   { basicPackageEnabled }
 */
export const subscriptionSettingsKey = () => ({ PK: 'SETTINGS', SK: 'SUBSCRIPTION' });

export interface SubscriptionSettings {
  basicPackageEnabled: boolean;
}

export const DEFAULT_SUBSCRIPTION_SETTINGS: SubscriptionSettings = { basicPackageEnabled: true };

export const toSubscriptionSettingsItem = (settings: SubscriptionSettings, updatedAt: string) => ({
  ...subscriptionSettingsKey(),
  entity: 'SubscriptionSettings',
  ...settings,
  updatedAt,
});
