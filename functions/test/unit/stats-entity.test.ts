import { describe, expect, it } from 'vitest';
import { contactBucketKey, contactBucketOf, contactBucketsBetween } from '../../src/data/stats-entity.js';

describe('the half-hour counters behind the Messages Today card', () => {
  it('puts an instant in its UTC half hour', () => {
    expect(contactBucketOf('2026-11-23T14:29:59.999Z')).toBe('2026-11-23T14:00');
    expect(contactBucketOf('2026-11-23T14:30:00.000Z')).toBe('2026-11-23T14:30');
    expect(contactBucketKey('2026-11-23T14:30')).toEqual({ PK: 'STATS#CONTACTS', SK: 'HALFHOUR#2026-11-23T14:30' });
  });

  it('lists every bucket from a local midnight to now, both ends included', () => {
    // Midnight in UTC+5:30 is 18:30 UTC the day before.
    const buckets = contactBucketsBetween('2026-11-22T18:30:00.000Z', '2026-11-23T09:10:00.000Z');
    expect(buckets[0]).toBe('2026-11-22T18:30');
    expect(buckets.at(-1)).toBe('2026-11-23T09:00');
    expect(buckets).toHaveLength(30);
  });

  it('stays within one BatchGetItem for the longest day the screen asks about (26 h)', () => {
    expect(contactBucketsBetween('2026-11-22T07:00:00.000Z', '2026-11-23T09:00:00.000Z').length).toBeLessThan(100);
  });
});
