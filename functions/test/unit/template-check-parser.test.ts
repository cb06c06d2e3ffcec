import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkTemplate, checkTemplateSource } from '../../src/domain/email/template-check.js';
import * as parser from '../../src/domain/email/template-parser.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';

/**
 * The save check (template-check.ts) reads a template with handlebars' parser and also with the
 * mail's own (template-parser.ts), and refuses it when the mail's parser cannot read it or reads
 * it into another tree, so a saved template can never fail to send or send otherwise than the
 * preview. The two parsers agree on everything handlebars accepts in the subset (the property
 * tests of template-parser.test.ts), so these cases stand the mail parser in with a fake one.
 */

vi.mock('../../src/domain/email/template-parser.js', async (original) => {
  const actual = await original<typeof parser>();
  return { ...actual, parseTemplate: vi.fn(actual.parseTemplate) };
});
const parseTemplate = vi.mocked(parser.parseTemplate);

const html = (source: string) => checkTemplateSource('paymentVerified', 'html', source)?.message;

describe('a template the mail parser would not send as handlebars renders it', () => {
  afterEach(() => parseTemplate.mockRestore());

  it('accepts what both read alike: a default template, ~ and standalone lines', () => {
    expect(checkTemplate('paymentVerified', DEFAULT_EMAIL_TEMPLATES.paymentVerified)).toEqual([]);
    expect(html('<ul>\n  {{#if username}}\n  <li>{{~ username ~}}</li>\n  {{else}}\n  none\n  {{/if}}\n</ul>')).toBe(
      undefined,
    );
    expect(parseTemplate).toHaveBeenCalled();
  });

  it('refuses one the mail parser cannot read, with its reason', () => {
    parseTemplate.mockImplementationOnce(() => {
      throw new parser.TemplateSyntaxError('a {{! comment is never closed with }} (line 4)');
    });
    expect(html('<p>{{username}}</p>')).toBe(
      SETTINGS_MESSAGES.templateInvalid(
        'paymentVerified',
        'the mail sender cannot read it: a {{! comment is never closed with }} (line 4)',
      ),
    );
  });

  it('refuses one the mail parser reads into other text, saying where and what to change', () => {
    // As if the mail parser kept the line break that handlebars' standalone rule removes.
    parseTemplate.mockImplementationOnce(() => [
      { kind: 'text', text: '<p>\n' },
      { kind: 'value', name: 'username' },
    ]);
    expect(html('<p>\n{{username}}')).toBe(undefined);
    parseTemplate.mockImplementationOnce(() => [
      { kind: 'text', text: '<p>' },
      {
        kind: 'block',
        helper: 'if',
        name: 'username',
        then: [{ kind: 'text', text: '\n  Hi\n' }],
        otherwise: [],
      },
    ]);
    expect(html('<p>\n{{#if username}}\n  Hi\n{{/if}}')).toBe(
      SETTINGS_MESSAGES.templateInvalid(
        'paymentVerified',
        'mail would not keep its spaces and line breaks as the preview shows near "<p>": ' +
          'remove the ~ from the {{ }} tags there, or write those tags on a line with other text',
      ),
    );
  });

  it('refuses one where the mail parser reads another placeholder or block', () => {
    parseTemplate.mockImplementationOnce(() => [{ kind: 'value', name: 'packageName' }]);
    expect(html('{{username}}')).toContain('near "{{username}}"');
    parseTemplate.mockImplementationOnce(() => [
      { kind: 'block', helper: 'unless', name: 'username', then: [], otherwise: [] },
    ]);
    expect(html('{{#if username}}{{/if}}')).toContain('near "{{username}}"');
  });

  it('is never reached for what handlebars already refuses (its reason comes first)', () => {
    parseTemplate.mockClear();
    expect(html('{{{username}}}')).toContain('without HTML escaping');
    expect(html('{{#if username}}')).toContain('never closed');
    expect(parseTemplate).not.toHaveBeenCalled();
  });
});
