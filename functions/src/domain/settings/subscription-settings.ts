import { SETTINGS_MESSAGES } from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { adminAuditEntry, type AdminActor } from '../admin/admin-actor.js';
import type { SubscriptionSettings } from '../records/settings-record.js';
import { ConflictError } from '../errors.js';

/**
 * Subscription settings (the admin's Subscription Settings screen; docs/data-model.md,
 * "Subscription settings"): the Basic sales switch, the automatic approval of on-chain matches and the free
 * trial's copy-trading link. Storage is injected. The same attribute is Basic's on-sale
 * flag in the catalog (catalog.ts), so the toggle and the catalog editor always agree.
 */
export interface SettingsStore {
  /** Read consistently (the admin sees what they saved). */
  readSubscriptionSettings(): Promise<SubscriptionSettings>;
  /**
   * One TransactWriteItems setting the switch to `to` on condition it still reads `from`,
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

/** How often a save re-reads and retries when another save moved the switch in between. */
export const SETTINGS_SAVE_ATTEMPTS = 3;

const view = (settings: SubscriptionSettings) => ({
  basicPackageEnabled: settings.basicPackageEnabled,
  autoApproveOnMatch: settings.autoApproveOnMatch,
  copyTradingLink: settings.copyTradingLink,
});

/** The settings, in the order an audit entry names them. */
const SWITCHES = [
  'basicPackageEnabled',
  'autoApproveOnMatch',
  'copyTradingLink',
] as const satisfies readonly (keyof SubscriptionSettings)[];

/** `settings-subscription-get`. */
export async function getSubscriptionSettings(store: SettingsStore) {
  const settings = await store.readSubscriptionSettings();
  return { success: true as const, settings: view(settings) };
}

/**
 * The audit details of a change: `{setting, from, to}` for one setting (as the spec's one switch
 * always was), `{settings, from: {...}, to: {...}}` when one save moves several.
 */
function changeDetails(from: SubscriptionSettings, to: SubscriptionSettings): Record<string, unknown> {
  const changed = SWITCHES.filter((name) => from[name] !== to[name]);
  const [only] = changed;
  if (changed.length === 1 && only) return { setting: only, from: from[only], to: to[only] };
  return {
    settings: changed,
    from: Object.fromEntries(changed.map((name) => [name, from[name]])),
    to: Object.fromEntries(changed.map((name) => [name, to[name]])),
  };
}

/**
 * `settings-subscription-put`: the settings a save names (the spec's client names only
 * basicPackageEnabled; the screen also saves autoApproveOnMatch and the free trial's
 * copyTradingLink, null to remove it) and an audit entry with their before/after values, in one
 * transaction. A setting left out keeps its value; saving the values already there writes nothing
 * and audits nothing.
 */
export async function saveSubscriptionSettings(
  deps: SettingsDeps,
  input: { settings: Partial<SubscriptionSettings> },
  admin: AdminActor,
) {
  const wanted = input.settings;
  let saved: SubscriptionSettings | null = null;
  for (let attempt = 1; attempt <= SETTINGS_SAVE_ATTEMPTS && saved === null; attempt += 1) {
    const from = await deps.store.readSubscriptionSettings();
    const to: SubscriptionSettings = {
      basicPackageEnabled: wanted.basicPackageEnabled ?? from.basicPackageEnabled,
      autoApproveOnMatch: wanted.autoApproveOnMatch ?? from.autoApproveOnMatch,
      copyTradingLink: wanted.copyTradingLink === undefined ? from.copyTradingLink : wanted.copyTradingLink,
    };
    if (SWITCHES.every((name) => from[name] === to[name])) {
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
      audit: adminAuditEntry(admin, now, deps.newId, {
        action: 'settings.update',
        target: { type: 'settings', id: 'SUBSCRIPTION' },
        details: changeDetails(from, to),
      }),
    });
    if (outcome === 'committed') saved = to;
  }
  if (saved === null) throw new ConflictError(SETTINGS_MESSAGES.settingsUpdateFailed);
  return {
    success: true as const,
    message: SETTINGS_MESSAGES.settingsUpdated,
    settings: view(saved),
  };
}
