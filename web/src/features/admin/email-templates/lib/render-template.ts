/**
 * The preview's template renderer: the part of handlebars the e-mail templates use, with the same
 * output as the server's mail renderer (functions/src/domain/email/render.ts, itself `Handlebars.compile` to the character).
 *
 * Why not handlebars itself in the browser: its compiler builds the template as JavaScript with
 * `new Function`, which the site's Content-Security-Policy (`script-src 'self'`, no
 * 'unsafe-eval': infra/lib/web-stack.ts) refuses in production, and a precompiled template cannot
 * follow the admin's typing. So this module interprets the same syntax instead:
 *
 * - `{{name}}` is the value, HTML-escaped exactly as handlebars escapes (& < > " ' ` =); a missing
 *   value renders nothing (handlebars without `strict`);
 * - `{{{name}}}` and `{{& name}}` are the value unescaped, as handlebars renders them, with a
 *   problem saying the server refuses them (values are customer data: functions/src/domain/email/template-check.ts);
 * - `{{#if name}}...{{else}}...{{/if}}` and `{{#unless name}}...{{/unless}}`, nested;
 * - `{{! comment }}` and `{{!-- comment --}}` render nothing; `~` trims whitespace on its side;
 *   `\{{` is a literal `{{`.
 *
 * Anything else (other helpers or blocks, paths such as `this.name`) is reported in `problems` and
 * left out of the preview; the server stays the judge when the template is saved.
 */
import { escapeHtml } from '@goldbot/shared';

export interface RenderOptions {
  /** False renders values unescaped, as the server renders subjects (plain text). */
  escape?: boolean;
}

export interface RenderResult {
  output: string;
  /** Why the preview may differ from the mail (syntax it does not understand, an unclosed block). */
  problems: string[];
  /** Every value name the template reads (`{{name}}`, `{{#if name}}`), once each, in order. */
  names: string[];
}

/** handlebars' `escapeExpression` for strings (shared with the mail renderer). */
export { escapeHtml };

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string; raw: boolean }
  | { kind: 'block'; helper: 'if' | 'unless'; name: string; body: Node[]; inverse: Node[] };

interface OpenBlock {
  helper: string;
  name: string;
  /** False for a block the preview does not understand: it renders nothing. */
  supported: boolean;
  body: Node[];
  inverse: Node[];
  inElse: boolean;
}

/**
 * A mustache: an optional `\` before it, `~` on either side, and either a triple-stache's inside
 * or a double's (a `{{!-- --}}` comment may itself contain `}}`).
 */
const MUSTACHE = /(\\)?\{\{(~)?(?:\{([\s\S]*?)\}|(!--[\s\S]*?--|[\s\S]*?))(~)?\}\}/g;
const NAME = /^[A-Za-z_$][\w$-]*$/;

/** One tag, with its whitespace control. */
interface Tag {
  inside: string;
  triple: boolean;
  trimBefore: boolean;
  trimAfter: boolean;
}

function tokenize(source: string): Array<string | Tag> {
  const tokens: Array<string | Tag> = [];
  let last = 0;
  for (const match of source.matchAll(MUSTACHE)) {
    const [whole, escaped, tildeBefore, tripleInside, doubleInside, tildeAfter] = match;
    const start = match.index;
    tokens.push(source.slice(last, start));
    last = start + whole.length;
    if (escaped) {
      // `\{{name}}` is literal text: the backslash goes, the braces stay.
      tokens.push(whole.slice(1));
      continue;
    }
    tokens.push({
      inside: (tripleInside ?? doubleInside ?? '').trim(),
      triple: tripleInside !== undefined,
      trimBefore: tildeBefore !== undefined,
      trimAfter: tildeAfter !== undefined,
    });
  }
  tokens.push(source.slice(last));
  return tokens;
}

/** Applies `~`: a tag with it eats the whitespace of the text next to it on that side. */
function trimWhitespace(tokens: Array<string | Tag>): Array<string | Tag> {
  const result = [...tokens];
  result.forEach((token, index) => {
    if (typeof token === 'string') return;
    const before = result[index - 1];
    const after = result[index + 1];
    if (token.trimBefore && typeof before === 'string') result[index - 1] = before.replace(/\s+$/, '');
    if (token.trimAfter && typeof after === 'string') result[index + 1] = after.replace(/^\s+/, '');
  });
  return result;
}

const isBranching = (helper: string): helper is 'if' | 'unless' => helper === 'if' || helper === 'unless';

function parse(source: string, problems: string[]): Node[] {
  const root: Node[] = [];
  const open: OpenBlock[] = [];
  const target = (): Node[] => {
    const block = open.at(-1);
    if (!block) return root;
    return block.inElse ? block.inverse : block.body;
  };

  for (const token of trimWhitespace(tokenize(source))) {
    if (typeof token === 'string') {
      if (token !== '') target().push({ kind: 'text', text: token });
      continue;
    }
    const { inside, triple } = token;
    if (!triple && inside.startsWith('!')) continue;
    if (triple || inside.startsWith('&')) {
      const name = (triple ? inside : inside.slice(1)).trim();
      // Shown as handlebars renders it, but the server refuses unescaped output (template-check.ts).
      problems.push(
        `{{{${name}}}} and {{&${name}}} insert the value without HTML escaping, which is not allowed; write {{${name}}}`,
      );
      if (NAME.test(name)) target().push({ kind: 'value', name, raw: true });
      continue;
    }
    const opening = /^#\s*(\S+)\s*(.*)$/.exec(inside);
    if (opening) {
      const [, helper = '', argument = ''] = opening;
      const name = argument.trim();
      const supported = isBranching(helper) && NAME.test(name);
      if (!supported) problems.push(`The preview cannot show {{#${helper}${name ? ` ${name}` : ''}}}`);
      open.push({ helper, name, supported, body: [], inverse: [], inElse: false });
      continue;
    }
    if (inside === 'else' || inside === '^') {
      const current = open.at(-1);
      if (current) current.inElse = true;
      else problems.push('{{else}} is outside a block');
      continue;
    }
    const closing = /^\/\s*(\S+)$/.exec(inside);
    if (closing) {
      const helper = closing[1] ?? '';
      const current = open.pop();
      if (!current) {
        problems.push(`{{/${helper}}} closes no block`);
        continue;
      }
      if (current.helper !== helper) problems.push(`{{#${current.helper}}} is closed by {{/${helper}}}`);
      if (current.supported && isBranching(current.helper)) {
        const { name, body, inverse } = current;
        target().push({ kind: 'block', helper: current.helper, name, body, inverse });
      }
      continue;
    }
    if (NAME.test(inside)) {
      target().push({ kind: 'value', name: inside, raw: false });
      continue;
    }
    problems.push(`The preview cannot show {{${inside}}}`);
  }

  for (const unclosed of open.reverse()) problems.push(`{{#${unclosed.helper}}} is never closed`);
  return root;
}

/** handlebars' `if`: false for a missing value, false, '', 0 and an empty list. */
const truthy = (value: unknown) => Boolean(value) && !(Array.isArray(value) && value.length === 0);

function render(nodes: Node[], values: Readonly<Record<string, string>>, escape: boolean): string {
  let output = '';
  for (const node of nodes) {
    if (node.kind === 'text') {
      output += node.text;
    } else if (node.kind === 'value') {
      const value = Object.hasOwn(values, node.name) ? (values[node.name] ?? '') : '';
      output += node.raw || !escape ? value : escapeHtml(value);
    } else {
      const holds = truthy(values[node.name]);
      const shown = node.helper === 'if' ? holds : !holds;
      output += render(shown ? node.body : node.inverse, values, escape);
    }
  }
  return output;
}

function namesIn(nodes: Node[], names = new Set<string>()): string[] {
  for (const node of nodes) {
    if (node.kind === 'value') names.add(node.name);
    if (node.kind === 'block') {
      names.add(node.name);
      namesIn(node.body, names);
      namesIn(node.inverse, names);
    }
  }
  return [...names];
}

/** Renders `source` with `values`, HTML-escaping them unless `escape` is false. */
export function renderTemplate(
  source: string,
  values: Readonly<Record<string, string>>,
  { escape = true }: RenderOptions = {},
): RenderResult {
  const problems: string[] = [];
  const nodes = parse(source, problems);
  return { output: render(nodes, values, escape), problems, names: namesIn(nodes) };
}
