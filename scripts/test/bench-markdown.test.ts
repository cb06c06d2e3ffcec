import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  BENCH_AREA_END,
  BENCH_AREA_START,
  list,
  paragraphs,
  renderTable,
  replaceAreaIntro,
  sectionEnd,
  sectionStart,
  upsertSection,
  wrap,
} from '../bench/markdown.js';

const prettierMarkdown = (text: string) =>
  format(text, { parser: 'markdown', singleQuote: true, printWidth: 120, trailingComma: 'all' });

describe('bench tables', () => {
  it('pads every column to its widest cell, with right-aligned figures', () => {
    const table = renderTable(
      ['Route', 'RCU'],
      [
        ['`admin-user-stats`', '2'],
        ['`contact-list`', '5.5'],
      ],
      ['left', 'right'],
    );
    expect(table).toBe(
      [
        '| Route              | RCU |',
        '| ------------------ | --: |',
        '| `admin-user-stats` |   2 |',
        '| `contact-list`     | 5.5 |',
      ].join('\n'),
    );
  });

  it('is laid out exactly as prettier lays it out, so format:check stays green after a run', async () => {
    const table = renderTable(
      ['Endpoint', 'Request', 'RCU at 1,001', 'Ratio', 'Result'],
      [
        ['`admin-payment-stats`', 'dashboard, this year', '2.5', '1.20×', 'pass'],
        ['`admin-users`', 'search, part of one e-mail', '23.5', '98.60×', 'reported'],
        ['`x`', 'a | b', '—', '∞', '**FAIL**'],
      ],
      ['left', 'left', 'right', 'right', 'left'],
    );
    const doc = `# Title\n\n${table}\n`;
    expect(await prettierMarkdown(doc)).toBe(doc);
  });

  it('escapes pipes and line breaks inside cells', () => {
    expect(renderTable(['a'], [['x | y\nz']])).toContain('| x \\| y z |');
  });
});

describe('bench sections in docs/performance.md', () => {
  const options = { order: ['capacity', 'throughput'], areaIntro: '## API benchmarks' };
  const handWritten = '# Performance\n\n## DynamoDB round trips per customer request\n\nBy hand.\n';

  it('opens a bench area at the end of a document that has none, keeping what is there', () => {
    const doc = upsertSection(handWritten, 'capacity', '### Capacity\n\nfirst run', options);
    expect(doc.startsWith(handWritten.trimEnd())).toBe(true);
    expect(doc.indexOf(BENCH_AREA_START)).toBeLessThan(doc.indexOf('## API benchmarks'));
    expect(doc.indexOf(sectionStart('capacity'))).toBeLessThan(doc.indexOf('first run'));
    expect(doc.indexOf('first run')).toBeLessThan(doc.indexOf(sectionEnd('capacity')));
    expect(doc.indexOf(sectionEnd('capacity'))).toBeLessThan(doc.indexOf(BENCH_AREA_END));
  });

  it('replaces only the section that ran, and is stable when the same content is written again', () => {
    let doc = upsertSection(handWritten, 'capacity', 'capacity 1', options);
    doc = upsertSection(doc, 'throughput', 'throughput 1', options);
    const again = upsertSection(doc, 'capacity', 'capacity 2', options);
    expect(again).toContain('capacity 2');
    expect(again).not.toContain('capacity 1');
    expect(again).toContain('throughput 1');
    expect(upsertSection(again, 'capacity', 'capacity 2', options)).toBe(again);
  });

  it('keeps the registry order whatever order the sections first ran in', () => {
    let doc = upsertSection(handWritten, 'throughput', 'throughput 1', options);
    doc = upsertSection(doc, 'capacity', 'capacity 1', options);
    expect(doc.indexOf('capacity 1')).toBeLessThan(doc.indexOf('throughput 1'));
  });

  it('rewrites the area intro without touching the sections', () => {
    const doc = upsertSection(handWritten, 'capacity', 'capacity 1', options);
    const updated = replaceAreaIntro(doc, '## API benchmarks\n\nNew intro.');
    expect(updated).toContain('New intro.');
    expect(updated).toContain('capacity 1');
    expect(updated.match(/## API benchmarks/g)).toHaveLength(1);
    expect(replaceAreaIntro(handWritten, 'x')).toBe(handWritten);
  });
});

describe('bench prose', () => {
  const sentence = 'The dashboard reads the same handful of small items - a few RCU - whatever the number of payments.';

  it('wraps at 100 columns without starting a line with a list marker', () => {
    const text = Array.from({ length: 6 }, () => sentence).join(' ');
    const lines = wrap(text).split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(100);
      expect(line).not.toMatch(/^[-+*>#|]\s/);
    }
    expect(lines.join(' ')).toBe(text);
  });

  it('indents the continuation of a bullet and keeps a list tight', () => {
    const bullets = list(`${sentence} ${sentence}`, 'Short.').split('\n');
    expect(bullets[0]?.startsWith('- ')).toBe(true);
    expect(bullets[1]?.startsWith('  ')).toBe(true);
    expect(bullets[bullets.length - 1]).toBe('- Short.');
  });

  it('writes documents prettier leaves as they are', async () => {
    const doc = `${paragraphs(
      '### A section',
      Array.from({ length: 4 }, () => sentence).join(' '),
      renderTable(['a', 'b'], [['1', '2']]),
      list(`${sentence} ${sentence}`, 'Short.'),
    )}\n`;
    expect(await prettierMarkdown(doc)).toBe(doc);
  });
});
