import { WORK_KINDS, type WorkKind } from '@goldbot/shared';

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
  /**
   * Whether the new-work mail to every administrator reports each kind of work. Missing (a kind,
   * or the whole map) = on: an administrator is told about new work unless they turned it off.
   */
  newWorkMail: Record<WorkKind, boolean>;
}

/** Every kind on: the new-work mail reports everything until an administrator turns a kind off. */
export const allNewWorkMailOn = (): Record<WorkKind, boolean> =>
  Object.fromEntries(WORK_KINDS.map((kind) => [kind, true])) as Record<WorkKind, boolean>;

export const DEFAULT_SUBSCRIPTION_SETTINGS: SubscriptionSettings = {
  basicPackageEnabled: true,
  autoApproveOnMatch: false,
  copyTradingLink: null,
  newWorkMail: allNewWorkMailOn(),
};
