import { SETTINGS_MESSAGES, type EmailTemplatesPutInput } from '@goldbot/shared';
import { effectiveTemplate } from './stored-template.js';
import { adminAuditEntry, type AdminActor } from '../admin/admin-actor.js';
import { ConflictError, ValidationError } from '../errors.js';
import { checkTemplate } from './template-check.js';
import { sameTemplate, viewsOf, type TemplateEditorDeps, type TemplateWrite } from './template-editor.js';
import { isAdminTemplateType, type AdminTemplateType } from './template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate } from './templates.js';

type Edit = EmailTemplatesPutInput['templates'][string];
const htmlOf = (edit: Edit) => (typeof edit === 'string' ? edit : edit.html);
const subjectOf = (edit: Edit) => (typeof edit === 'string' ? undefined : edit.subject);

/**
 * `settings-email-templates-put`: any subset of the types, each an HTML string (the subject stays)
 * or `{subject?, html}`. Every template is checked first (template-check.ts) and every problem is
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
