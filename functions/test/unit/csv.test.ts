import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULA_TRIGGERS, csvHeader, csvRows, toCsv } from '../../src/domain/export/csv.js';
import { parseCsv } from '../helpers/csv-reader.js';

/**
 * CSV files of the exports: quoting by csv-stringify and the formula guard, a property over any
 * text.
 */

const TRIGGERS = [...FORMULA_TRIGGERS, '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
const startsWithTrigger = (cell: string) => TRIGGERS.some((t) => cell.startsWith(t));

describe('csv', () => {
  it('starts with a BOM and the header, ends records with CRLF, and quotes what needs quoting', () => {
    const text = toCsv(
      ['Name', 'Note'],
      [
        ['Jane, "JD"', 'line1\nline2'],
        [42, null],
      ],
    );
    expect(text.startsWith('\uFEFFName,Note\r\n')).toBe(true);
    expect(text).toContain('"Jane, ""JD"""');
    expect(parseCsv(text.slice(1))).toEqual([
      ['Name', 'Note'],
      ['Jane, "JD"', 'line1\nline2'],
      ['42', ''],
    ]);
  });

  it('prefixes every formula-looking text cell with a quote, leaves numbers and plain text alone', () => {
    const cells = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '＝1', 'plain', 'a=b'];
    const [parsed] = parseCsv(csvRows([cells]));
    expect(parsed).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tx", "'\rx", "'＝1", 'plain', 'a=b']);
    expect(parseCsv(csvRows([[-5, 3.5, true, false]]))[0]).toEqual(['-5', '3.5', 'Yes', 'No']);
  });

  it('never lets a text cell start with a formula character unquoted, and keeps the text (property)', () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom(...TRIGGERS).chain((t) => fc.string().map((rest) => t + rest)),
      fc.string({ unit: fc.constantFrom('=', '+', '-', '@', ',', '"', '\n', '\r', '\t', 'a', ' ') }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = Math.max(...rows.map((r) => r.length));
        const square = rows.map((r) => [...r, ...Array<string>(width - r.length).fill('x')]);
        const parsed = parseCsv(csvRows(square));
        expect(parsed).toHaveLength(square.length);
        parsed.forEach((row, r) =>
          row.forEach((cell, c) => {
            const original = square[r]?.[c] ?? '';
            if (startsWithTrigger(original)) expect(cell).toBe(`'${original}`);
            else expect(cell).toBe(original);
            expect(startsWithTrigger(cell)).toBe(false);
          }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('guards the header too', () => {
    expect(csvHeader(['=evil'])).toBe("\uFEFF'=evil\r\n");
  });
});
