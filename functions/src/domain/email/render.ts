import Handlebars from 'handlebars';
import { htmlToText } from './plain-text.js';
import type { EmailTemplate, RenderedEmail } from './templates.js';

/**
 * Rendering a template (templates.ts holds them as data): handlebars with its default HTML
 * escaping, so a username like `<script>` arrives as text. The only module besides the editor's
 * syntax check (template-check.ts) that loads the template compiler, so only the functions that
 * send mail bundle it.
 */

/**
 * The only helpers any template may use, at send time too (template-check.ts refuses everything
 * else when an admin saves): `{{#if}}` and `{{#unless}}`, with HTML escaping on.
 */
export const TEMPLATE_COMPILE_OPTIONS = {
  // Handlebars counts its other built-ins as known unless they are switched off by name.
  knownHelpers: {
    if: true,
    unless: true,
    each: false,
    with: false,
    lookup: false,
    log: false,
    helperMissing: false,
    blockHelperMissing: false,
  },
  knownHelpersOnly: true,
} as const;

/** Compiled templates by source text: an edited template is a new source, so nothing stale is ever reused. */
const compiled = new Map<string, HandlebarsTemplateDelegate>();
const MAX_COMPILED = 200;
function compile(source: string, part: 'subject' | 'html'): HandlebarsTemplateDelegate {
  const key = `${part}\u0000${source}`;
  let template = compiled.get(key);
  if (!template) {
    // Subjects are plain text: no HTML escaping there (line breaks are stripped after rendering).
    template = Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape: part === 'subject' });
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, template);
  }
  return template;
}

export function renderEmail(template: EmailTemplate, values: Record<string, string | number>): RenderedEmail {
  const html = compile(template.html, 'html')(values);
  // Subjects are plain text: rendered without HTML escaping, line breaks stripped (header injection).
  const renderSubject = compile(template.subject, 'subject');
  const subject = renderSubject(values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return { subject, html, text: htmlToText(html) };
}
