import { SETTINGS_MESSAGES, type EmailTemplatesPutInput, type EmailTemplateView } from '@goldbot/shared';
import type { AuditEntry } from '../../data/audit-entity.js';
import { adminAuditEntry, type AdminActor } from '../admin/admin-actor.js';
import { effectiveTemplate, type StoredTemplate } from '../../data/email-template-entity.js';
import { ConflictError, ValidationError } from '../errors.js';
import {
  ADMIN_TEMPLATE_TYPES,
  TEMPLATE_PLACEHOLDERS,
  checkTemplate,
  isAdminTemplateType,
  type AdminTemplateType,
} from './template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate } from './templates.js';

/**
 * The admin e-mail template editor (admin spec "Admin e-mail templates", §7; docs/data-model.md
 * E19, AP26-AP28): list every type, save any subset, restore the defaults. Storage is injected.
 * Mails read their template per send (email-template-store.ts), so a save is what the very next
 * mail of that type uses.
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
  /** AP26: every stored template item by type, one consistent Query on `PK = TEMPLATES`. */
  listStored(): Promise<Map<string, StoredTemplate>>;
  /** AP27: one TransactWriteItems; 'changed' when an item's version moved since it was read. */
  commitSave(plan: TemplateSavePlan): Promise<'committed' | 'changed'>;
  /** AP28: one TransactWriteItems writing every default (version + 1) and the audit entry. */
  commitReset(plan: TemplateResetPlan): Promise<void>;
}

export interface TemplateEditorDeps {
  store: TemplateEditorStore;
  now: () => Date;
  newId: (nowMs: number) => string;
}

const sameTemplate = (a: EmailTemplate, b: EmailTemplate) => a.subject === b.subject && a.html === b.html;

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

const viewsOf = (stored: Map<string, StoredTemplate>): Record<string, EmailTemplateView> =>
  Object.fromEntries(ADMIN_TEMPLATE_TYPES.map((type) => [type, viewOf(type, stored.get(type))]));

/** `settings-email-templates-get`: every type, the admin's edit or the default. */
export async function listTemplates(store: TemplateEditorStore) {
  return { success: true as const, templates: viewsOf(await store.listStored()) };
}

type Edit = EmailTemplatesPutInput['templates'][string];
const htmlOf = (edit: Edit) => (typeof edit === 'string' ? edit : edit.html);
const subjectOf = (edit: Edit) => (typeof edit === 'string' ? undefined : edit.subject);

/**
 * `settings-email-templates-put`: any subset of the types, each an HTML string (the subject stays)
 * or `{subject?, html}`. Every template is checked first (template-rules.ts) and every problem is
 * reported at once (400); then the changed ones are written in one transaction with the audit
 * entry, each on the version it was read at (409 if another save came in between).
 */
export async function saveTemplates(deps: TemplateEditorDeps, input: EmailTemplatesPutInput, admin: AdminActor) {
  const entries = Object.entries(input.templates);
  const unknown = entries.map(([type]) => type).filter((type) => !isAdminTemplateType(type));
  if (unknown.length > 0) {
    const fieldErrors = Object.fromEntries(
      unknown.map((type) => [`templates.${type}`, SETTINGS_MESSAGES.unknownTemplate(type)]),
    );
    throw new ValidationError(Object.values(fieldErrors).join(' '), fieldErrors);
  }

  const stored = await deps.store.listStored();
  const fieldErrors: Record<string, string> = {};
  const candidates: { type: AdminTemplateType; template: EmailTemplate }[] = [];
  for (const [type, edit] of entries as [AdminTemplateType, Edit][]) {
    const current = effectiveTemplate(type, stored.get(type) ?? null);
    const template = { subject: subjectOf(edit) ?? current.subject, html: htmlOf(edit) };
    for (const problem of checkTemplate(type, template))
      fieldErrors[`templates.${type}.${problem.part}`] = problem.message;
    if (!sameTemplate(template, current)) candidates.push({ type, template });
  }
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError(Object.values(fieldErrors).join(' '), fieldErrors);

  if (candidates.length > 0) {
    const now = deps.now();
    const at = now.toISOString();
    const writes = candidates.map(({ type, template }): TemplateWrite => {
      const item = stored.get(type);
      return {
        type,
        template,
        isDefault: sameTemplate(template, DEFAULT_EMAIL_TEMPLATES[type]),
        expectedVersion: item ? item.version : null,
        version: (item?.version ?? 0) + 1,
      };
    });
    const types = writes.map((w) => w.type);
    const outcome = await deps.store.commitSave({
      writes,
      at,
      adminId: admin.userId,
      audit: adminAuditEntry(admin, now, deps.newId, {
        action: 'templates.update',
        target: { type: 'template', id: types.join(',') },
        details: {
          types,
          // Per type: edited before or not, edited after or not (a save equal to the default restores it).
          changes: Object.fromEntries(
            writes.map((w) => [
              w.type,
              {
                from: stored.get(w.type)?.isDefault === false ? 'edited' : 'default',
                to: w.isDefault ? 'default' : 'edited',
                subjectChanged: w.template.subject !== effectiveTemplate(w.type, stored.get(w.type) ?? null).subject,
              },
            ]),
          ),
        },
      }),
    });
    if (outcome === 'changed') throw new ConflictError(SETTINGS_MESSAGES.templatesChanged);
    for (const write of writes) {
      stored.set(write.type, {
        type: write.type,
        ...write.template,
        isDefault: write.isDefault,
        version: write.version,
        updatedAt: at,
      });
    }
  }
  return { success: true as const, message: SETTINGS_MESSAGES.templatesUpdated, templates: viewsOf(stored) };
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
