import Handlebars from 'handlebars';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { expressionName, TEMPLATE_COMPILE_OPTIONS, unescapedRefusal, type TemplatePart } from './render.js';
import { TEMPLATE_PLACEHOLDERS, type AdminTemplateType } from './template-rules.js';
import type { EmailTemplate } from './templates.js';

/**
 * What an admin may write in a template (the E-mail templates screen), as plain
 * rules with no I/O. A template is handlebars with HTML escaping on, restricted to:
 *
 * - `{{name}}` where `name` is one of the placeholders the type offers (the values its mail is
 *   sent with: the free-trial mails have no package name, the pending ones no dates);
 * - `{{#if name}}…{{else}}…{{/if}}` and `{{#unless name}}…{{/unless}}` on those placeholders;
 * - comments `{{!-- … --}}`.
 *
 * Refused, and why:
 * - `{{{name}}}` and `{{& name}}`: they insert a value without HTML escaping. The values are
 *   customer data (a username, an admin's note), so an admin's template could otherwise let a
 *   customer inject markup into mails sent in the product's name. There is no placeholder that
 *   needs raw HTML: admin-written HTML goes in the template itself.
 * - partials (`{{> x}}`), decorators, other helpers (`each`, `with`, `lookup`, `log`, calls with
 *   arguments or hashes, sub-expressions), block parameters (`as |x|`) and paths (`a.b`, `../a`,
 *   `this`, `@data`): no mail needs them, and each one is a way around the placeholder list.
 *
 * The check walks the tree handlebars' own parser builds (`Handlebars.parse`, whitespace control
 * applied), the very tree mail is compiled from (render.ts), so what it accepts is what is sent.
 * Mail is compiled with `knownHelpersOnly` and `strict` and refuses unescaped values itself, so
 * the restriction holds at send time too; this check is where the admin reads why.
 */

/** The block helpers templates may use (the same ones TEMPLATE_COMPILE_OPTIONS knows at send time). */
const TEMPLATE_BLOCK_HELPERS = Object.entries(TEMPLATE_COMPILE_OPTIONS.knownHelpers).flatMap(([name, known]) =>
  known ? [name] : [],
);

export interface TemplateProblem {
  /** Which part of the template: the subject or the HTML body. */
  part: TemplatePart;
  /** The sentence the admin reads (SETTINGS_MESSAGES.templateInvalid / placeholderNotOffered). */
  message: string;
}

type Node = hbs.AST.Node;

class Refusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'placeholder',
    readonly detail: string,
  ) {
    super(detail);
  }
}

const isPath = (node: Node): node is hbs.AST.PathExpression => node.type === 'PathExpression';

/** A plain placeholder name (`{{name}}`), or a refusal that says what is wrong with the expression. */
function placeholderName(node: Node, offered: readonly string[]): string {
  if (!isPath(node)) {
    throw new Refusal(
      'invalid',
      'only placeholder names may appear inside {{ }} (no text, numbers or sub-expressions)',
    );
  }
  const path = node;
  if (path.data) throw new Refusal('invalid', `{{${path.original}}} is not allowed: use one of the placeholders`);
  if (path.depth > 0 || path.parts.length !== 1 || /[./]/.test(path.original) || path.original === 'this') {
    throw new Refusal(
      'invalid',
      `{{${path.original}}} is not allowed: use a placeholder name such as {{${offered[0]}}}`,
    );
  }
  const name = path.parts[0] ?? '';
  if (!offered.includes(name)) throw new Refusal('placeholder', name);
  return name;
}

function hasHash(node: { hash?: hbs.AST.Hash }): boolean {
  return (node.hash?.pairs.length ?? 0) > 0;
}

function walk(node: Node | null | undefined, offered: readonly string[], used: Set<string>): void {
  if (!node) return;
  switch (node.type) {
    case 'Program':
      for (const child of (node as hbs.AST.Program).body) walk(child, offered, used);
      return;
    case 'ContentStatement':
    case 'CommentStatement':
      return;
    case 'MustacheStatement': {
      const mustache = node as hbs.AST.MustacheStatement;
      const name = expressionName(mustache.path);
      if (!mustache.escaped) throw new Refusal('invalid', unescapedRefusal(name));
      if (mustache.params.length > 0 || hasHash(mustache)) {
        throw new Refusal('invalid', `{{${name} …}} calls a helper, which is not allowed; write {{${name}}} alone`);
      }
      used.add(placeholderName(mustache.path, offered));
      return;
    }
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      const helper = expressionName(block.path);
      if (!TEMPLATE_BLOCK_HELPERS.includes(helper)) {
        throw new Refusal(
          'invalid',
          `{{#${helper}}} is not allowed: only {{#if name}} and {{#unless name}} blocks are`,
        );
      }
      const [param] = block.params;
      if (block.params.length !== 1 || !param || hasHash(block)) {
        throw new Refusal('invalid', `{{#${helper}}} needs exactly one placeholder, e.g. {{#${helper} ${offered[0]}}}`);
      }
      if (block.program?.blockParams?.length) {
        throw new Refusal(
          'invalid',
          `{{#${helper} … as |${block.program.blockParams.join(' ')}|}} is not allowed: write {{#${helper} name}}`,
        );
      }
      used.add(placeholderName(param, offered));
      walk(block.program, offered, used);
      walk(block.inverse, offered, used);
      return;
    }
    case 'PartialStatement':
    case 'PartialBlockStatement':
      throw new Refusal('invalid', 'partials ({{> name}}) are not allowed');
    case 'Decorator':
    case 'DecoratorBlock':
      throw new Refusal('invalid', 'decorators ({{* name}}) are not allowed');
    default:
      throw new Refusal('invalid', `unexpected {{ }} expression (${node.type})`);
  }
}

/** The block names opened more often than closed, for a readable "never closed" reason. */
function unclosedBlock(source: string): string | null {
  const count = (pattern: RegExp) => {
    const counts = new Map<string, number>();
    for (const match of source.matchAll(pattern)) {
      const name = match[1] ?? '';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  };
  const opened = count(/\{\{~?#\s*([^\s}~]+)/g);
  const closed = count(/\{\{~?\/\s*([^\s}~]+)/g);
  for (const [name, times] of opened) if (times > (closed.get(name) ?? 0)) return name;
  return null;
}

/** Handlebars' parser messages, made readable ("Parse error on line 3: …" with a caret drawing otherwise). */
export function describeParseError(source: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const mismatch = /^(\S+) doesn't match (\S+) - (\d+):\d+/.exec(message);
  if (mismatch) return `{{#${mismatch[1]}}} is closed by {{/${mismatch[2]}}} on line ${mismatch[3]}`;
  const line = /line (\d+)/.exec(message)?.[1];
  const where = line ? ` (line ${line})` : '';
  if (/got 'EOF'/.test(message)) {
    const block = unclosedBlock(source);
    if (block) return `{{#${block}}} is never closed: add {{/${block}}}${where}`;
    return `the template ends inside a {{ }} expression${where}`;
  }
  const lines = message.split('\n');
  const snippet = lines[1]?.trim();
  if (snippet) return `a {{ }} expression is not written correctly near "${snippet.slice(-40)}"${where}`;
  return lines[0] ?? message;
}

/** Checks one part (subject or HTML) of a type's template; null when it is acceptable. */
export function checkTemplateSource(
  type: AdminTemplateType,
  part: TemplatePart,
  source: string,
): TemplateProblem | null {
  const offered = TEMPLATE_PLACEHOLDERS[type];
  const label = part === 'subject' ? `${type} subject` : type;
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parse(source);
  } catch (error) {
    return { part, message: SETTINGS_MESSAGES.templateInvalid(label, describeParseError(source, error)) };
  }
  try {
    walk(ast, offered, new Set());
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return {
      part,
      message:
        error.kind === 'placeholder'
          ? SETTINGS_MESSAGES.placeholderNotOffered(label, error.detail, offered)
          : SETTINGS_MESSAGES.templateInvalid(label, error.detail),
    };
  }
  return null;
}

/** Every problem of a template (subject first), so the admin sees all of them at once. */
export function checkTemplate(type: AdminTemplateType, template: EmailTemplate): TemplateProblem[] {
  return (['subject', 'html'] as const).flatMap((part) => {
    const problem = checkTemplateSource(type, part, template[part]);
    return problem ? [problem] : [];
  });
}

/** The placeholders a template actually uses (for the editor's help and tests). */
export function placeholdersUsed(source: string): string[] {
  const used = new Set<string>();
  const collect = (node: Node | null | undefined): void => {
    if (!node) return;
    if (node.type === 'Program') for (const child of (node as hbs.AST.Program).body) collect(child);
    if (node.type === 'MustacheStatement') {
      const path = (node as hbs.AST.MustacheStatement).path;
      if (isPath(path)) used.add(path.original);
    }
    if (node.type === 'BlockStatement') {
      const block = node as hbs.AST.BlockStatement;
      for (const param of block.params) if (isPath(param)) used.add(param.original);
      collect(block.program);
      collect(block.inverse);
    }
  };
  collect(Handlebars.parse(source));
  return [...used];
}
