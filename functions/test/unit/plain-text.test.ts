import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from '../../src/domain/email/plain-text.js';
import { renderEmail } from '../../src/domain/email/render.js';
import { DEFAULT_EMAIL_TEMPLATES, subscriptionMailValues } from '../../src/domain/email/templates.js';

/** The plain-text part every mail carries, derived from the rendered HTML. */
describe('htmlToText', () => {
  it('drops style and script blocks, turns block ends into line breaks and decodes entities', () => {
    expect(htmlToText('<style>p{}</style><p>A &amp; B</p><p>&lt;C&gt;</p><script>x()</script>')).toBe('A & B\n<C>');
  });

  it('keeps the address of a link after its label', () => {
    expect(htmlToText('<p>Go to <a href="https://goldbot.example/dashboard" style="x">your dashboard</a>.</p>')).toBe(
      'Go to your dashboard (https://goldbot.example/dashboard).',
    );
  });

  it('shows a link once when its label is the address, and drops mailto:', () => {
    expect(htmlToText('<a href="https://a.example/x">https://a.example/x</a>')).toBe('https://a.example/x');
    expect(htmlToText('<a href="mailto:help@goldbot.example">help@goldbot.example</a>')).toBe('help@goldbot.example');
    expect(htmlToText("<a href='mailto:help@goldbot.example'>Write to us</a>")).toBe(
      'Write to us (help@goldbot.example)',
    );
  });

  it('keeps the label only for links that lead nowhere useful', () => {
    expect(htmlToText('<a href="#top">Top</a> <a>Plain</a> <a href="javascript:alert(1)">Bad</a>')).toBe(
      'Top Plain Bad',
    );
  });

  it('turns block ends into lines, list items into dashes, cells into spaces', () => {
    expect(
      htmlToText(
        '<h1>Title</h1><p>One<br>Two</p><ul><li>A</li><li>B</li></ul><table><tr><td>Start</td><td>Dec 1</td></tr></table>',
      ),
    ).toBe('Title\nOne\nTwo\n\n- A\n- B\nStart Dec 1');
  });

  it('drops the head, styles, scripts and comments', () => {
    expect(
      htmlToText(
        '<html><head><title>T</title><style>p{color:red}</style></head><body><!-- hidden --><p>Shown</p><script>x()</script></body></html>',
      ),
    ).toBe('Shown');
  });

  it('decodes entities exactly once', () => {
    expect(htmlToText('<p>Tom &amp;amp; Jerry &lt;b&gt; &#39;x&#x27; &nbsp;&copy;&#8364;</p>')).toBe(
      "Tom &amp; Jerry <b> 'x' ©€",
    );
    expect(htmlToText('<a href="https://x.example/?a=1&amp;b=2">Tom &amp; Jerry</a>')).toBe(
      'Tom & Jerry (https://x.example/?a=1&b=2)',
    );
    expect(decodeEntities('&unknown; &#0; &#x110000;')).toBe('&unknown; &#0; &#x110000;');
  });

  it('gives every default mail a readable text with its dashboard address', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.proPackagePaymentVerified,
      subscriptionMailValues({
        username: 'jane_doe',
        packageName: 'Pro Package',
        startDate: '2026-12-01',
        endDate: '2027-05-31',
        dashboardLink: 'https://goldbot.example/dashboard',
      }),
    );
    expect(mail.text).toContain('Hi jane_doe,');
    expect(mail.text).toContain('Start date Dec 1, 2026');
    expect(mail.text).toContain('Go to your dashboard (https://goldbot.example/dashboard)');
    expect(mail.text).not.toMatch(/<|&[a-z]+;/);
  });
});
