import useSWR from 'swr';
import { emailTemplatesResponseSchema, type EmailTemplatesResponse } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { emailTemplatesResponseSchema };
export type { EmailTemplatesResponse };

export const EMAIL_TEMPLATES_ROUTE = 'settings-email-templates-get';

/** GET /api/settings/email-templates: every type's subject, HTML, placeholders and state. */
export function getEmailTemplates(): Promise<EmailTemplatesResponse> {
  return apiRequest(EMAIL_TEMPLATES_ROUTE, { schema: emailTemplatesResponseSchema });
}

/**
 * The templates as the server has them. The editor keeps the admin's unsaved edits apart from
 * this, so re-reading (Refresh, focus) never overwrites what is being typed.
 */
export function useEmailTemplates() {
  return useSWR(EMAIL_TEMPLATES_ROUTE, getEmailTemplates);
}
