import { describe, expect, it } from 'vitest';
import { judgeExport, type ExportMeasurement } from '../bench/export-section.js';

/** The exports section's verdict: every part within the time budget, every row delivered, no Scan. */
const part = (milliseconds: number, rows: number, scans = 0) => ({
  milliseconds,
  rows,
  bytes: rows * 100,
  readUnits: rows / 10,
  requests: Math.ceil(rows / 100),
  scans,
});
const measured = (parts: ExportMeasurement['parts'], expectedRows = 300, truncated = false): ExportMeasurement => ({
  dataset: 'payments',
  parts,
  expectedRows,
  truncated,
});

describe('judgeExport', () => {
  it('passes an export whose every part ends within the budget and whose parts hold every row', () => {
    expect(judgeExport(measured([part(3_000, 200), part(1_200, 100)]), 5_000)).toEqual({
      label: 'admin-export payments',
      verdict: 'pass',
      detail: '300 rows in 2 part(s), slowest invocation 3000 ms (budget 5000 ms)',
    });
  });

  it('fails a slow part, missing rows, a truncated file and a Scan, naming each', () => {
    const slow = judgeExport(measured([part(5_001, 300)]), 5_000);
    expect(slow.verdict).toBe('fail');
    expect(slow.detail).toContain('slowest invocation 5001 ms > 5000 ms');
    const short = judgeExport(measured([part(1_000, 250)], 300, true), 5_000);
    expect(short.detail).toContain('250 of 300 rows (truncated)');
    expect(judgeExport(measured([part(1_000, 300, 1)]), 5_000).detail).toContain('1 Scan(s)');
  });
});
