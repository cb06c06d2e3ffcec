import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderTemplate } from './render-template';

const values = {
  username: `O'Brien <script>alert("x")</script> & co`,
  packageName: 'Pro Package',
  endDate: 'Sep 30, 2026',
  adminNote: 'a=b `tick`',
  empty: '',
};

/** What the server sends: `Handlebars.compile` output, which functions/src/domain/email/render.ts reproduces to the character. */
const server = (source: string, data: Record<string, string> = values) =>
  Handlebars.compile(source, { strict: false, noEscape: false })(data);
const serverSubject = (source: string, data: Record<string, string> = values) =>
  Handlebars.compile(source, { noEscape: true })(data);

/** Templates in the shapes the defaults and an admin's edits use. */
const SAME_AS_SERVER = [
  '<p>Hi {{username}},</p><p>Your <strong>{{packageName}}</strong> ends on {{endDate}}.</p>',
  '<p>{{ username }}</p><a href="{{dashboardLink}}">Go</a>',
  '{{#if adminNote}}<p>Note: {{adminNote}}</p>{{/if}}<p>after</p>',
  '{{#if empty}}shown{{else}}hidden: {{username}}{{/if}}',
  '{{#unless empty}}no note{{/unless}}{{#unless adminNote}}never{{else}}has note{{/unless}}',
  '{{#if packageName}}{{#if missing}}a{{else}}b {{#unless empty}}c{{/unless}}{{/if}}{{/if}}',
  '{{! a comment }}<p>{{!-- a comment with }} inside --}}kept</p>',
  '<p>  {{~username~}}  </p>\n{{#if adminNote~}}\n  <b>{{adminNote}}</b>\n{{~/if}}',
  'literal \\{{username}} then {{username}}',
  'a missing value: [{{nothing}}]',
  '<table><tr><td style="color:#8a93a6">{{packageName}}</td></tr></table>',
];

describe('renderTemplate', () => {
  it.each(SAME_AS_SERVER)('renders %j as the server does', (source) => {
    const preview = renderTemplate(source, values);
    expect(preview.problems).toEqual([]);
    expect(preview.output).toBe(server(source));
  });

  it('escapes every value as handlebars does', () => {
    expect(renderTemplate('{{username}}', values).output).toBe(
      'O&#x27;Brien &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co',
    );
    expect(escapeHtml('a=b `c`')).toBe('a&#x3D;b &#x60;c&#x60;');
  });

  it('renders {{{raw}}} as handlebars does, saying the server refuses it', () => {
    const source = 'raw: {{{username}}} and {{& username}}';
    const preview = renderTemplate(source, values);
    expect(preview.output).toBe(server(source));
    expect(preview.problems).toEqual([
      '{{{username}}} and {{&username}} insert the value without HTML escaping, which is not allowed; write {{username}}',
      '{{{username}}} and {{&username}} insert the value without HTML escaping, which is not allowed; write {{username}}',
    ]);
  });

  it('renders subjects unescaped, as the server does', () => {
    const subject = 'GoldBot: {{username}} bought {{packageName}}';
    expect(renderTemplate(subject, values, { escape: false }).output).toBe(serverSubject(subject));
  });

  it('says what it cannot show, and leaves it out', () => {
    const preview = renderTemplate('a{{#each items}}x{{/each}}b{{this.username}}c{{lookup . "x"}}', values);
    expect(preview.output).toBe('abc');
    expect(preview.problems).toEqual([
      'The preview cannot show {{#each items}}',
      'The preview cannot show {{this.username}}',
      'The preview cannot show {{lookup . "x"}}',
    ]);
  });

  it('reports blocks that do not pair up', () => {
    expect(renderTemplate('{{#if username}}open', values).problems).toEqual(['{{#if}} is never closed']);
    expect(renderTemplate('{{/if}}', values).problems).toEqual(['{{/if}} closes no block']);
    expect(renderTemplate('{{#if username}}x{{/unless}}', values).problems).toEqual([
      '{{#if}} is closed by {{/unless}}',
    ]);
    expect(renderTemplate('{{else}}', values).problems).toEqual(['{{else}} is outside a block']);
  });

  it('lists the names the template reads', () => {
    expect(
      renderTemplate('{{username}}{{#if adminNote}}{{{packageName}}}{{else}}{{username}}{{/if}}', values).names,
    ).toEqual(['username', 'adminNote', 'packageName']);
  });

  it('does not read values from the prototype', () => {
    expect(renderTemplate('[{{constructor}}][{{toString}}]', {}).output).toBe('[][]');
  });
});
