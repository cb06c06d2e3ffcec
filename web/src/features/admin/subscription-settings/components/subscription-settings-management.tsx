import { Flex } from '@aws-amplify/ui-react';
import { useCatalogEntryUpdate } from '../api/package-catalog';
import { useSubscriptionSettings } from '../api/subscription-settings';
import { AutoApproveSwitch } from './auto-approve-switch';
import { BasicPackageSwitch } from './basic-package-switch';
import { CopyTradingLinkCard } from './copy-trading-link-card';
import { NewWorkMailCard } from './new-work-mail-card';
import { PackagePriceEditor } from './package-price-editor';

/**
 * Admin subscription settings: the Basic sales switch, and the
 * catalog's prices and on-sale flags, where Basic's flag is that switch; the automatic
 * approval of on-chain matches; the free trial's copy-trading link; which kinds of new work
 * every administrator is mailed about.
 */
export function SubscriptionSettingsManagement() {
  const settings = useSubscriptionSettings();
  const updateEntry = useCatalogEntryUpdate();

  // The catalog's Basic flag is the same setting: keep the cached catalog in step with a save.
  const onSwitchSaved = (basicPackageEnabled: boolean) => void updateEntry('basic', { onSale: basicPackageEnabled });

  return (
    <Flex direction="column" gap="large">
      <BasicPackageSwitch onSaved={onSwitchSaved} />
      <CopyTradingLinkCard />
      <AutoApproveSwitch />
      <NewWorkMailCard />
      <PackagePriceEditor basicEnabled={settings.data?.settings.basicPackageEnabled} />
    </Flex>
  );
}
