import fc from 'fast-check';
import Handlebars from 'handlebars';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { htmlToText } from '../../src/domain/email/plain-text.js';
import { renderEmail, renderTemplateSource, TEMPLATE_COMPILE_OPTIONS } from '../../src/domain/email/render.js';
import { placeholdersUsed } from '../../src/domain/email/template-check.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate } from '../../src/domain/email/templates.js';

/**
 * render.ts renders mail with its own parser (template-parser.ts) and a small interpreter instead
 * of handlebars (issue 12, lean bundles). Its output must be the compiler's to the character: these
 * properties compare it with the real `Handlebars.compile` under the options mail was compiled
 * with (TEMPLATE_COMPILE_OPTIONS; subjects with noEscape), for the default templates and for
 * generated templates of everything an admin may write (template-check.ts).
 */

type Values = Record<string, string | number>;

/** What the mail functions rendered before the interpreter: the compiler itself. */
function compiled(source: string, values: Values, part: 'subject' | 'html'): string {
  return Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape: part === 'subject' })(values);
}

function compiledEmail(template: EmailTemplate, values: Values) {
  const html = compiled(template.html, values, 'html');
  const subject = compiled(template.subject, values, 'subject')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return { subject, html, text: htmlToText(html) };
}

/** Either both render the same mail, or both refuse the template; true when they rendered. */
function expectSameMail(template: EmailTemplate, values: Values): boolean {
  let expected: ReturnType<typeof compiledEmail>;
  try {
    expected = compiledEmail(template, values);
  } catch {
    expect(() => renderEmail(template, values)).toThrow();
    return false;
  }
  expect(renderEmail(template, values)).toEqual(expected);
  for (const part of ['subject', 'html'] as const) {
    expect(renderTemplateSource(template[part], values, part)).toBe(compiled(template[part], values, part));
  }
  return true;
}

// Placeholder names: some always given, some given or missing, one never given.
const NAMES = ['username', 'code', 'amount', 'note', 'missing'] as const;
const name = fc.constantFrom(...NAMES);

/** Values as the mails carry them, with the characters HTML escaping cares about and falsy ones. */
const value: fc.Arbitrary<string | number> = fc.oneof(
  fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '`', '=', 'a', 'Z', ' ', '\n', '\r', 'é', '{', '}') }),
  fc.constantFrom('', '0', ' ', 'false', '&amp;', '<script>alert(1)</script>'),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.constantFrom(0, -0, 1, 1.5, 20, Number.NaN),
);
const values: fc.Arbitrary<Values> = fc.record(
  { username: value, code: value, amount: value, note: value },
  { requiredKeys: ['username'] },
);

/**
 * Text between expressions: markup, entities, spaces, tabs and line breaks of both kinds (no `}`
 * or backslash, which would turn a neighbouring tag into a parse error or an escaped tag; the
 * examples below have those).
 */
const text = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '  ', '\t', '\n', '\r\n', '<p>', '</p>', '&', '&amp;', '"', '='),
  maxLength: 8,
});
/** `~` on either side of a tag, or none. */
const tilde = fc.constantFrom('', '~');

const mustache = fc.oneof(
  fc.tuple(tilde, name, tilde).map(([l, n, r]) => `{{${l}${n}${r}}}`),
  fc.tuple(name, fc.constantFrom(' ', '  ', '\n')).map(([n, s]) => `{{${s}${n}${s}}}`),
  name.map((n) => `{{[${n}]}}`),
);
const comment = fc.oneof(
  fc.tuple(tilde, tilde).map(([l, r]) => `{{${l}! a note ${r}}}`),
  fc.tuple(tilde, tilde).map(([l, r]) => `{{${l}!-- a }} note --${r}}}`),
);

/**
 * A tag that may stand alone on its line (a block open, `{{else}}`, a close, a comment): with a
 * line break and indentation around it, handlebars removes the whole line; the generator puts
 * tags both inline and standalone.
 */
const line = (tag: string, standalone: boolean, indent: string): string =>
  standalone ? `\n${indent}${tag}${indent}\n` : tag;
const placement = fc.tuple(fc.boolean(), fc.constantFrom('', ' ', '  ', '\t'));

const { template } = fc.letrec<{ template: string; part: string; block: string }>((tie) => ({
  template: fc.array(tie('part'), { maxLength: 5 }).map((parts) => parts.join('')),
  part: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    mustache,
    fc.tuple(comment, placement).map(([c, [standalone, indent]]) => line(c, standalone, indent)),
    tie('block'),
  ),
  block: fc
    .record({
      helper: fc.constantFrom('if', 'unless'),
      inverted: fc.boolean(),
      condition: name,
      body: tie('template'),
      otherwise: fc.option(
        fc.record({
          // `{{else}}`, `{{^}}` or a chained `{{else if x}}` / `{{else unless x}}` (not after `{{^if}}`).
          tag: fc.oneof(
            fc.constantFrom('else', '^'),
            fc.tuple(fc.constantFrom('if', 'unless'), name).map(([h, n]) => `else ${h} ${n}`),
          ),
          body: tie('template'),
          strip: fc.tuple(tilde, tilde),
          at: placement,
        }),
      ),
      strip: fc.tuple(tilde, tilde, tilde, tilde),
      open: placement,
      close: placement,
    })
    .map(({ helper, inverted, condition, body, otherwise, strip: [a, b, c, d], open, close }) => {
      let source = line(`{{${a}${inverted ? '^' : '#'}${helper} ${condition}${b}}}`, ...open) + body;
      if (otherwise) {
        const [l, r] = otherwise.strip;
        const tag = inverted && otherwise.tag.startsWith('else ') ? 'else' : otherwise.tag;
        source += line(`{{${l}${tag}${r}}}`, ...otherwise.at) + otherwise.body;
      }
      return source + line(`{{${c}/${helper}${d}}}`, ...close);
    }),
}));

describe('renderEmail renders exactly what the handlebars compiler rendered', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(Object.entries(DEFAULT_EMAIL_TEMPLATES))('the default %s template, for any values', (_type, defaults) => {
    const used = [...new Set([...placeholdersUsed(defaults.subject), ...placeholdersUsed(defaults.html)])];
    expect(used.length).toBeGreaterThan(0);
    const mailValues = fc.dictionary(fc.constantFrom(...used), value);
    fc.assert(
      fc.property(mailValues, (given) => {
        expect(renderEmail(defaults, given)).toEqual(compiledEmail(defaults, given));
      }),
      { numRuns: 40, seed: 12 },
    );
  });

  it('generated templates of the allowed subset, html and subject, for any values', () => {
    const RUNS = 600;
    let rendered = 0;
    fc.assert(
      fc.property(template, values, (source, given) => {
        if (expectSameMail({ subject: source, html: source }, given)) rendered += 1;
      }),
      { numRuns: RUNS, seed: 17 },
    );
    // The generator writes valid templates: the comparison is of output, not of two refusals.
    expect(rendered).toBe(RUNS);
  });

  it('whitespace control and standalone lines, as handlebars strips them', () => {
    const given = { username: 'Ann', code: 0, note: '' };
    for (const source of [
      '<p>\n  {{#if username}}\n  Hi {{username}}\n  {{else}}\n  Hi\n  {{/if}}\n</p>',
      '{{#if code}}\r\nzero is false\r\n{{^}}\r\n  code {{code}}\r\n{{/if}}\r\n',
      'a  {{~username~}}  b {{~#unless note~}} c {{~else~}} d {{~/unless~}} e',
      '  {{!-- standalone comment --}}  \n{{username}}\n{{! another }}\n',
      '{{#if note}}x{{else if username}}{{username}}{{else unless code}}none{{/if}}',
      '\\{{username}} and \\\\{{username}}',
    ]) {
      expect(renderTemplateSource(source, given, 'html')).toBe(compiled(source, given, 'html'));
    }
  });

  it('adds two numbers side by side, as the compiled code did (its pieces are joined with +)', () => {
    const given = { amount: 1, code: 2, note: 'x' };
    for (const [source, subject] of [
      ['{{amount}}{{code}}', '3'],
      ['{{amount}}{{!-- --}}{{code}} {{amount}}{{code}}', '3 12'],
      ['{{#if note}}{{amount}}{{code}}{{/if}}{{amount}}', '4'],
      ['{{amount}}{{note}}{{code}}', '1x2'],
    ] as const) {
      expect(compiled(source, given, 'subject')).toBe(subject);
      expect(renderTemplateSource(source, given, 'subject')).toBe(subject);
      // Escaped values are text: the HTML part concatenates.
      expect(renderTemplateSource(source, given, 'html')).toBe(compiled(source, given, 'html'));
    }
    expect(renderTemplateSource('{{amount}}{{code}}', given, 'html')).toBe('12');
  });

  it("looks values up as handlebars does: own properties only, never the object's prototype", () => {
    // Handlebars logs its refusal of prototype access; its text is not what is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const source = '[{{constructor}}][{{toString}}][{{__proto__}}][{{hasOwnProperty}}]{{#if valueOf}}yes{{/if}}';
    expect(renderTemplateSource(source, { username: 'a' }, 'html')).toBe('[][][][]');
    expect(compiled(source, { username: 'a' }, 'html')).toBe('[][][][]');
  });

  it('escapes in the HTML and not in the subject', () => {
    const given = { username: `<b>"Tom" & 'Jerry'</b>=\`` };
    for (const source of ['{{username}}', 'a {{username}} b']) {
      for (const part of ['html', 'subject'] as const) {
        expect(renderTemplateSource(source, given, part)).toBe(compiled(source, given, part));
      }
    }
    expect(renderTemplateSource('{{username}}', given, 'html')).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &#x27;Jerry&#x27;&lt;/b&gt;&#x3D;&#x60;',
    );
  });
});

describe('renderEmail refuses what templates may not use', () => {
  // template-check.ts refuses all of these when an admin saves; the compiler refused the helpers
  // (knownHelpersOnly) at send time, and the parser refuses the rest as well rather than giving
  // them a meaning of its own.
  it.each([
    ['{{#each username}}x{{/each}}'],
    ['{{#with username}}x{{/with}}'],
    ['{{#username}}x{{/username}}'],
    ['{{lookup username "a"}}'],
    ['{{username code}}'],
    ['{{username a=1}}'],
    ['{{#if username includeZero=true}}x{{/if}}'],
    ['{{#if}}x{{/if}}'],
    ['{{#if username code}}x{{/if}}'],
    ['{{#if "text"}}x{{/if}}'],
    ['{{#if (lookup username)}}x{{/if}}'],
    ['{{#if username as |name|}}{{name}}{{/if}}'],
    ['{{if}}'],
    ['{{a.b}}'],
    ['{{this.username}}'],
    ['{{../username}}'],
    ['{{this}}'],
    ['{{@root}}'],
    ['{{"text"}}'],
    ['{{1}}'],
    ['{{> partial}}'],
    ['{{#> layout}}x{{/layout}}'],
    ['{{* decorator}}'],
    ['{{{{raw}}}}x{{{{/raw}}}}'],
    ['{{#if username}}never closed'],
    // Values without HTML escaping: template-check.ts never let an admin save them.
    ['{{{username}}}'],
    ['{{&username}}'],
  ])('%s', (source) => {
    expect(() => renderTemplateSource(source, { username: 'a', code: 1 }, 'html')).toThrow();
  });
});
