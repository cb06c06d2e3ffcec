import { parse } from 'handlebars/dist/cjs/handlebars/compiler/base.js';
import { escapeExpression, isEmpty } from 'handlebars/dist/cjs/handlebars/utils.js';
import { htmlToText } from './plain-text.js';
import type { EmailTemplate, RenderedEmail } from './templates.js';

/**
 * Rendering a template (templates.ts holds them as data) the way handlebars renders it, without
 * loading its template compiler (issue 12, lean bundles): handlebars' own parser reads the source
 * (whitespace control included) and the small interpreter below walks the tree. Templates may use
 * only plain placeholders and `{{#if}}`/`{{#unless}}` (template-check.ts refuses everything else
 * when an admin saves), and that is all the interpreter knows: anything else throws, as the
 * compiler does with `knownHelpersOnly`. No code is generated or evaluated.
 *
 * The output is `Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape })(values)`
 * to the character (render-equivalence.test.ts checks it against the real compiler): `{{name}}`
 * is escaped by handlebars' own escapeExpression, so a username like `<script>` arrives as text.
 * The editor's check (template-check.ts) parses and test-renders with these same two, so no
 * function bundles the compiler (about 45 KB minified and 3-4 ms of cold import less).
 */

/**
 * The only helpers any template may use, at send time too (template-check.ts refuses everything
 * else when an admin saves): `{{#if}}` and `{{#unless}}`, with HTML escaping on. These are the
 * options mail was compiled with before the interpreter, and the ones its output is checked
 * against (render-equivalence.test.ts); template-check.ts reads the allowed block helpers here.
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

/** A template construct the mails never use: refused at save time, and never rendered. */
class UnsupportedTemplate extends Error {
  constructor(what: string) {
    super(`templates may use only {{name}}, {{#if name}} and {{#unless name}}, not ${what}`);
  }
}

/**
 * The placeholder a path names: a plain name only (`username`, not `a.b`, `../a`, `this` or `@index`).
 * Literals (`{{"x"}}`, `{{1}}`) and sub-expressions are refused too.
 */
function placeholder(node: hbs.AST.Node | undefined): string {
  const path = node as hbs.AST.PathExpression | undefined;
  const name = path?.parts?.[0];
  if (path?.type !== 'PathExpression' || path.data || path.depth !== 0 || path.parts.length !== 1 || !name) {
    throw new UnsupportedTemplate('an expression other than a placeholder name');
  }
  if (path.original !== name) throw new UnsupportedTemplate(`{{${path.original}}}`);
  return name;
}

/** A value as handlebars looks it up: own properties only (its prototype access control). */
const lookup = (values: Values, name: string): string | number | undefined =>
  Object.hasOwn(values, name) ? values[name] : undefined;

/** What a piece of a template renders to: text, a number (an unescaped value), or nothing at all. */
type Piece = string | number | null;

/**
 * Two pieces joined as the compiled templates join them: their generated code is one JavaScript
 * `a + b + …` per block, so two numbers side by side with nothing between them add up (a subject
 * `{{amount}}{{count}}` with 1 and 2 renders "3"; escaped values are text and never do). Kept so
 * that every mail renders exactly as it did with the compiler.
 */
function join(left: Piece, right: Piece): Piece {
  if (left === null) return right;
  if (right === null) return left;
  return typeof left === 'number' && typeof right === 'number' ? left + right : `${left}${right}`;
}

function renderProgram(program: hbs.AST.Program | undefined, values: Values, escape: boolean): string | number {
  if (!program) return '';
  if (program.blockParams?.length) throw new UnsupportedTemplate('block parameters (as |x|)');
  let out: Piece = null;
  for (const statement of program.body) out = join(out, renderStatement(statement, values, escape));
  return out ?? '';
}

function renderStatement(node: hbs.AST.Statement, values: Values, escape: boolean): Piece {
  switch (node.type) {
    case 'ContentStatement': {
      // The text as the parser left it after `~` and standalone-line stripping; text that the
      // stripping emptied is no piece at all (the compiler emits nothing for it).
      const { value } = node as hbs.AST.ContentStatement;
      return value === '' ? null : value;
    }
    case 'CommentStatement':
      return null;
    case 'MustacheStatement': {
      const mustache = node as hbs.AST.MustacheStatement;
      if (mustache.params.length > 0 || mustache.hash) throw new UnsupportedTemplate('a helper call');
      const name = placeholder(mustache.path);
      // `{{if}}` alone calls the helper without its argument, which handlebars refuses too.
      if (name === 'if' || name === 'unless') throw new UnsupportedTemplate(`{{${name}}} without a block`);
      const value = lookup(values, name);
      // `{{name}}` escapes unless the part is a subject (noEscape); `{{{name}}}` and `{{&name}}`
      // never do. Unescaped, handlebars appends `value != null ? value : ""`.
      if (mustache.escaped && escape) return escapeExpression(value);
      return value ?? '';
    }
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      const helper = placeholder(block.path);
      if (helper !== 'if' && helper !== 'unless') throw new UnsupportedTemplate(`{{#${helper}}}`);
      const [condition, ...extra] = block.params;
      if (!condition || extra.length > 0 || block.hash) {
        throw new UnsupportedTemplate(`{{#${helper}}} without exactly one placeholder`);
      }
      // Handlebars' `if` (includeZero off): false for every falsy value, 0 and '' included, and
      // for empty arrays. `unless` is `if` with its two branches swapped.
      const value = lookup(values, placeholder(condition));
      const truthy = Boolean(value) && !isEmpty(value);
      const branch = truthy === (helper === 'if') ? block.program : block.inverse;
      return renderProgram(branch, values, escape);
    }
    default:
      // Partials, decorators, raw blocks: never in a template that passed template-check.ts.
      throw new UnsupportedTemplate(node.type);
  }
}

/** Parsed templates by source text: an edited template is a new source, so nothing stale is ever reused. */
const parsed = new Map<string, hbs.AST.Program>();
const MAX_PARSED = 200;
function parseTemplate(source: string): hbs.AST.Program {
  let program = parsed.get(source);
  if (!program) {
    program = parse(source);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(source, program);
  }
  return program;
}

/**
 * One part of a template rendered with its values: the HTML with escaping on, a subject
 * (plain text) without, as `Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape })`.
 */
export function renderTemplateSource(source: string, values: Values, part: 'subject' | 'html'): string {
  return String(renderProgram(parseTemplate(source), values, part === 'html'));
}

export function renderEmail(template: EmailTemplate, values: Record<string, string | number>): RenderedEmail {
  const html = renderTemplateSource(template.html, values, 'html');
  // Subjects are plain text: rendered without HTML escaping, line breaks stripped (header injection).
  const subject = renderTemplateSource(template.subject, values, 'subject')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return { subject, html, text: htmlToText(html) };
}
