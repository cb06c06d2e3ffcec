import { SETTINGS_MESSAGES, type EmailTemplateView } from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { adminAuditEntry, type AdminActor } from '../admin/admin-actor.js';
import { effectiveTemplate, type StoredTemplate } from './stored-template.js';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS, type AdminTemplateType } from './template-rules.js';
import type { EmailTemplate } from './templates.js';

/**
 * The admin e-mail template editor (docs/data-model.md,
 * "E-mail templates"): list every type, save any subset (template-save.ts, the one part that checks
 * templates with handlebars), restore the defaults. Storage is injected. Mails read their template
 * per send (email-template-store.ts), so a save is what the very next mail of that type uses.
 */

/** One template write of a save: the item's version read (null: no item) and the version written. */
export interface TemplateWrite {
  type: AdminTemplateType;
  template: EmailTemplate;
  isDefault: boolean;
  expectedVersion: number | null;
  version: number;
}

export interface TemplateSavePlan {
  writes: TemplateWrite[];
  at: string;
  adminId: string;
  audit: AuditEntry;
}

export interface TemplateResetPlan {
  types: readonly AdminTemplateType[];
  at: string;
  adminId: string;
  audit: AuditEntry;
}

export interface TemplateEditorStore {
  /** Every stored template item by type, one consistent Query on `PK = TEMPLATES`. */
  listStored(): Promise<Map<string, StoredTemplate>>;
  /** One TransactWriteItems; 'changed' when an item's version moved since it was read. */
  commitSave(plan: TemplateSavePlan): Promise<'committed' | 'changed'>;
  /** One TransactWriteItems writing every default (version + 1) and the audit entry. */
  commitReset(plan: TemplateResetPlan): Promise<void>;
}

export interface TemplateEditorDeps {
  store: TemplateEditorStore;
  now: () => Date;
  newId: (nowMs: number) => string;
}

export const sameTemplate = (a: EmailTemplate, b: EmailTemplate) => a.subject === b.subject && a.html === b.html;

function viewOf(type: AdminTemplateType, stored: StoredTemplate | null | undefined): EmailTemplateView {
  const template = effectiveTemplate(type, stored ?? null);
  return {
    subject: template.subject,
    html: template.html,
    placeholders: [...TEMPLATE_PLACEHOLDERS[type]],
    isDefault: !stored || stored.isDefault,
    updatedAt: stored?.updatedAt ?? null,
  };
}

export const viewsOf = (stored: Map<string, StoredTemplate>): Record<string, EmailTemplateView> =>
  Object.fromEntries(ADMIN_TEMPLATE_TYPES.map((type) => [type, viewOf(type, stored.get(type))]));

/** `settings-email-templates-get`: every type, the admin's edit or the default. */
export async function listTemplates(store: TemplateEditorStore) {
  return { success: true as const, templates: viewsOf(await store.listStored()) };
}

/** `settings-force-update-templates`: every type back to its default, edits discarded, one audit entry. */
export async function restoreDefaultTemplates(deps: TemplateEditorDeps, admin: AdminActor) {
  const stored = await deps.store.listStored();
  const now = deps.now();
  const at = now.toISOString();
  const edited = ADMIN_TEMPLATE_TYPES.filter((type) => stored.get(type)?.isDefault === false);
  await deps.store.commitReset({
    types: ADMIN_TEMPLATE_TYPES,
    at,
    adminId: admin.userId,
    audit: adminAuditEntry(admin, now, deps.newId, {
      action: 'templates.reset',
      target: { type: 'template', id: 'all' },
      details: { types: [...ADMIN_TEMPLATE_TYPES], from: { edited }, to: 'default' },
    }),
  });
  const templates = Object.fromEntries(
    ADMIN_TEMPLATE_TYPES.map((type) => [type, { ...viewOf(type, null), updatedAt: at }]),
  );
  return { success: true as const, message: SETTINGS_MESSAGES.templatesReset, templates };
}
