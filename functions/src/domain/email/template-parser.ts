/**
 * The parser of mail templates (issue 12, lean bundles): a hand-written reader of exactly the
 * handlebars subset an admin may save (template-check.ts), so no mail-sending function bundles
 * handlebars' own parser (about 36 KB minified, +0.13× cold import).
 *
 * The subset: text, `\{{` escapes, `{{name}}` (or `{{[name]}}`), `{{#if name}}`/`{{#unless name}}`
 * with `{{else}}`, `{{^}}` and chained `{{else if name}}`/`{{else unless name}}`, inverted
 * `{{^if name}}` blocks, comments `{{! }}` and `{{!-- --}}`, and `~` on either side of any tag.
 * Anything else throws a TemplateSyntaxError naming it: mail must never render differently from
 * handlebars, so what this parser cannot reproduce it refuses, and template-check.ts refuses to
 * save it (it compares this parser's tree with the one handlebars' parser builds).
 *
 * Byte for byte what handlebars renders: the lexer below follows handlebars' own lexer rules in
 * their order (handlebars/dist/cjs/handlebars/compiler/parser.js, `lexer.rules`), the tree has the
 * shape its grammar builds (helpers.js `prepareBlock`, chained `else` quirks included), and
 * `stripWhitespace` is its WhitespaceControl visitor (compiler/whitespace-control.js) line by line:
 * `~` and standalone lines depend on which text nodes sit next to which tags, so the tree must
 * match exactly, not just the text.
 */

/** What render.ts walks: text as it is sent, a placeholder, or an `#if`/`#unless` block. */
export type TemplateNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'value'; readonly name: string }
  | {
      readonly kind: 'block';
      readonly helper: BlockHelper;
      readonly name: string;
      /** Rendered when the value is truthy for `if` (falsy for `unless`). */
      readonly then: readonly TemplateNode[];
      readonly otherwise: readonly TemplateNode[];
    };

export type BlockHelper = 'if' | 'unless';

/** A template the mail renderer cannot reproduce; the message says what and on which line. */
export class TemplateSyntaxError extends Error {}

// ---------------------------------------------------------------------------------------------
// The tree as handlebars' grammar builds it (only the parts whitespace control and rendering use)

interface Strip {
  open: boolean;
  close: boolean;
}
interface Content {
  type: 'content';
  /** The text as written: standalone detection always looks at this. */
  readonly original: string;
  /** The text once `~` and standalone lines have trimmed it: what is rendered. */
  value: string;
  leftStripped?: boolean;
  rightStripped?: boolean;
}
interface Comment {
  type: 'comment';
  strip: Strip;
}
interface Mustache {
  type: 'mustache';
  name: string;
  strip: Strip;
}
interface Block {
  type: 'block';
  helper: BlockHelper;
  name: string;
  program: Program | undefined;
  inverse: Program | undefined;
  openStrip: Strip;
  inverseStrip: Strip | undefined;
  closeStrip: Strip | undefined;
}
type Statement = Content | Comment | Mustache | Block;
interface Program {
  body: Statement[];
  /** The inverse of a block written with `{{else if x}}`: a program holding that one block. */
  chained: boolean;
}

/** A tag that ends a program: `{{else}}`/`{{^}}`, `{{else if x}}`, or `{{/x}}`. */
type EndTag =
  | { kind: 'inverse'; strip: Strip }
  | { kind: 'chain'; helper: BlockHelper; name: string; strip: Strip }
  | { kind: 'close'; name: string; strip: Strip };
type Tag =
  | EndTag
  | { kind: 'comment'; strip: Strip }
  | { kind: 'mustache'; name: string; strip: Strip }
  | { kind: 'open'; inverted: boolean; helper: BlockHelper; name: string; strip: Strip };

/** What follows a block's first program: the `{{else}}` part, or a chain of `{{else if}}` blocks. */
interface InverseTail {
  strip: Strip;
  program: Program;
  chain: boolean;
}

const ALLOWED = 'templates may use only {{name}}, {{#if name}}, {{#unless name}}, {{else}} and comments';

// Handlebars' literals: `{{true}}` is the boolean, not a placeholder named "true"; `this` is the context.
const NOT_NAMES = new Set(['true', 'false', 'null', 'undefined', 'this']);

/** The 1-based line of a position, for messages. */
const lineAt = (source: string, at: number): number => source.slice(0, at).split('\n').length;

/** Handlebars' stripFlags: `~` right after the opening `{{`, or right before the closing `}}`. */
const stripFlags = (open: string, close: string): Strip => ({
  open: open.charAt(2) === '~',
  close: close.charAt(close.length - 3) === '~',
});

class Parser {
  private pos = 0;

  constructor(private readonly source: string) {}

  private fail(problem: string, at = this.pos): never {
    throw new TemplateSyntaxError(`${problem} (line ${lineAt(this.source, at)})`);
  }

  /** A sticky match at the current position (advancing past it), or null. */
  private take(pattern: RegExp): RegExpExecArray | null {
    const sticky = new RegExp(pattern.source, 'y');
    sticky.lastIndex = this.pos;
    const match = sticky.exec(this.source);
    if (match) this.pos += match[0].length;
    return match;
  }

  /**
   * Text up to the next `{{` (handlebars' lexer rules 0-2). A backslash before `{{` escapes it:
   * the backslash goes and the tag's text up to the next `{{` (or `\{{`) is one text node; a
   * doubled backslash leaves one backslash and the tag stays a tag. Every piece is its own node,
   * as handlebars makes it (standalone detection looks at neighbours, so the split matters).
   */
  private readContent(body: Statement[]): void {
    const push = (text: string) => {
      if (text) body.push({ type: 'content', original: text, value: text });
    };
    for (;;) {
      const next = this.source.indexOf('{{', this.pos);
      if (next < 0) {
        push(this.source.slice(this.pos));
        this.pos = this.source.length;
        return;
      }
      const text = this.source.slice(this.pos, next);
      this.pos = next;
      if (text.endsWith('\\\\') || !text.endsWith('\\')) {
        push(text.endsWith('\\\\') ? text.slice(0, -1) : text);
        return;
      }
      push(text.slice(0, -1));
      // The escaped tag: at least its `{{`, up to the next `{{`, `\{{`, `\\{{` or the end.
      const escaped = this.take(/[\s\S]{2,}?(?=\{\{|\\\{\{|\\\\\{\{|$)/);
      push(escaped?.[0] ?? '');
    }
  }

  private skipSpace(): void {
    this.take(/\s+/);
  }

  /** A placeholder or helper name: `name` or `[name]`, nothing handlebars would read otherwise. */
  private name(what: string): string {
    this.skipSpace();
    const bracketed = this.take(/\[([A-Za-z_][A-Za-z0-9_]*)\]/);
    if (bracketed?.[1]) return bracketed[1];
    // Followed by what ends handlebars' ID token here (space, `~`, `}`), so both read the same name
    // (or by the end, where the missing `}}` is the problem to report).
    const bare = this.take(/[A-Za-z_][A-Za-z0-9_]*(?=[\s~}]|$)/);
    if (bare && !NOT_NAMES.has(bare[0])) return bare[0];
    this.fail(`${what} must be a placeholder name; ${ALLOWED}`, bare ? this.pos - bare[0].length : this.pos);
  }

  private helper(): BlockHelper {
    const at = this.pos;
    const name = this.name('a block');
    if (name !== 'if' && name !== 'unless') this.fail(`{{#${name}}} is not supported; ${ALLOWED}`, at);
    return name;
  }

  /**
   * The closing `}}` (or `~}}`) of a tag written as `tag` so far; `}}}` is handlebars' close of
   * `{{{`, an error after `{{` there too.
   */
  private close(open: string, tag: string): Strip {
    this.skipSpace();
    const at = this.pos;
    if (this.take(/\}~?\}\}/)) this.fail(`${tag} is closed with }}}`, at);
    const close = this.take(/~?\}\}/);
    if (!close) this.fail(`${tag} must end with }} right after its name (no arguments, paths or helpers)`, at);
    return stripFlags(open, close[0]);
  }

  /** One tag starting at `{{`, tried in the order of handlebars' lexer rules (the first match wins). */
  private tag(): Tag {
    const at = this.pos;
    const refuse = (pattern: RegExp, what: string) => {
      if (this.take(pattern)) this.fail(`${what} is not supported; ${ALLOWED}`, at);
    };
    refuse(/\{\{\{\{/, 'a raw block ({{{{ }}}})');
    refuse(/\{\{~?#?>/, 'a partial ({{> name}})');
    refuse(/\{\{~?#?\*/, 'a decorator ({{* name}})');
    let open = this.take(/\{\{~?#/);
    if (open) {
      const helper = this.helper();
      const name = this.name(`{{#${helper}}}`);
      return { kind: 'open', inverted: false, helper, name, strip: this.close(open[0], `{{#${helper} ${name}}}`) };
    }
    open = this.take(/\{\{~?\//);
    if (open) {
      const name = this.name('{{/…}}');
      return { kind: 'close', name, strip: this.close(open[0], `{{/${name}}}`) };
    }
    const inverse = this.take(/\{\{~?\^\s*~?\}\}/) ?? this.take(/\{\{~?\s*else\s*~?\}\}/);
    if (inverse) return { kind: 'inverse', strip: stripFlags(inverse[0], inverse[0]) };
    open = this.take(/\{\{~?\^/);
    if (open) {
      const helper = this.helper();
      const name = this.name(`{{^${helper}}}`);
      return { kind: 'open', inverted: true, helper, name, strip: this.close(open[0], `{{^${helper} ${name}}}`) };
    }
    open = this.take(/\{\{~?\s*else\b/);
    if (open) {
      const helper = this.helper();
      const name = this.name(`{{else ${helper}}}`);
      return { kind: 'chain', helper, name, strip: this.close(open[0], `{{else ${helper} ${name}}}`) };
    }
    refuse(/\{\{~?[{&]/, '{{{name}}} or {{&name}} (a value without HTML escaping)');
    if (this.take(/\{\{~?!--/)) {
      // A long comment runs to the first `--}}`, counted from its own `{{` as handlebars does.
      this.pos = at;
      const comment = this.take(/[\s\S]*?--~?\}\}/);
      if (!comment) this.fail('a {{!-- comment is never closed with --}}', at);
      return { kind: 'comment', strip: stripFlags(comment[0], comment[0]) };
    }
    const comment = this.take(/\{\{~?![\s\S]*?\}\}/);
    if (comment) return { kind: 'comment', strip: stripFlags(comment[0], comment[0]) };
    if (this.take(/\{\{~?![\s\S]*/)) this.fail('a {{! comment is never closed with }}', at);
    open = this.take(/\{\{~?/);
    if (!open) this.fail('expected {{', at);
    const nameAt = this.pos;
    const name = this.name('{{…}}');
    // `{{if}}` calls the helper without its argument (handlebars refuses it at render time).
    if (name === 'if' || name === 'unless')
      this.fail(`{{${name}}} needs a block: {{#${name} name}}…{{/${name}}}`, nameAt);
    return { kind: 'mustache', name, strip: this.close(open[0], `{{${name}}}`) };
  }

  /** Statements up to an `{{else}}`, `{{/x}}` or the end; returns the tag that ended them. */
  program(): { program: Program; end: EndTag | null; at: number } {
    const body: Statement[] = [];
    for (;;) {
      this.readContent(body);
      const at = this.pos;
      if (at >= this.source.length) return { program: { body, chained: false }, end: null, at };
      const tag = this.tag();
      switch (tag.kind) {
        case 'comment':
          body.push({ type: 'comment', strip: tag.strip });
          break;
        case 'mustache':
          body.push({ type: 'mustache', name: tag.name, strip: tag.strip });
          break;
        case 'open':
          body.push(this.block(tag, at));
          break;
        default:
          return { program: { body, chained: false }, end: tag, at };
      }
    }
  }

  private expectClose(
    found: { end: EndTag | null; at: number },
    open: { helper: BlockHelper },
    openedAt: number,
  ): { kind: 'close'; name: string; strip: Strip } {
    const { end, at } = found;
    if (!end) this.fail(`{{#${open.helper}}} is never closed: add {{/${open.helper}}}`, openedAt);
    if (end.kind !== 'close') this.fail(`{{else}} may appear only once in a {{#${open.helper}}} block`, at);
    // Handlebars: "x doesn't match y".
    if (end.name !== open.helper) this.fail(`{{#${open.helper}}} is closed by {{/${end.name}}}`, at);
    return end;
  }

  /** The rest of a block after its opening tag (the grammar's `block` rule). */
  private block(open: Extract<Tag, { kind: 'open' }>, openedAt: number): Block {
    const first = this.program();
    if (open.inverted) {
      // `{{^if x}}…{{else}}…{{/if}}`: no `{{else if}}` chain after an inverted opening.
      let tail: InverseTail | undefined;
      let last = first;
      if (first.end?.kind === 'inverse') {
        last = this.program();
        tail = { strip: first.end.strip, program: last.program, chain: false };
      }
      return prepareBlock(open, first.program, tail, this.expectClose(last, open, openedAt), true);
    }
    const { tail, close } = this.inverseChain(first, open, openedAt);
    return prepareBlock(open, first.program, tail, close, false);
  }

  /** The grammar's `inverseChain`: `{{else}}…`, or `{{else if x}}…` nesting the rest of the chain. */
  private inverseChain(
    ended: { end: EndTag | null; at: number },
    open: { helper: BlockHelper },
    openedAt: number,
  ): { tail: InverseTail | undefined; close: { kind: 'close'; name: string; strip: Strip } } {
    const { end } = ended;
    if (end?.kind === 'inverse') {
      const rest = this.program();
      return {
        tail: { strip: end.strip, program: rest.program, chain: false },
        close: this.expectClose(rest, open, openedAt),
      };
    }
    if (end?.kind === 'chain') {
      const rest = this.program();
      const { tail, close } = this.inverseChain(rest, open, openedAt);
      // As handlebars: the chained block is first "closed" by what follows it in the chain.
      const chained = prepareBlock(end, rest.program, tail, tail, false);
      return { tail: { strip: end.strip, program: { body: [chained], chained: true }, chain: true }, close };
    }
    return { tail: undefined, close: this.expectClose(ended, open, openedAt) };
  }
}

/** Handlebars' prepareBlock (helpers.js), for the parts kept here. */
function prepareBlock(
  open: { helper: BlockHelper; name: string; strip: Strip },
  program: Program,
  tail: InverseTail | undefined,
  close: { strip: Strip } | undefined,
  inverted: boolean,
): Block {
  if (tail?.chain && close) {
    const chained = tail.program.body[0];
    if (chained?.type === 'block') chained.closeStrip = close.strip;
  }
  const inverse = tail?.program;
  return {
    type: 'block',
    helper: open.helper,
    name: open.name,
    program: inverted ? inverse : program,
    inverse: inverted ? program : inverse,
    openStrip: open.strip,
    inverseStrip: tail?.strip,
    closeStrip: close?.strip,
  };
}

// ---------------------------------------------------------------------------------------------
// Handlebars' WhitespaceControl visitor, kept in its own order and names so it can be compared.

/** What a statement tells its program about its own `~` and standalone candidacy. */
interface StatementStrip {
  open?: boolean;
  close?: boolean;
  openStandalone?: boolean;
  closeStandalone?: boolean;
  inlineStandalone?: boolean;
}

function stripProgram(program: Program, isRoot: boolean): void {
  const { body } = program;
  for (let i = 0; i < body.length; i++) {
    const current = body[i] as Statement;
    const strip = stripStatement(current);
    if (!strip) continue;
    const prevWhitespace = isPrevWhitespace(body, i, isRoot);
    const nextWhitespace = isNextWhitespace(body, i, isRoot);
    const openStandalone = strip.openStandalone && prevWhitespace;
    const closeStandalone = strip.closeStandalone && nextWhitespace;
    const inlineStandalone = strip.inlineStandalone && prevWhitespace && nextWhitespace;

    if (strip.close) omitRight(body, i, true);
    if (strip.open) omitLeft(body, i, true);
    if (inlineStandalone) {
      omitRight(body, i);
      omitLeft(body, i);
    }
    if (openStandalone && current.type === 'block') {
      omitRight((current.program ?? current.inverse)?.body ?? []);
      omitLeft(body, i);
    }
    if (closeStandalone && current.type === 'block') {
      omitRight(body, i);
      omitLeft((current.inverse ?? current.program)?.body ?? []);
    }
  }
}

function stripStatement(node: Statement): StatementStrip | undefined {
  switch (node.type) {
    case 'content':
      return undefined;
    case 'mustache':
      return node.strip;
    case 'comment':
      return { inlineStandalone: true, open: node.strip.open, close: node.strip.close };
    case 'block':
      return stripBlock(node);
  }
}

function stripBlock(block: Block): StatementStrip {
  if (block.program) stripProgram(block.program, false);
  if (block.inverse) stripProgram(block.inverse, false);

  // The program whose ends touch the opening tag, and the inverse whose ends touch the else/close.
  const program = (block.program ?? block.inverse) as Program;
  const inverse = block.program && block.inverse;
  let firstInverse = inverse;
  let lastInverse = inverse;
  if (inverse?.chained) {
    firstInverse = chainedBlock(inverse, 0).program;
    while (lastInverse?.chained) lastInverse = chainedBlock(lastInverse, lastInverse.body.length - 1).program;
  }

  const strip: StatementStrip = {
    open: block.openStrip.open,
    close: block.closeStrip?.close,
    openStandalone: isNextWhitespace(program.body),
    closeStandalone: isPrevWhitespace((firstInverse ?? program).body),
  };

  if (block.openStrip.close) omitRight(program.body, undefined, true);

  if (inverse) {
    const inverseStrip = block.inverseStrip;
    if (inverseStrip?.open) omitLeft(program.body, undefined, true);
    if (inverseStrip?.close) omitRight(firstInverse?.body ?? [], undefined, true);
    if (block.closeStrip?.open) omitLeft(lastInverse?.body ?? [], undefined, true);
    // A standalone {{else}} line.
    if (isPrevWhitespace(program.body) && isNextWhitespace(firstInverse?.body ?? [])) {
      omitLeft(program.body);
      omitRight(firstInverse?.body ?? []);
    }
  } else if (block.closeStrip?.open) {
    omitLeft(program.body, undefined, true);
  }
  return strip;
}

function chainedBlock(program: Program, index: number): Block {
  const block = program.body[index];
  if (block?.type !== 'block') throw new TemplateSyntaxError('a chained {{else}} without its block');
  return block;
}

/** Whether the text before position i ends its line (or, at the very start of the template, is blank). */
function isPrevWhitespace(body: Statement[], i = body.length, isRoot = false): boolean {
  const prev = body[i - 1];
  const sibling = body[i - 2];
  if (!prev) return isRoot;
  if (prev.type !== 'content') return false;
  return (sibling || !isRoot ? /(?:^|\S)[^\S\n]*\n\s*$/ : /^\s*$|(?:^|\S)[^\S\n]*\n\s*$/).test(prev.original);
}

/** Whether the text after position i starts with a line break (or, at the very end, is blank). */
function isNextWhitespace(body: Statement[], i = -1, isRoot = false): boolean {
  const next = body[i + 1];
  const sibling = body[i + 2];
  if (!next) return isRoot;
  if (next.type !== 'content') return false;
  return (sibling || !isRoot ? /^\s*?\r?\n/ : /^\s*?(\r?\n|$)/).test(next.original);
}

/** Trims the text after position i (the first node when i is undefined): all of its leading whitespace, or up to one line break. */
function omitRight(body: Statement[], i?: number, multiple = false): void {
  const current = body[i === undefined ? 0 : i + 1];
  if (current?.type !== 'content' || (!multiple && current.rightStripped)) return;
  const original = current.value;
  current.value = current.value.replace(multiple ? /^\s+/ : /^[ \t]*\r?\n?/, '');
  current.rightStripped = current.value !== original;
}

/** Trims the text before position i (the last node when i is undefined): all trailing whitespace, or the line's indentation. */
function omitLeft(body: Statement[], i?: number, multiple = false): boolean {
  const current = body[i === undefined ? body.length - 1 : i - 1];
  if (current?.type !== 'content' || (!multiple && current.leftStripped)) return false;
  const original = current.value;
  current.value = current.value.replace(multiple ? /(^|\S)\s+$/ : /(^|[^ \t])[ \t]+$/, '$1');
  current.leftStripped = current.value !== original;
  return current.leftStripped;
}

// ---------------------------------------------------------------------------------------------
// The tree render.ts walks

/**
 * Appends a node, in the form both parsers' trees are compared in (template-check.ts): text that
 * stripping emptied is dropped and neighbouring texts are joined, as handlebars' compiler emits
 * them (it skips empty content and buffers adjacent content into one string); comments are gone.
 */
export function appendNode(nodes: TemplateNode[], node: TemplateNode): void {
  if (node.kind !== 'text') {
    nodes.push(node);
    return;
  }
  if (node.text === '') return;
  const last = nodes.at(-1);
  if (last?.kind === 'text') nodes[nodes.length - 1] = { kind: 'text', text: last.text + node.text };
  else nodes.push(node);
}

function toNodes(program: Program | undefined): TemplateNode[] {
  const nodes: TemplateNode[] = [];
  for (const statement of program?.body ?? []) {
    if (statement.type === 'content') appendNode(nodes, { kind: 'text', text: statement.value });
    if (statement.type === 'mustache') appendNode(nodes, { kind: 'value', name: statement.name });
    if (statement.type === 'block') {
      appendNode(nodes, {
        kind: 'block',
        helper: statement.helper,
        name: statement.name,
        then: toNodes(statement.program),
        otherwise: toNodes(statement.inverse),
      });
    }
  }
  return nodes;
}

/** A template's tree, whitespace control applied; throws TemplateSyntaxError outside the subset. */
export function parseTemplate(source: string): TemplateNode[] {
  // Handlebars' lexer cannot read past a NUL character either.
  const nul = source.indexOf('\0');
  if (nul >= 0) {
    throw new TemplateSyntaxError(`the template contains a NUL character (line ${lineAt(source, nul)})`);
  }
  const parser = new Parser(source);
  const { program, end, at } = parser.program();
  if (end) {
    const tag = end.kind === 'close' ? `{{/${end.name}}}` : end.kind === 'chain' ? '{{else …}}' : '{{else}}';
    throw new TemplateSyntaxError(`${tag} without an opening {{#if}} or {{#unless}} (line ${lineAt(source, at)})`);
  }
  stripProgram(program, true);
  return toNodes(program);
}
