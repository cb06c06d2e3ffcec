import fc from 'fast-check';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { renderTemplateSource, TEMPLATE_COMPILE_OPTIONS } from '../../src/domain/email/render.js';
import { parseTemplate, TemplateSyntaxError } from '../../src/domain/email/template-parser.js';

/**
 * template-parser.ts reads the template subset instead of handlebars' parser (issue 12, lean
 * bundles). Mail must render byte for byte as `Handlebars.compile` renders it, whitespace control
 * and standalone lines included, and anything the parser does not reproduce must throw: these
 * properties compare both on generated templates of the subset and on random tag soup.
 */

type Values = Record<string, string | number>;

function compiled(source: string, values: Values, part: 'subject' | 'html'): string {
  return Handlebars.compile(source, { ...TEMPLATE_COMPILE_OPTIONS, noEscape: part === 'subject' })(values);
}

/** The runs of the properties: FC_RUNS=5000 for a long local run (unseeded unless FC_SEED is set). */
const RUNS = Number(process.env.FC_RUNS ?? 0) || undefined;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const runs = (ci: number) => (RUNS ? { numRuns: RUNS, seed: SEED } : { numRuns: ci, seed: 18 });

const NAMES = ['username', 'amount', 'note', 'missing'] as const;
const name = fc.constantFrom(...NAMES);
const value: fc.Arbitrary<string | number> = fc.oneof(
  fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '`', '=', 'a', ' ', '\n', 'é', '{', '}', '\\') }),
  fc.constantFrom('', '0', 'false', '&amp;'),
  fc.integer({ min: -5, max: 1000 }),
  fc.constantFrom(0, -0, 1.5, Number.NaN),
);
const values: fc.Arbitrary<Values> = fc.record({ username: value, amount: value, note: value }, { requiredKeys: [] });

/** Plain text: markup, spaces, tabs and both line breaks (no `{`, `}` or backslash: escapes are generated apart). */
const text = fc.string({
  unit: fc.constantFrom('a', ' ', '  ', '\t', '\n', '\r\n', '\r', '<p>', '&', '"', '\u00a0'),
  maxLength: 6,
});
const tilde = fc.constantFrom('', '~');
/** Whitespace inside a tag, where handlebars allows it. */
const gap = fc.constantFrom('', ' ', '\n', '\t ');
/** A name as written: bare or in brackets. */
const written = name.chain((n) => fc.constantFrom(n, `[${n}]`));

const mustache = fc.tuple(tilde, gap, written, gap, tilde).map(([l, s1, n, s2, r]) => `{{${l}${s1}${n}${s2}${r}}}`);
const comment = fc.oneof(
  fc.tuple(tilde, tilde).map(([l, r]) => `{{${l}! note ${r}}}`),
  fc.tuple(tilde, tilde).map(([l, r]) => `{{${l}!-- {{username}} }} --${r}}}`),
  fc.constant('{{!--}}'),
  fc.constant('{{!}}'),
);
/** A backslash before `{{` writes the tag as text; two leave one backslash and the tag. */
const escaped = fc
  .tuple(fc.constantFrom('\\', '\\\\'), fc.constantFrom('{{username}}', '{{#if note}}', '{{/if}}', '{{~else~}}'))
  .map(([slashes, tag]) => (slashes === '\\\\' && tag !== '{{username}}' ? `\\\\{{username}}` : `${slashes}${tag}`));

/** A tag inline, or alone on its line with indentation around it (handlebars' standalone rule). */
const placed = (tag: string, [standalone, indent, newline]: [boolean, string, string]): string =>
  standalone ? `${newline}${indent}${tag}${indent}${newline}` : tag;
const placement = fc.tuple(fc.boolean(), fc.constantFrom('', ' ', '\t', '  '), fc.constantFrom('\n', '\r\n'));

const { template } = fc.letrec<{ template: string; part: string; block: string }>((tie) => ({
  template: fc.array(tie('part'), { maxLength: 5 }).map((parts) => parts.join('')),
  part: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    mustache,
    escaped,
    fc.tuple(comment, placement).map(([c, p]) => placed(c, p)),
    tie('block'),
  ),
  block: fc
    .record({
      helper: fc.constantFrom('if', 'unless'),
      inverted: fc.boolean(),
      condition: written,
      body: tie('template'),
      chain: fc.array(
        fc.record({
          helper: fc.constantFrom('if', 'unless'),
          condition: written,
          body: tie('template'),
          strip: fc.tuple(tilde, tilde),
          at: placement,
        }),
        { maxLength: 2 },
      ),
      otherwise: fc.option(
        fc.record({
          tag: fc.constantFrom('else', ' else ', '^', '^ '),
          body: tie('template'),
          strip: fc.tuple(tilde, tilde),
          at: placement,
        }),
      ),
      strip: fc.tuple(tilde, tilde, tilde, tilde),
      gaps: fc.tuple(gap, gap),
      open: placement,
      close: placement,
    })
    .map(({ helper, inverted, condition, body, chain, otherwise, strip: [a, b, c, d], gaps, open, close }) => {
      let source = placed(`{{${a}${inverted ? '^' : '#'}${helper} ${condition}${gaps[0]}${b}}}`, open) + body;
      // No `{{else if}}` after an inverted opening (handlebars refuses it).
      for (const link of inverted ? [] : chain) {
        const [l, r] = link.strip;
        source += placed(`{{${l}else ${link.helper} ${link.condition}${r}}}`, link.at) + link.body;
      }
      if (otherwise) {
        const [l, r] = otherwise.strip;
        source += placed(`{{${l}${otherwise.tag}${r}}}`, otherwise.at) + otherwise.body;
      }
      return source + placed(`{{${c}/${gaps[1]}${helper}${d}}}`, close);
    }),
}));

describe('template-parser renders the subset exactly as Handlebars.compile', () => {
  it('for generated templates (~, standalone lines, comments, escapes, chains) and any values', () => {
    let compared = 0;
    fc.assert(
      fc.property(template, values, fc.constantFrom('html' as const, 'subject' as const), (source, given, part) => {
        const expected = compiled(source, given, part);
        expect(renderTemplateSource(source, given, part)).toBe(expected);
        compared += 1;
      }),
      runs(1500),
    );
    expect(compared).toBeGreaterThan(0);
    if (RUNS) console.info(`generated templates: ${compared} compared`);
  });

  it('never renders what handlebars would render otherwise: tag soup either matches or throws', () => {
    // Fragments of every kind of tag, glued at random: mostly invalid, sometimes valid, often
    // outside the subset. Whatever the parser accepts must render as handlebars renders it.
    const fragment = fc.constantFrom(
      '{{',
      '}}',
      '}}}',
      '{{{',
      '~',
      ' ',
      '\n',
      '\r\n',
      '\t',
      'a',
      '#',
      '^',
      '/',
      '!',
      '--',
      '&',
      '>',
      '*',
      'if',
      'unless',
      'else',
      'each',
      'username',
      'note',
      '[',
      ']',
      '.',
      '\\',
      '"',
      '=',
      '|',
      'as',
      'this',
      'true',
      '1',
      '(',
      ')',
      '@',
      '\u0000',
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 24 }), values, (parts, given) => {
        const source = parts.join('');
        let ours: string;
        try {
          ours = renderTemplateSource(source, given, 'html');
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateSyntaxError);
          return;
        }
        accepted += 1;
        expect(ours).toBe(compiled(source, given, 'html'));
      }),
      runs(3000),
    );
    expect(accepted).toBeGreaterThan(0);
    if (RUNS) console.info(`tag soup: ${accepted} accepted and compared, the rest refused by both or by the parser`);
  });
});

describe('each construct, as handlebars renders it', () => {
  const given: Values = { username: '<Ann & "Bo">', amount: 0, note: '' };
  it.each([
    ['escaped value', 'Hi {{username}}!', 'Hi &lt;Ann &amp; &quot;Bo&quot;&gt;!'],
    ['missing value', '[{{missing}}]', '[]'],
    ['spaces and brackets', '{{ username }}|{{[amount]}}', '&lt;Ann &amp; &quot;Bo&quot;&gt;|0'],
    ['if / else', '{{#if note}}yes{{else}}no{{/if}}', 'no'],
    ['{{^}} as else', '{{#if username}}yes{{^}}no{{/if}}', 'yes'],
    ['unless on 0', '{{#unless amount}}zero{{/unless}}', 'zero'],
    ['inverted block', '{{^if note}}empty{{/if}}', 'empty'],
    ['else-if chain', '{{#if note}}a{{else if amount}}b{{else unless missing}}c{{else}}d{{/if}}', 'c'],
    ['short comment', 'a{{! gone }}b', 'ab'],
    ['long comment with }} inside', 'a{{!-- {{#if x}} }} --}}b', 'ab'],
    ['escaped tag', '\\{{username}} {{amount}}', '{{username}} 0'],
    ['escaped backslash', '\\\\{{amount}}', '\\0'],
    ['~ on both sides', 'a \n {{~amount~}} \n b', 'a0b'],
    ['~ on blocks', '<p> {{~#if username~}} x {{~else~}} y {{~/if~}} </p>', '<p>x</p>'],
    ['standalone block lines', '<ul>\n  {{#if username}}\n  <li>x</li>\n  {{/if}}\n</ul>', '<ul>\n  <li>x</li>\n</ul>'],
    ['standalone else line', '{{#if note}}\nA\n  {{else}}  \nB\n{{/if}}\n', 'B\n'],
    ['standalone comment line', 'a\n  {{! note }}\nb', 'a\nb'],
    ['not standalone: text on the line', 'a {{#if username}}\nx\n{{/if}} b', 'a \nx\n b'],
    ['CRLF standalone lines', 'a\r\n{{#if username}}\r\nx\r\n{{/if}}\r\nb', 'a\r\nx\r\nb'],
  ])('%s', (_name, source, expected) => {
    expect(compiled(source, given, 'html')).toBe(expected);
    expect(renderTemplateSource(source, given, 'html')).toBe(expected);
  });
});

describe('refuses, naming the problem, whatever it does not reproduce', () => {
  it.each([
    ['{{{username}}}', 'without HTML escaping'],
    ['{{&username}}', 'without HTML escaping'],
    ['{{> footer}}', 'a partial'],
    ['{{#> layout}}x{{/layout}}', 'a partial'],
    ['{{* inline}}', 'a decorator'],
    ['{{#*inline "x"}}y{{/inline}}', 'a decorator'],
    ['{{{{raw}}}}x{{{{/raw}}}}', 'a raw block'],
    ['{{#each username}}x{{/each}}', '{{#each}} is not supported'],
    ['{{#with username}}x{{/with}}', '{{#with}} is not supported'],
    ['{{username note}}', '{{username}} must end with }} right after its name'],
    ['{{username a=1}}', 'no arguments, paths or helpers'],
    ['{{#if username note}}x{{/if}}', '{{#if username}} must end with }}'],
    ['{{#if username as |n|}}x{{/if}}', '{{#if username}} must end with }}'],
    ['{{#if (username)}}x{{/if}}', 'must be a placeholder name'],
    ['{{#if}}x{{/if}}', 'must be a placeholder name'],
    ['{{a.b}}', 'must be a placeholder name'],
    ['{{../username}}', 'must be a placeholder name'],
    ['{{this}}', 'must be a placeholder name'],
    ['{{true}}', 'must be a placeholder name'],
    ['{{@root}}', 'must be a placeholder name'],
    ['{{"text"}}', 'must be a placeholder name'],
    ['{{1}}', 'must be a placeholder name'],
    ['{{if}}', '{{if}} needs a block'],
    ['{{username}}}', '{{username}} is closed with }}}'],
    ['{{username', '{{username}} must end with }}'],
    ['a\n{{#if username}}never closed', '{{#if}} is never closed: add {{/if}} (line 2)'],
    ['{{#if username}}x{{/unless}}', '{{#if}} is closed by {{/unless}}'],
    ['{{#if username}}x{{else}}y{{else}}z{{/if}}', '{{else}} may appear only once'],
    ['{{^if username}}x{{else if note}}y{{/if}}', '{{else}} may appear only once'],
    ['x{{/if}}', '{{/if}} without an opening {{#if}} or {{#unless}} (line 1)'],
    ['{{else}}', '{{else}} without an opening'],
    ['{{!-- never closed }}', 'never closed with --}}'],
    ['{{! never closed', 'never closed with }}'],
    ['a\0b', 'NUL character'],
  ])('%s', (source, words) => {
    expect(() => parseTemplate(source)).toThrow(TemplateSyntaxError);
    expect(() => parseTemplate(source)).toThrow(words);
  });
});
