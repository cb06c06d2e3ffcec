import { SETTINGS_MESSAGES } from '@goldbot/shared';
import type { AuditEntry } from '../../data/audit-entity.js';
import type { SubscriptionSettings } from '../../data/settings-entity.js';
import { ConflictError } from '../errors.js';

/**
 * Subscription settings (admin spec "Admin subscription settings", §3; docs/data-model.md E17,
 * AP21-AP22): the Basic sales switch. Storage is injected. The same attribute is Basic's on-sale
 * flag in the catalog (catalog.ts), so the toggle and the catalog editor always agree.
 */
export interface SettingsStore {
  /** AP21, read consistently (the admin sees what they saved). */
  readSubscriptionSettings(): Promise<SubscriptionSettings>;
  /**
   * AP22: one TransactWriteItems setting the switch to `to` on condition it still reads `from`,
   * with the audit entry; 'changed' when it moved since it was read.
   */
  commitSubscriptionSettings(change: {
    from: SubscriptionSettings;
    to: SubscriptionSettings;
    at: string;
    adminId: string;
    audit: AuditEntry;
  }): Promise<'committed' | 'changed'>;
}

export interface SettingsDeps {
  store: SettingsStore;
  now: () => Date;
  newId: (nowMs: number) => string;
}

export interface Admin {
  userId: string;
  email?: string;
}

/** How often a save re-reads and retries when another save moved the switch in between. */
export const SETTINGS_SAVE_ATTEMPTS = 3;

/** `settings-subscription-get`. */
export async function getSubscriptionSettings(store: SettingsStore) {
  const settings = await store.readSubscriptionSettings();
  return { success: true as const, settings: { basicPackageEnabled: settings.basicPackageEnabled } };
}

/**
 * `settings-subscription-put`: the switch and an audit entry with its before/after value, in one
 * transaction. Saving the value it already has (or leaving it out) writes nothing and audits nothing.
 */
export async function saveSubscriptionSettings(
  deps: SettingsDeps,
  input: { settings: { basicPackageEnabled?: boolean } },
  admin: Admin,
) {
  const wanted = input.settings.basicPackageEnabled;
  let saved: SubscriptionSettings | null = null;
  for (let attempt = 1; attempt <= SETTINGS_SAVE_ATTEMPTS && saved === null; attempt += 1) {
    const from = await deps.store.readSubscriptionSettings();
    const to: SubscriptionSettings = { ...from, basicPackageEnabled: wanted ?? from.basicPackageEnabled };
    if (from.basicPackageEnabled === to.basicPackageEnabled) {
      saved = from;
      break;
    }
    const now = deps.now();
    const at = now.toISOString();
    const outcome = await deps.store.commitSubscriptionSettings({
      from,
      to,
      at,
      adminId: admin.userId,
      audit: {
        _id: deps.newId(now.getTime()),
        actor: admin.userId,
        ...(admin.email ? { actorEmail: admin.email } : {}),
        action: 'settings.update',
        target: { type: 'settings', id: 'SUBSCRIPTION' },
        details: { setting: 'basicPackageEnabled', from: from.basicPackageEnabled, to: to.basicPackageEnabled },
        at,
      },
    });
    if (outcome === 'committed') saved = to;
  }
  if (saved === null) throw new ConflictError(SETTINGS_MESSAGES.settingsUpdateFailed);
  return {
    success: true as const,
    message: SETTINGS_MESSAGES.settingsUpdated,
    settings: { basicPackageEnabled: saved.basicPackageEnabled },
  };
}
