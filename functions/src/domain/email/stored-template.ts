import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate, type EmailTemplateType } from './templates.js';

/** A stored template item, as read. */
export interface StoredTemplate {
  type: string;
  subject: string;
  html: string;
  isDefault: boolean;
  version: number;
  updatedAt: string | null;
}

/** The template a mail of `type` is sent with: the admin's edit when there is one, else the default. */
export function effectiveTemplate(type: EmailTemplateType, stored: StoredTemplate | null): EmailTemplate {
  return stored && !stored.isDefault ? { subject: stored.subject, html: stored.html } : DEFAULT_EMAIL_TEMPLATES[type];
}
