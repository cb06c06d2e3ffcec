import type { EmailTemplate, EmailTemplateType } from '../domain/email/templates.js';
import { TEMPLATE_PLACEHOLDERS, type AdminTemplateType } from '../domain/email/template-rules.js';
import { TEMPLATE_SK_PREFIX, TEMPLATES_PARTITION, emailTemplateKey } from './email-template-key.js';
import type { Item } from './table-reads.js';
import { effectiveTemplate, type StoredTemplate } from '../domain/email/stored-template.js';

/**
 * E-mail templates (docs/data-model.md, "E-mail templates"):
 *   PK = TEMPLATES, SK = TEMPLATE#<type>   type, subject, html, placeholders, isDefault, version, updatedAt, updatedBy
 * One Query on `PK = TEMPLATES` lists them all (the editor); a send reads its one item (GetItem).
 *
 * `isDefault: true` marks an item that holds the built-in default (written by the seeding, by
 * `settings-force-update-templates`, or by a save identical to the default). Such an item is a
 * marker: mails use the default in code, so a deploy that improves a default reaches every type
 * the admin never edited. Only an admin's edit (`isDefault: false`) overrides the code.
 * `version` counts writes to the item (optimistic lock of the editor's saves).
 */
export { TEMPLATE_SK_PREFIX, TEMPLATES_PARTITION, emailTemplateKey };

export function fromTemplateItem(item: Item | undefined): StoredTemplate | null {
  if (!item || typeof item.subject !== 'string' || typeof item.html !== 'string') return null;
  const sk = typeof item.SK === 'string' ? item.SK : '';
  return {
    type: typeof item.type === 'string' ? item.type : sk.slice(TEMPLATE_SK_PREFIX.length),
    subject: item.subject,
    html: item.html,
    isDefault: item.isDefault === true,
    version: typeof item.version === 'number' ? item.version : Number(item.version ?? 0) || 0,
    updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : null,
  };
}

/** `effectiveTemplate` of a raw item (the stores that batch-read a template with other items). */
export const templateFromItem = (type: EmailTemplateType, item: Item | undefined): EmailTemplate =>
  effectiveTemplate(type, fromTemplateItem(item));

/** The item of a template write (the version is the one the write sets). */
export const toTemplateItem = (
  type: AdminTemplateType,
  template: EmailTemplate,
  meta: { isDefault: boolean; version: number; updatedAt: string; updatedBy: string },
) => ({
  ...emailTemplateKey(type),
  entity: 'EmailTemplate',
  type,
  subject: template.subject,
  html: template.html,
  placeholders: [...TEMPLATE_PLACEHOLDERS[type]],
  isDefault: meta.isDefault,
  version: meta.version,
  updatedAt: meta.updatedAt,
  updatedBy: meta.updatedBy,
});
