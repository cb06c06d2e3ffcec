import { escapeHtml } from '@goldbot/shared';
import { htmlToText } from './plain-text.js';
import { parseTemplate, type TemplateNode } from './template-parser.js';
import type { EmailTemplate, RenderedEmail } from './templates.js';

/**
 * Rendering a template (templates.ts holds them as data) the way handlebars renders it, without
 * loading any of handlebars (issue 12, lean bundles: its parser alone cost +0.13× cold import in
 * every mail function): template-parser.ts reads the source (whitespace control included) and
 * the small interpreter below walks the tree. Templates may use only plain placeholders and
 * `{{#if}}`/`{{#unless}}` (template-check.ts refuses everything else when an admin saves), and
 * that is all the parser knows: anything else throws. No code is generated or evaluated.
 *
 * The output is `Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape })(values)`
 * to the character (render-equivalence.test.ts checks it against the real compiler): `{{name}}`
 * is escaped as handlebars escapes it, so a username like `<script>` arrives as text.
 */

/**
 * The only helpers any template may use: `{{#if}}` and `{{#unless}}`, with HTML escaping on.
 * These are the options mail was compiled with before the interpreter, and the ones its output
 * is checked against (render-equivalence.test.ts); template-check.ts reads the allowed block
 * helpers here.
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

type Values = Readonly<Record<string, string | number>>;

/** A value as handlebars looks it up: own properties only (its prototype access control). */
const lookup = (values: Values, name: string): string | number | undefined =>
  Object.hasOwn(values, name) ? values[name] : undefined;

/** handlebars' escaping of a value: null and undefined become '', numbers their String(). */
const escapeValue = (value: string | number | undefined): string => (value == null ? '' : escapeHtml(String(value)));

/** What a piece of a template renders to: text, or a number (an unescaped value). */
type Piece = string | number;

/**
 * Two pieces joined as the compiled templates join them: their generated code is one JavaScript
 * `a + b + …` per block, so two numbers side by side with nothing between them add up (a subject
 * `{{amount}}{{count}}` with 1 and 2 renders "3"; escaped values are text and never do). Kept so
 * that every mail renders exactly as it did with the compiler.
 */
function join(left: Piece | null, right: Piece): Piece {
  if (left === null) return right;
  return typeof left === 'number' && typeof right === 'number' ? left + right : `${left}${right}`;
}

function renderNodes(nodes: readonly TemplateNode[], values: Values, escape: boolean): Piece {
  let out: Piece | null = null;
  for (const node of nodes) out = join(out, renderNode(node, values, escape));
  // An empty program renders as "" (a string, so it never adds to a number next to it).
  return out ?? '';
}

function renderNode(node: TemplateNode, values: Values, escape: boolean): Piece {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'value': {
      const value = lookup(values, node.name);
      // `{{name}}` escapes unless the part is a subject (noEscape); unescaped, handlebars
      // appends `value != null ? value : ""`.
      return escape ? escapeValue(value) : (value ?? '');
    }
    case 'block': {
      // Handlebars' `if` (includeZero off): false for every falsy value, 0 and '' included
      // (its isEmpty adds empty arrays, which values never are). `unless` swaps the branches.
      const truthy = Boolean(lookup(values, node.name));
      return renderNodes(truthy === (node.helper === 'if') ? node.then : node.otherwise, values, escape);
    }
  }
}

/** Parsed templates by source text: an edited template is a new source, so nothing stale is ever reused. */
const parsed = new Map<string, TemplateNode[]>();
const MAX_PARSED = 200;
function parsedTemplate(source: string): TemplateNode[] {
  let nodes = parsed.get(source);
  if (!nodes) {
    nodes = parseTemplate(source);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(source, nodes);
  }
  return nodes;
}

/**
 * One part of a template rendered with its values: the HTML with escaping on, a subject
 * (plain text) without, as `Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape })`.
 */
export function renderTemplateSource(source: string, values: Values, part: 'subject' | 'html'): string {
  return String(renderNodes(parsedTemplate(source), values, part === 'html'));
}

export function renderEmail(template: EmailTemplate, values: Record<string, string | number>): RenderedEmail {
  const html = renderTemplateSource(template.html, values, 'html');
  // Subjects are plain text: rendered without HTML escaping, line breaks stripped (header injection).
  const subject = renderTemplateSource(template.subject, values, 'subject')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return { subject, html, text: htmlToText(html) };
}
