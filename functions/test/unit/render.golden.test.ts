import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/domain/email/render.js';
import { checkTemplate } from '../../src/domain/email/template-check.js';
import type { RenderedEmail } from '../../src/domain/email/templates.js';
import { GOLDEN_CASES } from '../fixtures/mail-golden/golden-cases.js';

/**
 * What customers receive, pinned: every case of golden-cases.ts rendered exactly as the mail
 * functions render it (subject, HTML body and plain-text part) and compared, character for
 * character, with renders.json. The file is JSON so that CRLF, tabs and trailing spaces are kept
 * exactly as rendered. After a deliberate change to a default template, rewrite it with
 * `UPDATE_MAIL_GOLDEN=1 npx vitest run functions/test/unit/render.golden.test.ts` and
 * review the diff: it is the change every customer will see.
 */
const RENDERS = new URL('../fixtures/mail-golden/renders.json', import.meta.url);

const rendered = Object.fromEntries(GOLDEN_CASES.map((c) => [c.name, renderEmail(c.template, c.values)]));
if (process.env.UPDATE_MAIL_GOLDEN === '1') writeFileSync(RENDERS, `${JSON.stringify(rendered, null, 2)}\n`);
const golden = JSON.parse(readFileSync(RENDERS, 'utf8')) as Record<string, RenderedEmail>;

describe('mail renders exactly as recorded', () => {
  it('has one recorded render per case, and no render of a case that is gone', () => {
    expect(Object.keys(golden).sort()).toEqual(GOLDEN_CASES.map((c) => c.name).sort());
  });

  it.each(GOLDEN_CASES.map((c) => [c.name, c] as const))('%s', (name, golden_case) => {
    const expected = golden[name];
    expect(expected).toBeDefined();
    const mail = rendered[name];
    // Part by part, so a difference names the part.
    expect(mail?.subject).toBe(expected?.subject);
    expect(mail?.html).toBe(expected?.html);
    expect(mail?.text).toBe(expected?.text);
    // A fixture template is one the editor lets an admin save.
    if (golden_case.editorType) expect(checkTemplate(golden_case.editorType, golden_case.template)).toEqual([]);
  });
});
