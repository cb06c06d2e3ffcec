import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH, previewText, relativeDate, startOfLocalDay } from './message-text';

describe('previewText', () => {
  it('cuts a message longer than 50 characters to 50 and adds ...', () => {
    const long = 'a'.repeat(49) + 'bcdef';
    expect(previewText(long)).toBe(`${'a'.repeat(49)}b...`);
    expect(previewText(long)).toHaveLength(PREVIEW_LENGTH + 3);
  });

  it('leaves a message of at most 50 characters as it is', () => {
    expect(previewText('x'.repeat(50))).toBe('x'.repeat(50));
    expect(previewText('Hello')).toBe('Hello');
    expect(previewText('')).toBe('');
  });

  it('never cuts a character made of two code units in half', () => {
    const message = `${'a'.repeat(49)}🙂🙂`;
    expect(previewText(message)).toBe(`${'a'.repeat(49)}🙂...`);
  });
});

describe('relativeDate', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const before = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;

  it('says just now under a minute, and for a time ahead of the clock', () => {
    expect(relativeDate(before(0), now)).toBe('Just now');
    expect(relativeDate(before(59_999), now)).toBe('Just now');
    expect(relativeDate(before(-5 * MIN), now)).toBe('Just now');
  });

  it('counts minutes, then hours, then days', () => {
    expect(relativeDate(before(MIN), now)).toBe('1 minute ago');
    expect(relativeDate(before(59 * MIN), now)).toBe('59 minutes ago');
    expect(relativeDate(before(60 * MIN), now)).toBe('1 hour ago');
    expect(relativeDate(before(23 * 60 * MIN + 59 * MIN), now)).toBe('23 hours ago');
    expect(relativeDate(before(24 * 60 * MIN), now)).toBe('1 day ago');
    expect(relativeDate(before(6 * 24 * 60 * MIN), now)).toBe('6 days ago');
  });

  it('shows the short date from a week on, and a dash for no date', () => {
    expect(relativeDate('2026-03-03T12:00:00Z', now)).toBe('Mar 3, 2026');
    expect(relativeDate('2025-12-24T12:00:00Z', now)).toBe('Dec 24, 2025');
    expect(relativeDate('not a date', now)).toBe('-');
  });
});

describe('startOfLocalDay', () => {
  it("is the admin's local midnight of the same day", () => {
    const start = startOfLocalDay(new Date(2026, 2, 10, 17, 45, 12));
    expect(start).toEqual(new Date(2026, 2, 10, 0, 0, 0, 0));
    expect(startOfLocalDay(new Date(2026, 2, 10, 0, 0, 0))).toEqual(new Date(2026, 2, 10));
  });
});
