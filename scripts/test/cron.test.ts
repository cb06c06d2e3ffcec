import { describe, expect, it } from 'vitest';
import { cronMatches, parseCron } from '../local/cron.js';

const at = (iso: string) => new Date(iso);

describe('cron matching for the local scheduler', () => {
  it('matches exact minute and hour in UTC', () => {
    expect(cronMatches('5 0 * * *', at('2026-03-01T00:05:00Z'))).toBe(true);
    expect(cronMatches('5 0 * * *', at('2026-03-01T00:06:00Z'))).toBe(false);
    expect(cronMatches('5 0 * * *', at('2026-03-01T01:05:00Z'))).toBe(false);
  });

  it('supports lists, ranges, steps and day of week', () => {
    expect(cronMatches('*/15 * * * *', at('2026-03-01T10:30:00Z'))).toBe(true);
    expect(cronMatches('*/15 * * * *', at('2026-03-01T10:31:00Z'))).toBe(false);
    expect(cronMatches('0 9-17 * * 1-5', at('2026-03-02T12:00:00Z'))).toBe(true); // Monday
    expect(cronMatches('0 9-17 * * 1-5', at('2026-03-01T12:00:00Z'))).toBe(false); // Sunday
    expect(cronMatches('0 6 1,15 * *', at('2026-03-15T06:00:00Z'))).toBe(true);
    expect(cronMatches('0 6 1,15 * *', at('2026-03-16T06:00:00Z'))).toBe(false);
  });

  it('rejects malformed expressions up front', () => {
    expect(() => parseCron('* * * *')).toThrow(/5 fields/);
    expect(() => parseCron('x * * * *')).toThrow(/Invalid cron field/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/Invalid cron field/);
  });
});
