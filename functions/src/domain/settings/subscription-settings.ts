import { SETTINGS_MESSAGES, WORK_KINDS, type NewWorkMailSwitches, type WorkKind } from '@goldbot/shared';
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
  /** The kinds of work the new-work mail reports on this server: the switches the answer shows (none when left out). */
  mailKinds?: readonly WorkKind[];
  now: () => Date;
  newId: (nowMs: number) => string;
}

/** The switches a save names (a kind it leaves out, or sends as undefined, keeps its value). */
const definedSwitches = (switches: NewWorkMailSwitches | undefined): Partial<Record<WorkKind, boolean>> =>
  Object.fromEntries(WORK_KINDS.flatMap((kind) => (switches?.[kind] === undefined ? [] : [[kind, switches[kind]]])));

/** How often a save re-reads and retries when another save moved the switch in between. */
export const SETTINGS_SAVE_ATTEMPTS = 3;

/**
 * The settings as the admin's screen reads them. The new-work mail's switches are those of the
 * kinds this server can mail about (`mailKinds`): a kind it does not have yet gets no switch.
 */
const view = (settings: SubscriptionSettings, mailKinds: readonly WorkKind[]) => ({
  basicPackageEnabled: settings.basicPackageEnabled,
  autoApproveOnMatch: settings.autoApproveOnMatch,
  copyTradingLink: settings.copyTradingLink,
  newWorkMail: Object.fromEntries(mailKinds.map((kind) => [kind, settings.newWorkMail[kind]])) as NewWorkMailSwitches,
});

/** The settings, in the order an audit entry and the stored update name them. */
export const SETTING_NAMES = [
  'basicPackageEnabled',
  'autoApproveOnMatch',
  'copyTradingLink',
  'newWorkMail',
] as const satisfies readonly (keyof SubscriptionSettings)[];

/** Whether one setting holds the same value in `a` and `b` (the mail's switches kind by kind). */
export function sameSetting(name: keyof SubscriptionSettings, a: SubscriptionSettings, b: SubscriptionSettings) {
  if (name === 'newWorkMail') return WORK_KINDS.every((kind) => a.newWorkMail[kind] === b.newWorkMail[kind]);
  return a[name] === b[name];
}

/**
 * `settings-subscription-get`. `mailKinds`: the kinds of work the new-work mail reports on this
 * server (wiring/work-sources.ts), the only ones the screen gets a switch for.
 */
export async function getSubscriptionSettings(store: SettingsStore, mailKinds: readonly WorkKind[] = []) {
  const settings = await store.readSubscriptionSettings();
  return { success: true as const, settings: view(settings, mailKinds) };
}

/**
 * The audit details of a change: `{setting, from, to}` for one setting (as the spec's one switch
 * always was), `{settings, from: {...}, to: {...}}` when one save moves several.
 */
function changeDetails(from: SubscriptionSettings, to: SubscriptionSettings): Record<string, unknown> {
  const changed = SETTING_NAMES.filter((name) => !sameSetting(name, from, to));
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
  input: { settings: Partial<Omit<SubscriptionSettings, 'newWorkMail'>> & { newWorkMail?: NewWorkMailSwitches } },
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
      newWorkMail: { ...from.newWorkMail, ...definedSwitches(wanted.newWorkMail) },
    };
    if (SETTING_NAMES.every((name) => sameSetting(name, from, to))) {
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
    settings: view(saved, deps.mailKinds ?? []),
  };
}
