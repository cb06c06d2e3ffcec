import { SettingSwitchCard } from './setting-switch-card';

export const AUTO_APPROVE_LABEL = 'Approve on-chain matches automatically';
/** The button reads 'Save Changes' like the Basic card's; its accessible name says which card it saves. */
export const AUTO_APPROVE_SAVE_NAME = 'Save Changes to automatic approval';

/**
 * The autoApproveOnMatch setting (off by default): with it on, a payment whose on-chain
 * check is a Match is approved by the system through the admin's own approval (the same
 * transaction, the same mail, audited as the system). Shown once the settings have loaded; the Basic
 * card above says when they could not be read.
 */
export function AutoApproveSwitch() {
  return (
    <SettingSwitchCard
      setting="autoApproveOnMatch"
      title="Automatic approval"
      titleId="auto-approve-title"
      label={AUTO_APPROVE_LABEL}
      badge={(on) => (on ? { text: 'On', variation: 'warning' } : { text: 'Off' })}
      saveName={AUTO_APPROVE_SAVE_NAME}
      explanation={
        <>
          Every USDT payment&rsquo;s transaction id is looked up on the TRON network and the verdict shows on Admin
          Payments. On: a Match (a confirmed USDT transfer to the payment wallet, of at least the amount due, in the
          payment window) is approved by the system exactly as you would approve it: the package starts, a referrer is
          credited, the customer gets the verified e-mail and the audit log names the system. Anything else still waits
          for you. Off (the default): every payment waits for you.
        </>
      }
    />
  );
}
