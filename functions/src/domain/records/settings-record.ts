/** The subscription settings an admin edits, and what they read as before anyone saved them. */
export interface SubscriptionSettings {
  basicPackageEnabled: boolean;
  /** Approve a payment whose on-chain check is a 'match' as the system (missing = off). */
  autoApproveOnMatch: boolean;
  /**
   * The copy-trading link the free trial delivers (its mail, the active Free card). Missing = null:
   * the trial cannot be activated until an admin sets one. Deploy-time seeding leaves it empty.
   */
  copyTradingLink: string | null;
}

export const DEFAULT_SUBSCRIPTION_SETTINGS: SubscriptionSettings = {
  basicPackageEnabled: true,
  autoApproveOnMatch: false,
  copyTradingLink: null,
};
