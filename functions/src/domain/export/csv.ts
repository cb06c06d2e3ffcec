import { stringify } from 'csv-stringify/sync';

/**
 * CSV text for the admin exports: quoting by csv-stringify (RFC 4180: a field holding a
 * comma, a quote or a line break is quoted, quotes doubled), and every text cell guarded against
 * spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return (or their full-width forms) gets a leading `'`, so Excel, Sheets and
 * Numbers show it as text instead of running it. Numbers are written as numbers (a negative amount
 * stays a number). Pure: no I/O.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** The characters that make a spreadsheet read a cell as a formula (the half-width ones). */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

const OPTIONS = {
  escape_formulas: true,
  record_delimiter: 'windows',
  cast: { boolean: (b: boolean) => (b ? 'Yes' : 'No') },
} as const;

/** The header line (with a UTF-8 byte order mark, so Excel reads non-ASCII names right). */
export const csvHeader = (columns: readonly string[]): string => `\uFEFF${stringify([columns.map(String)], OPTIONS)}`;

/** Data lines, each ending with CRLF; null and undefined are empty cells. */
export const csvRows = (rows: readonly (readonly CsvValue[])[]): string =>
  rows.length === 0
    ? ''
    : stringify(
        rows.map((row) => row.map((cell) => cell ?? '')),
        OPTIONS,
      );

/** A whole document: header and rows. */
export const toCsv = (columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  csvHeader(columns) + csvRows(rows);
