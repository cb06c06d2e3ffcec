import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
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
import { addDays } from '../../src/domain/jobs/sweep.js';
import { sampleSubscription } from '../helpers/subscription-samples.js';

/**
 * The expiry reminders' rules against an in-memory store that behaves like the conditional writes.
 */
const NOW = new Date('2026-03-10T00:05:00.000Z');
const TODAY = '2026-03-10';
const plenty = () => 60_000;

const sub = sampleSubscription;

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
