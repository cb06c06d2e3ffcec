import Handlebars from 'handlebars';
import { htmlToText } from './plain-text.js';
import type { EmailTemplate, RenderedEmail } from './templates.js';

/**
 * Rendering a template (templates.ts holds them as data) with handlebars. The HTML body is
 * compiled with HTML escaping on, so a username like `<script>` arrives as text; the subject is
 * plain text, compiled without escaping and with its line breaks folded (header injection).
 *
 * - `knownHelpersOnly` with only `if` and `unless` known: no other helper, partial or lookup can
 *   run, whatever a stored template says;
 * - `strict`: a placeholder whose value the mail does not carry throws instead of sending a blank
 *   (the editor only accepts the placeholders a type's mail is sent with, template-rules.ts);
 * - a body that inserts a value unescaped (`{{{name}}}`, `{{& name}}`) is refused here too, not
 *   only by the editor (template-check.ts), so a template written to the table by other means
 *   still cannot put customer data into a mail as markup.
 *
 * Compiling builds JavaScript from the template, so it happens once per template text and part
 * (a warm function reuses it), never once per mail. The same code renders the editor's preview
 * (template-preview.ts), on the server: the site's Content-Security-Policy forbids evaluating
 * generated code in the browser.
 */

/** An environment of its own: nothing registered on the global Handlebars object reaches mail. */
const handlebars = Handlebars.create();

/**
 * The only helpers any template may use: `{{#if}}` and `{{#unless}}`. template-check.ts reads the
 * allowed block helpers here.
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
  strict: true,
} as const;

export type TemplatePart = 'subject' | 'html';
type Values = Readonly<Record<string, string | number>>;

/** The sentence an unescaped value is refused with (the editor says it to the admin, in template-check.ts). */
export const unescapedRefusal = (name: string) =>
  `{{{${name}}}} and {{&${name}}} insert the value without HTML escaping, which is not allowed; write {{${name}}}`;

/** The name of a mustache's path, or '…' when it is not a plain path. */
export const expressionName = (node: hbs.AST.Expression): string =>
  node.type === 'PathExpression' ? (node as hbs.AST.PathExpression).original : '…';

/** The first `{{{name}}}` or `{{& name}}` in a tree, blocks included. */
function firstUnescaped(program: hbs.AST.Program | undefined): string | null {
  for (const node of program?.body ?? []) {
    if (node.type === 'MustacheStatement' && !(node as hbs.AST.MustacheStatement).escaped) {
      return expressionName((node as hbs.AST.MustacheStatement).path);
    }
    if (node.type === 'BlockStatement') {
      const block = node as hbs.AST.BlockStatement;
      const found = firstUnescaped(block.program) ?? firstUnescaped(block.inverse);
      if (found !== null) return found;
    }
  }
  return null;
}

type Compiled = (values: Values) => string;
/** Compiled templates by part and source text: an edited template is a new source, so nothing stale is reused. */
const compiled = new Map<string, Compiled>();
const MAX_COMPILED = 200;

function compiledTemplate(source: string, part: TemplatePart): Compiled {
  const key = `${part}\u0000${source}`;
  let render = compiled.get(key);
  if (!render) {
    const ast = handlebars.parse(source);
    const unescaped = part === 'html' ? firstUnescaped(ast) : null;
    if (unescaped !== null) throw new Error(unescapedRefusal(unescaped));
    render = handlebars.compile(ast, { ...TEMPLATE_COMPILE_OPTIONS, noEscape: part === 'subject' });
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, render);
  }
  return render;
}

/** One part of a template rendered with its values: the HTML with escaping on, a subject (plain text) without. */
export function renderTemplateSource(source: string, values: Values, part: TemplatePart): string {
  return compiledTemplate(source, part)(values);
}

/** A subject as it goes into the mail header: plain text on one line. */
export const renderSubject = (source: string, values: Values): string =>
  renderTemplateSource(source, values, 'subject')
    .replace(/[\r\n]+/g, ' ')
    .trim();

export function renderEmail(template: EmailTemplate, values: Values): RenderedEmail {
  const html = renderTemplateSource(template.html, values, 'html');
  return { subject: renderSubject(template.subject, values), html, text: htmlToText(html) };
}
