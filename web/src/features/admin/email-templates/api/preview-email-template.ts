import useSWR from 'swr';
import {
  emailTemplatePreviewResponseSchema,
  type EmailTemplatePreviewInput,
  type EmailTemplatePreviewResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

export type { EmailTemplatePreviewResponse };

export const EMAIL_TEMPLATE_PREVIEW_ROUTE = 'settings-email-templates-preview';
/** How long the draft must stay unchanged before it is sent: one request per pause in typing, not per keystroke. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * POST /api/settings/email-templates/preview: the draft rendered by the server with the code every
 * mail goes through, and the type's sample values. The browser cannot render it itself: compiling
 * a template generates JavaScript, which the site's Content-Security-Policy refuses to run.
 */
export function previewEmailTemplate(input: EmailTemplatePreviewInput): Promise<EmailTemplatePreviewResponse> {
  return apiRequest(EMAIL_TEMPLATE_PREVIEW_ROUTE, { body: input, schema: emailTemplatePreviewResponseSchema });
}

/**
 * The preview of a type's draft, asked for once the admin pauses typing. The last answer stays on
 * screen while the next one is on its way (`pending` says so), and answers to drafts typed over
 * never replace a newer one (SWR keeps the answer of the current key).
 */
export function useTemplatePreview(input: EmailTemplatePreviewInput) {
  // A string, so the debounce sees a change only when the type or the text changes.
  const draft = JSON.stringify([input.type, input.subject, input.html]);
  const [settled] = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  const preview = useSWR(
    [EMAIL_TEMPLATE_PREVIEW_ROUTE, settled],
    ([, key]) => {
      const [type, subject, html] = JSON.parse(key) as [string, string, string];
      return previewEmailTemplate({ type, subject, html });
    },
    { keepPreviousData: true, revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  return { ...preview, pending: settled !== draft || preview.isValidating };
}
