import { SETTINGS_MESSAGES, type EmailTemplatePreviewInput, type EmailTemplatePreviewResponse } from '@goldbot/shared';
import { ValidationError } from '../errors.js';
import { htmlToText } from './plain-text.js';
import { renderSubject, renderTemplateSource } from './render.js';
import { checkTemplate } from './template-check.js';
import { isAdminTemplateType, sampleValues } from './template-rules.js';

/**
 * `settings-email-templates-preview`: a draft rendered exactly as its mail would be (render.ts,
 * the code every mail goes through) with the type's sample values. It runs on the server because
 * compiling a template generates JavaScript, which the site's Content-Security-Policy forbids the
 * browser to evaluate. A part the save would refuse is not rendered, and the refusal is answered
 * as the save words it (template-check.ts), so the admin reads the reason while typing. Stores
 * nothing and reads nothing.
 */
export function previewTemplate(input: EmailTemplatePreviewInput, dashboardLink: string): EmailTemplatePreviewResponse {
  const { type } = input;
  if (!isAdminTemplateType(type)) {
    const message = SETTINGS_MESSAGES.unknownTemplate(type);
    throw new ValidationError(message, { type: message });
  }
  const values = sampleValues(type, dashboardLink);
  const problems = checkTemplate(type, { subject: input.subject, html: input.html });
  const refused = new Set(problems.map((problem) => problem.part));
  const html = refused.has('html') ? null : renderTemplateSource(input.html, values, 'html');
  return {
    success: true,
    subject: refused.has('subject') ? null : renderSubject(input.subject, values),
    html,
    text: html === null ? null : htmlToText(html),
    problems,
    values,
  };
}
