/**
 * The key of a stored e-mail template (docs/data-model.md, "E-mail templates"), apart from email-template-entity.ts
 * so code that needs only the key (the infra's seeding construct, infra/lib/constructs/seed-defaults.ts) does
 * not load the default templates.
 */
export const TEMPLATES_PARTITION = 'TEMPLATES';
export const TEMPLATE_SK_PREFIX = 'TEMPLATE#';
export const emailTemplateKey = (type: string) => ({ PK: TEMPLATES_PARTITION, SK: `${TEMPLATE_SK_PREFIX}${type}` });
