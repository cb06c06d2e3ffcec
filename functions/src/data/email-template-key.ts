/**
 * The key of a stored e-mail template (docs/data-model.md, "E-mail templates"), apart from email-template-entity.ts
 * so a store that reads a template item along with its own (one-time-code-store.ts: the code mails) does
 * not bundle the default templates.
 */
export const TEMPLATES_PARTITION = 'TEMPLATES';
export const TEMPLATE_SK_PREFIX = 'TEMPLATE#';
export const emailTemplateKey = (type: string) => ({ PK: TEMPLATES_PARTITION, SK: `${TEMPLATE_SK_PREFIX}${type}` });
