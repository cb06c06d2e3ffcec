import { SettingSwitchCard } from './setting-switch-card';

export const BASIC_SWITCH_LABEL = 'Monthly Subscription (Basic Package)';

/**
 * The Basic sales switch: 'Monthly Subscription (Basic Package)' with
 * Enabled/Disabled for the switch's position, and Save Changes, disabled until the position differs
 * from what the server has. With Basic off, customers see 'Subscription Unavailable' and the server
 * refuses Basic payments; the other packages still sell.
 */
export function BasicPackageSwitch({ onSaved }: { onSaved: (basicPackageEnabled: boolean) => void }) {
  return (
    <SettingSwitchCard
      setting="basicPackageEnabled"
      title="Monthly Subscription"
      titleId="basic-switch-title"
      label={BASIC_SWITCH_LABEL}
      badge={(enabled) =>
        enabled ? { text: 'Enabled', variation: 'success' } : { text: 'Disabled', variation: 'error' }
      }
      withLoadStates
      onSaved={onSaved}
      explanation={
        <>
          Off: customers cannot buy or extend the Basic Package and see &lsquo;Subscription Unavailable&rsquo;; the
          server refuses Basic payments. The other packages still sell, and Basic subscriptions already bought keep
          running.
        </>
      }
    />
  );
}
