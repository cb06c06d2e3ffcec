import type Handlebars from 'handlebars';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEmail, renderTemplateSource } from '../../src/domain/email/render.js';

/** Counts the template compilations of render.ts' own handlebars environment. */
const compilations = vi.hoisted(() => ({ count: 0 }));
vi.mock('handlebars', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof Handlebars }>()).default;
  const create = () => {
    const env = actual.create();
    const compile = env.compile.bind(env);
    env.compile = ((...args: Parameters<typeof compile>) => {
      compilations.count += 1;
      return compile(...args);
    }) as typeof compile;
    return env;
  };
  return { default: { ...actual, create } };
});

/**
 * render.ts compiles with handlebars (render.golden.test.ts pins what every mail says);
 * these are the rules around it: compiled once per template text, strict about missing values,
 * and no way at send time to insert a value unescaped or call anything but `if`/`unless`.
 */
describe('renderEmail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('compiles a template text once, not once per mail, and a changed text anew', () => {
    const template = { subject: 'Hi {{username}} (once)', html: '<p>{{username}} (once)</p>' };
    const before = compilations.count;
    for (const username of ['a', 'b', 'c'])
      expect(renderEmail(template, { username }).html).toBe(`<p>${username} (once)</p>`);
    expect(compilations.count - before).toBe(2);
    renderEmail({ ...template, html: '<p>{{username}} (edited)</p>' }, { username: 'a' });
    expect(compilations.count - before).toBe(3);
  });

  it('escapes values in the body and not in the subject, whose line breaks it folds', () => {
    const mail = renderEmail({ subject: ' {{username}}\r\nBcc: x ', html: '{{username}}' }, { username: '<b>"A"</b>' });
    expect(mail.html).toBe('&lt;b&gt;&quot;A&quot;&lt;/b&gt;');
    expect(mail.subject).toBe('<b>"A"</b> Bcc: x');
  });

  it('throws on a placeholder the mail carries no value for (strict), rather than sending a blank', () => {
    expect(() => renderTemplateSource('Hi {{username}}', {}, 'html')).toThrow(/"username" not defined/);
    expect(() => renderTemplateSource('Hi {{username}}', {}, 'subject')).toThrow(/"username" not defined/);
  });

  it.each([
    ['{{{username}}}', 'without HTML escaping'],
    ['{{& username}}', 'without HTML escaping'],
    ['{{#if code}}{{~{username}~}}{{/if}}', 'without HTML escaping'],
    ['{{#if code}}{{else}}{{&username}}{{/if}}', 'without HTML escaping'],
    ['{{#each username}}x{{/each}}', 'knownHelpersOnly'],
    ['{{lookup username "a"}}', 'knownHelpersOnly'],
    ['{{username code}}', 'knownHelpersOnly'],
    ['{{> partial}}', 'could not be found'],
    ['{{#if username}}never closed', 'Parse error'],
  ])('refuses %s in a body at send time', (source, words) => {
    expect(() => renderTemplateSource(source, { username: 'a', code: 1 }, 'html')).toThrow(words);
  });

  it('helpers registered on the global handlebars object never reach mail', async () => {
    const { default: global } = await vi.importActual<{ default: typeof Handlebars }>('handlebars');
    global.registerHelper('shout', () => 'LOUD');
    try {
      expect(() => renderTemplateSource('{{shout username}}', { username: 'a' }, 'html')).toThrow('knownHelpersOnly');
    } finally {
      global.unregisterHelper('shout');
    }
  });
});
