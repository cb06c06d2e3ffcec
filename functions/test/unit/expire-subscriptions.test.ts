import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { expireSubscriptions, isDueForExpiry, type ExpiryStore } from '../../src/domain/jobs/expire-subscriptions.js';
import { addDays } from '../../src/domain/jobs/sweep.js';
import { sampleSubscription } from '../helpers/subscription-samples.js';

/**
 * The expiry job's rules against an in-memory store that behaves like the conditional writes.
 */
const NOW = new Date('2026-03-10T00:05:00.000Z');
const TODAY = '2026-03-10';
const plenty = () => 60_000;

const sub = sampleSubscription;

/** Behaves like the store: the index lists active rows with an end date; expire() is conditional. */
class FakeExpiryStore implements ExpiryStore {
  rows = new Map<string, SubscriptionRecord>();
  counters = new Map<string, { active: number; expired: number }>();
  pageSize = 2;
  failFor = new Set<string>();

  constructor(rows: SubscriptionRecord[]) {
    for (const row of rows) this.rows.set(row._id, row);
  }

  async dueForExpiry(today: string, cursor: string | undefined) {
    const listed = [...this.rows.values()]
      .filter((r) => r.status === 'active' && r.endDate !== null && `${r.endDate}#${r._id}` < today)
      .sort((a, b) => `${a.endDate}#${a._id}`.localeCompare(`${b.endDate}#${b._id}`))
      .filter((r) => cursor === undefined || `${r.endDate}#${r._id}` > cursor);
    const items = listed.slice(0, this.pageSize);
    const last = items.at(-1);
    return {
      items: items.map((r) => ({ ...r })),
      cursor: listed.length > items.length && last ? `${last.endDate}#${last._id}` : undefined,
    };
  }

  async expire(row: SubscriptionRecord, at: string) {
    if (this.failFor.has(row._id)) throw new Error('DynamoDB is down');
    const stored = this.rows.get(row._id);
    if (!stored || stored.status !== 'active' || stored.endDate !== row.endDate) return false;
    this.rows.set(row._id, { ...stored, status: 'expired', updatedAt: at });
    const month = stored.createdAt.slice(0, 7);
    const counter = this.counters.get(month) ?? { active: 0, expired: 0 };
    this.counters.set(month, { active: counter.active - 1, expired: counter.expired + 1 });
    return true;
  }
}

describe('job-expire-subscriptions', () => {
  it('is due only when active with an end date before today (UTC)', () => {
    expect(isDueForExpiry({ status: 'active', endDate: '2026-03-09' }, TODAY)).toBe(true);
    expect(isDueForExpiry({ status: 'active', endDate: TODAY }, TODAY)).toBe(false);
    expect(isDueForExpiry({ status: 'active', endDate: null }, TODAY)).toBe(false);
    expect(isDueForExpiry({ status: 'expired', endDate: '2026-03-01' }, TODAY)).toBe(false);
    expect(isDueForExpiry({ status: 'pending', endDate: null }, TODAY)).toBe(false);
  });

  it('expires every row whose end date has passed, over several pages, and nothing else', async () => {
    const due = [sub({ endDate: '2026-02-28' }), sub({ endDate: '2026-03-09' }), sub({ endDate: '2025-12-31' })];
    const endsToday = sub({ endDate: TODAY });
    const future = sub({ endDate: '2026-04-30' });
    const lifetime = sub({ packageSlug: 'ultimate', endDate: null });
    const store = new FakeExpiryStore([...due, endsToday, future, lifetime]);
    const onFailure = vi.fn();

    const summary = await expireSubscriptions({ store, now: NOW, remainingMs: plenty, onFailure });

    expect(summary).toEqual({ processed: 3, expired: 3, alreadyExpired: 0, failed: 0, complete: true });
    for (const row of due) expect(store.rows.get(row._id)?.status).toBe('expired');
    for (const row of [endsToday, future, lifetime]) expect(store.rows.get(row._id)?.status).toBe('active');
    expect(store.counters.get('2026-01')).toEqual({ active: -3, expired: 3 });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('does nothing on a second run, and two racing runs expire each row once', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => sub({ endDate: addDays('2026-03-01', i) }));
    const store = new FakeExpiryStore(rows);
    const deps = { store, now: NOW, remainingMs: plenty, onFailure: vi.fn() };

    const [a, b] = await Promise.all([expireSubscriptions(deps), expireSubscriptions(deps)]);
    expect(a.expired + b.expired).toBe(7);
    expect(store.counters.get('2026-01')).toEqual({ active: -7, expired: 7 });
    const again = await expireSubscriptions(deps);
    expect(again).toMatchObject({ processed: 0, expired: 0, failed: 0 });
    expect(store.counters.get('2026-01')).toEqual({ active: -7, expired: 7 });
  });

  it('reports a row that failed and still expires the others', async () => {
    const bad = sub({ endDate: '2026-03-01' });
    const store = new FakeExpiryStore([bad, sub({ endDate: '2026-03-02' }), sub({ endDate: '2026-03-03' })]);
    store.failFor.add(bad._id);
    const onFailure = vi.fn();

    const summary = await expireSubscriptions({ store, now: NOW, remainingMs: plenty, onFailure });

    expect(summary).toMatchObject({ processed: 3, expired: 2, failed: 1, complete: true });
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ _id: bad._id }), expect.any(Error));
    expect(store.rows.get(bad._id)?.status).toBe('active');
  });
});
