import { EMAIL_TEMPLATE_PREVIEW_MAX_BODY_BYTES, emailTemplatePreviewInputSchema } from '@goldbot/shared';
import { appLink } from '../config.js';
import { previewTemplate } from '../domain/email/template-preview.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The template editor's live preview: a draft rendered by the mail's own code, with sample values. */
export const handler = defineHandler(
  {
    route: 'settings-email-templates-preview',
    checks: awsChecks,
    body: emailTemplatePreviewInputSchema,
    maxBodyBytes: EMAIL_TEMPLATE_PREVIEW_MAX_BODY_BYTES,
  },
  async ({ body }) => ok(previewTemplate(body, appLink('/dashboard'))),
);
