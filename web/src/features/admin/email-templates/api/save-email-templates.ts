import { useCallback, useRef, useState } from 'react';
import {
  emailTemplatesSaveResponseSchema,
  type EmailTemplatesPutInput,
  type EmailTemplatesSaveResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { emailTemplatesSaveResponseSchema };
export type { EmailTemplatesPutInput, EmailTemplatesSaveResponse };

/**
 * PUT /api/settings/email-templates `{templates: {<type>: {subject, html}}}`: answers
 * every type as it now is. 400 with the reason when a template does not compile or uses a
 * placeholder its type does not offer (as ApiError).
 */
export function saveEmailTemplates(input: EmailTemplatesPutInput): Promise<EmailTemplatesSaveResponse> {
  return apiRequest('settings-email-templates-put', { body: input, schema: emailTemplatesSaveResponseSchema });
}

/** POST /api/settings/force-update-templates: every type back to its default. */
export function forceUpdateTemplates(): Promise<EmailTemplatesSaveResponse> {
  return apiRequest('settings-force-update-templates', { schema: emailTemplatesSaveResponseSchema });
}

/**
 * Runs one template write at a time (a save or the force update): a second call while one is on
 * its way is ignored (null), so a double click sends one request.
 */
export function useTemplateWrite() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState<'save' | 'force' | null>(null);
  const run = useCallback(async (kind: 'save' | 'force', write: () => Promise<EmailTemplatesSaveResponse>) => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(kind);
    try {
      return await write();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }, []);
  return { run, busy };
}
