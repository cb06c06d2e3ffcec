import { describe, expect, it, vi } from 'vitest';
import type { PackageSlug } from '@goldbot/shared';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { expireSubscriptions, isDueForExpiry, type ExpiryStore } from '../../src/domain/jobs/expire-subscriptions.js';
import {
  REMINDED_PACKAGES,
  ReminderReleaseError,
  packageContinues,
  reminderWindow,
  sendExpiryReminders,
  type ReminderCandidate,
  type ReminderHolder,
  type ReminderMail,
  type ReminderStore,
} from '../../src/domain/jobs/expiry-reminders.js';
import { addDays, daysBetween, sweep } from '../../src/domain/jobs/sweep.js';
import { PACKAGE_NAMES } from '@goldbot/shared';

/** The subscription jobs' rules against in-memory stores that behave like the conditional writes. */
const NOW = new Date('2026-03-10T00:05:00.000Z');
const TODAY = '2026-03-10';
const plenty = () => 60_000;

let seq = 0;
function sub(overrides: Partial<SubscriptionRecord> & { packageSlug?: PackageSlug } = {}): SubscriptionRecord {
  seq += 1;
  const packageSlug = overrides.packageSlug ?? 'basic';
  return {
    _id: `sub-${String(seq).padStart(3, '0')}`,
    userId: overrides.userId ?? `user-${seq}`,
    username: 'jane_doe',
    email: 'jane@example.com',
    packageSlug,
    packageName: PACKAGE_NAMES[packageSlug],
    status: 'active',
    startDate: '2026-02-01',
    endDate: '2026-02-28',
    paymentMethod: 'usdt',
    paymentId: `pay-${seq}`,
    isExtension: false,
    notificationSent: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

describe('sweep', () => {
  it('reads every page, counts outcomes and keeps going after a failed item', async () => {
    const first = { items: [1, 2, 3], cursor: 'p2' };
    const last = { items: [4, 5], cursor: undefined };
    const readPage = vi.fn(async (cursor: string | undefined) => (cursor === 'p2' ? last : first));
    const failures: number[] = [];
    const result = await sweep({
      readPage,
      handle: async (n: number) => {
        if (n === 2) throw new Error('boom');
        return n % 2 === 0 ? 'even' : 'odd';
      },
      onFailure: (n) => failures.push(n),
      remainingMs: plenty,
    });
    expect(readPage.mock.calls.map(([c]) => c)).toEqual([undefined, 'p2']);
    expect(result).toEqual({ processed: 5, failed: 1, complete: true, outcomes: { odd: 3, even: 1 } });
    expect(failures).toEqual([2]);
  });

  it('stops before the time budget runs out and says it did not finish', async () => {
    let left = 100_000;
    const result = await sweep({
      readPage: async () => ({ items: [1, 2, 3, 4], cursor: 'more' }),
      handle: async () => {
        left -= 30_000;
        return 'done';
      },
      onFailure: () => undefined,
      remainingMs: () => left,
      reserveMs: 15_000,
    });
    expect(result).toMatchObject({ processed: 3, complete: false, outcomes: { done: 3 } });
  });

  it('counts days in UTC across month and year ends', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2024-02-27', 3)).toBe('2024-03-01');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-03-10', '2026-03-13')).toBe(3);
    expect(daysBetween('2026-10-24', '2026-10-27')).toBe(3);
  });
});

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

/** The reminder store: the window query, profiles, the owner's rows and a conditional claim. */
class FakeReminderStore implements ReminderStore {
  rows = new Map<string, SubscriptionRecord>();
  claims = new Map<string, string>();
  holders = new Map<string, ReminderHolder>();
  releaseFails = false;

  constructor(rows: SubscriptionRecord[]) {
    for (const row of rows) {
      this.rows.set(row._id, row);
      this.holders.set(row.userId, {
        username: `${row.userId}-name`,
        email: `${row.userId}@example.com`,
        isActive: true,
      });
    }
  }

  async endingBetween(from: string, to: string) {
    const items: ReminderCandidate[] = [...this.rows.values()]
      .filter((r) => r.status === 'active' && r.endDate !== null && r.endDate >= from && r.endDate <= to)
      .map((r) => ({ subscription: { ...r }, reminderSentAt: this.claims.get(r._id) ?? null }));
    return { items };
  }

  async readHolder(userId: string) {
    return this.holders.get(userId) ?? null;
  }

  async userSubscriptions(userId: string) {
    return [...this.rows.values()].filter((r) => r.userId === userId);
  }

  async claimReminder(row: SubscriptionRecord, at: string) {
    if (this.claims.has(row._id) || this.rows.get(row._id)?.status !== 'active') return false;
    this.claims.set(row._id, at);
    return true;
  }

  async releaseReminder(row: SubscriptionRecord, at: string) {
    if (this.releaseFails) throw new Error('release failed');
    if (this.claims.get(row._id) === at) this.claims.delete(row._id);
  }
}

describe('job-expiry-reminders', () => {
  const in3 = addDays(TODAY, 3);

  it('reminds paid packages (Basic, Pro) ending in 3 days (2 for a missed day), never Ultimate or the free trial', () => {
    expect(REMINDED_PACKAGES).toEqual(['basic', 'pro']);
    expect(reminderWindow(TODAY)).toEqual({ from: '2026-03-12', to: '2026-03-13' });
  });

  it('mails the holder of a Basic and a Pro ending in 3 days once, with the days left and the current address', async () => {
    const basic = sub({ packageSlug: 'basic', endDate: in3 });
    const pro = sub({ packageSlug: 'pro', endDate: in3 });
    const trial = sub({ packageSlug: 'freeTrial', endDate: in3, paymentMethod: 'free', paymentId: null });
    const later = sub({ packageSlug: 'pro', endDate: addDays(TODAY, 4) });
    const store = new FakeReminderStore([basic, pro, trial, later]);
    const sent: ReminderMail[] = [];
    const deps = {
      store,
      now: NOW,
      remainingMs: plenty,
      send: async (m: ReminderMail) => void sent.push(m),
      onFailure: vi.fn(),
    };

    const first = await sendExpiryReminders(deps);
    expect(first).toEqual({ processed: 3, mailed: 2, alreadyReminded: 0, skipped: 1, failed: 0, complete: true });
    expect(sent).toEqual([
      {
        to: `${basic.userId}@example.com`,
        username: `${basic.userId}-name`,
        packageName: 'Basic Package',
        endDate: in3,
        daysLeft: 3,
      },
      {
        to: `${pro.userId}@example.com`,
        username: `${pro.userId}-name`,
        packageName: 'Pro Package',
        endDate: in3,
        daysLeft: 3,
      },
    ]);

    const second = await sendExpiryReminders(deps);
    expect(second).toMatchObject({ mailed: 0, alreadyReminded: 2, failed: 0 });
    expect(sent).toHaveLength(2);
  });

  it('sends one mail per subscription when two runs race', async () => {
    const rows = Array.from({ length: 5 }, () => sub({ packageSlug: 'pro', endDate: in3 }));
    const store = new FakeReminderStore(rows);
    const send = vi.fn(async () => undefined);
    const deps = { store, now: NOW, remainingMs: plenty, send, onFailure: vi.fn() };
    const [a, b] = await Promise.all([sendExpiryReminders(deps), sendExpiryReminders(deps)]);
    expect(a.mailed + b.mailed).toBe(5);
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('catches up a missed day with the days actually left, and never mails on the last day', async () => {
    const missed = sub({ packageSlug: 'basic', endDate: addDays(TODAY, 2) });
    const tooLate = sub({ packageSlug: 'basic', endDate: addDays(TODAY, 1) });
    const store = new FakeReminderStore([missed, tooLate]);
    const sent: ReminderMail[] = [];
    await sendExpiryReminders({
      store,
      now: NOW,
      remainingMs: plenty,
      send: async (m) => void sent.push(m),
      onFailure: vi.fn(),
    });
    expect(sent.map((m) => [m.endDate, m.daysLeft])).toEqual([[missed.endDate, 2]]);
  });

  it('does not remind when the package goes on: a later Basic extension, another Pro, or a renewal in review', () => {
    const ending = sub({ userId: 'u1', packageSlug: 'basic', endDate: '2026-03-31' });
    const extension = sub({
      userId: 'u1',
      packageSlug: 'basic',
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      isExtension: true,
    });
    expect(packageContinues(ending, [ending, extension])).toBe(true);
    expect(
      packageContinues(ending, [ending, { ...extension, status: 'pending', startDate: null, endDate: null }]),
    ).toBe(true);
    expect(packageContinues(ending, [ending, { ...extension, status: 'rejected' }])).toBe(false);
    expect(packageContinues(ending, [ending, { ...extension, status: 'expired', endDate: '2026-01-31' }])).toBe(false);
    // Another package does not carry this one on.
    expect(packageContinues(ending, [ending, { ...extension, packageSlug: 'pro', packageName: 'Pro Package' }])).toBe(
      false,
    );
  });

  it('skips deactivated accounts, rows without a profile and packages that go on', async () => {
    const inactive = sub({ userId: 'u-off', endDate: in3 });
    const orphan = sub({ userId: 'u-gone', endDate: in3 });
    const extended = sub({ userId: 'u-ext', endDate: in3 });
    const extension = sub({ userId: 'u-ext', endDate: addDays(in3, 31), startDate: addDays(in3, 1) });
    const store = new FakeReminderStore([inactive, orphan, extended, extension]);
    store.holders.set('u-off', { username: 'off', email: 'off@example.com', isActive: false });
    store.holders.delete('u-gone');
    const send = vi.fn(async () => undefined);

    const summary = await sendExpiryReminders({ store, now: NOW, remainingMs: plenty, send, onFailure: vi.fn() });

    expect(summary).toMatchObject({ processed: 3, mailed: 0, skipped: 3, failed: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(store.claims.size).toBe(0);
  });

  it('puts the claim back when the mail fails, so the next run sends it', async () => {
    const row = sub({ packageSlug: 'pro', endDate: in3 });
    const store = new FakeReminderStore([row]);
    const onFailure = vi.fn();
    const failing = vi.fn(async () => {
      throw new Error('SES throttled');
    });

    const failed = await sendExpiryReminders({ store, now: NOW, remainingMs: plenty, send: failing, onFailure });
    expect(failed).toMatchObject({ processed: 1, mailed: 0, failed: 1 });
    expect(onFailure).toHaveBeenCalledWith(
      expect.objectContaining({ _id: row._id }),
      expect.objectContaining({ message: 'SES throttled' }),
    );
    expect(store.claims.size).toBe(0);

    const send = vi.fn(async () => undefined);
    const retried = await sendExpiryReminders({ store, now: NOW, remainingMs: plenty, send, onFailure });
    expect(retried).toMatchObject({ mailed: 1, failed: 0 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says so when a failed mail cannot be released (claimed, so never sent twice)', async () => {
    const row = sub({ packageSlug: 'basic', endDate: in3 });
    const store = new FakeReminderStore([row]);
    store.releaseFails = true;
    const onFailure = vi.fn();
    await sendExpiryReminders({
      store,
      now: NOW,
      remainingMs: plenty,
      send: async () => {
        throw new Error('SES down');
      },
      onFailure,
    });
    const error = onFailure.mock.calls[0]?.[1] as ReminderReleaseError;
    expect(error).toBeInstanceOf(ReminderReleaseError);
    expect(error.message).toMatch(/SES down.*release failed/);
    expect(store.claims.has(row._id)).toBe(true);
  });
});
