import { describe, expect, it, vi } from 'vitest';
import { NEW_WORK_MAIL, WORK_KINDS, type WorkKind } from '@goldbot/shared';
import {
  NewWorkMailFailedError,
  SETTLE_MS,
  mailNewWork,
  nextWindow,
  throttled,
  type NewWorkMail,
  type NewWorkMailDeps,
  type NewWorkNotice,
  type NewWorkNoticeStore,
} from '../../src/domain/admin/new-work-mail.js';
import type { ArrivalWindow, ArrivedWork, WorkSource, WorkSources } from '../../src/domain/admin/waiting-work.js';
import { allNewWorkMailOn } from '../../src/domain/records/settings-record.js';

/**
 * The new-work mail over in-memory notices (claimed on the same condition as the table's) and
 * in-memory lists of arrivals, the clock moved by hand: what is mailed, to whom, how often, and
 * what a failed mail leaves behind.
 */
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;
const ADMINS = ['ann@example.com', 'bob@example.com'];

function noticeMemory(initial: Partial<Record<WorkKind, NewWorkNotice>> = {}) {
  const notices: Partial<Record<WorkKind, NewWorkNotice>> = { ...initial };
  const store: NewWorkNoticeStore = {
    readNotices: async () => ({ ...notices }),
    async claim(kind, next, cutoff) {
      const current = notices[kind];
      if (current && current.mailedAt > cutoff) return false;
      notices[kind] = next;
      return true;
    },
    async release(kind, claimed, previous) {
      if (notices[kind]?.runId !== claimed.runId) return;
      if (previous) notices[kind] = previous;
      else delete notices[kind];
    },
  };
  return { store, notices };
}

/** A kind's list: items by arrival time, of which a window answers those after `since`, up to `until`. */
function listOf(items: ArrivedWork[]) {
  const windows: ArrivalWindow[] = [];
  const arrivals = vi.fn(async (window: ArrivalWindow, limit: number) => {
    windows.push(window);
    const inWindow = items.filter((item) => item.at > window.since && item.at <= window.until);
    return { items: inWindow.slice(0, limit), total: inWindow.length };
  });
  return { items, windows, arrivals };
}

const payment = (ms: number, n = 1): ArrivedWork => ({
  id: `pay-${n}`,
  at: at(ms),
  who: `buyer${n} <buyer${n}@example.com>`,
  what: 'Basic Package, 60.37 USDT',
});

function world(options: { waitingPayments?: number | null; switches?: Partial<Record<WorkKind, boolean>> } = {}) {
  const payments = listOf([]);
  const withdrawals = listOf([]);
  const messages = listOf([]);
  const sources: WorkSources = {
    pendingPayments: {
      waiting: async () => (options.waitingPayments === undefined ? 7 : options.waitingPayments),
      mail: { arrivals: payments.arrivals, screen: '/admin/payments' },
    },
    pendingWithdrawals: {
      waiting: async () => 0,
      mail: { arrivals: withdrawals.arrivals, screen: '/admin/withdrawals' },
    },
    refundRequests: { waiting: async () => null, mail: null },
    unreadMessages: {
      waiting: async () => null,
      mail: { arrivals: messages.arrivals, screen: '/admin/contact-detail' },
    },
    unmatchedTransfers: { waiting: async () => null, mail: null },
  } satisfies Record<WorkKind, WorkSource>;
  const memory = noticeMemory();
  const sent: { to: string; mail: NewWorkMail }[] = [];
  const listAdmins = vi.fn(async () => ADMINS);
  const onFailure = vi.fn();
  const onPartialFailure = vi.fn();
  let run = 0;
  const deps = (nowMs: number, overrides: Partial<NewWorkMailDeps> = {}): NewWorkMailDeps => ({
    sources,
    notices: memory.store,
    readSwitches: async () => ({ ...allNewWorkMailOn(), ...options.switches }),
    listAdmins,
    send: async (to, mail) => {
      sent.push({ to, mail });
    },
    now: new Date(nowMs),
    runId: `run-${++run}`,
    onFailure,
    onPartialFailure,
    ...overrides,
  });
  return { payments, withdrawals, messages, memory, sent, listAdmins, onFailure, onPartialFailure, deps };
}

describe('nextWindow and throttled', () => {
  it('starts after the last mail’s window, or reaches back the lookback, and ends SETTLE_MS before the run', () => {
    expect(SETTLE_MS).toBe(30_000);
    expect(nextWindow(undefined, T0)).toEqual({
      since: at(T0 - NEW_WORK_MAIL.lookbackHours * 3_600_000),
      until: at(T0 - SETTLE_MS),
    });
    const notice = { mailedAt: at(T0 - 20 * MINUTE), coveredUntil: at(T0 - 21 * MINUTE), runId: 'r', reported: 1 };
    expect(nextWindow(notice, T0).since).toBe(notice.coveredUntil);
    // A kind turned off for days (or a job that did not run) looks back no further than the lookback.
    const old = { ...notice, coveredUntil: at(T0 - 3 * 24 * 3_600_000) };
    expect(nextWindow(old, T0).since).toBe(at(T0 - 24 * 3_600_000));
  });

  it('holds a kind back while its last mail is less than the interval old', () => {
    const cutoff = at(T0 - 15 * MINUTE);
    expect(throttled(undefined, cutoff)).toBe(false);
    const notice = (mailedAt: number) => ({
      mailedAt: at(mailedAt),
      coveredUntil: at(mailedAt),
      runId: 'r',
      reported: 1,
    });
    expect(throttled(notice(T0 - 14 * MINUTE), cutoff)).toBe(true);
    expect(throttled(notice(T0 - 15 * MINUTE), cutoff)).toBe(false);
  });
});

describe('mailNewWork', () => {
  it('mails every administrator once per kind with what arrived, and claims the window it reported', async () => {
    const w = world();
    w.payments.items.push(payment(T0 - 3 * MINUTE, 1), payment(T0 - 2 * MINUTE, 2));
    const summary = await mailNewWork(w.deps(T0));
    expect(summary).toEqual({
      processed: 5,
      failed: 0,
      complete: true,
      mailed: 1,
      nothingNew: 2,
      throttled: 0,
      off: 0,
      unavailable: 2,
      noAdmins: 0,
    });
    expect(w.sent.map((s) => s.to)).toEqual(ADMINS);
    expect(w.sent[0]?.mail).toEqual({
      kind: 'pendingPayments',
      since: at(T0 - 24 * 3_600_000),
      arrivals: { items: w.payments.items, total: 2 },
      waiting: 7,
      screen: '/admin/payments',
    });
    expect(w.memory.notices.pendingPayments).toEqual({
      mailedAt: at(T0),
      coveredUntil: at(T0 - SETTLE_MS),
      runId: 'run-1',
      reported: 2,
    });
    // Kinds with nothing new write nothing.
    expect(w.memory.notices.pendingWithdrawals).toBeUndefined();
    expect(w.listAdmins).toHaveBeenCalledTimes(1);
  });

  it('lists at most NEW_WORK_MAIL.listedItems and counts the rest', async () => {
    const w = world();
    for (let n = 1; n <= 13; n += 1) w.payments.items.push(payment(T0 - 30 * MINUTE + n * 1000, n));
    await mailNewWork(w.deps(T0));
    const mail = w.sent[0]?.mail;
    expect(mail?.arrivals.total).toBe(13);
    expect(mail?.arrivals.items).toHaveLength(NEW_WORK_MAIL.listedItems);
  });

  it('mails a kind at most once every 15 minutes; what arrives meanwhile goes into the next mail', async () => {
    const w = world();
    w.payments.items.push(payment(T0 - MINUTE, 1));
    await mailNewWork(w.deps(T0));
    expect(w.sent).toHaveLength(2);

    // 5 and 10 minutes later: a new payment each time, no mail (and no read of the list).
    w.payments.items.push(payment(T0 + 4 * MINUTE, 2));
    const later = await mailNewWork(w.deps(T0 + 5 * MINUTE));
    expect(later).toMatchObject({ mailed: 0, throttled: 1 });
    w.payments.items.push(payment(T0 + 9 * MINUTE, 3));
    await mailNewWork(w.deps(T0 + 10 * MINUTE));
    expect(w.sent).toHaveLength(2);
    expect(w.payments.windows).toHaveLength(1);

    // 15 minutes after the first: one mail with both, since the end of the first window.
    await mailNewWork(w.deps(T0 + 15 * MINUTE));
    expect(w.sent).toHaveLength(4);
    const second = w.sent[2]?.mail;
    expect(second?.since).toBe(at(T0 - SETTLE_MS));
    expect(second?.arrivals.items.map((item) => item.id)).toEqual(['pay-2', 'pay-3']);

    // Nothing new after that: nothing is mailed however long it waits.
    await mailNewWork(w.deps(T0 + 60 * MINUTE));
    expect(w.sent).toHaveLength(4);
  });

  it('reports an arrival of the settle margin in the next window, never in none or two', async () => {
    const w = world();
    // Arrived 10 s before the run: after the window's end.
    w.payments.items.push(payment(T0 - 10_000, 1));
    expect(await mailNewWork(w.deps(T0))).toMatchObject({ mailed: 0, nothingNew: 3 });
    await mailNewWork(w.deps(T0 + 5 * MINUTE));
    expect(w.sent[0]?.mail.arrivals.items.map((item) => item.id)).toEqual(['pay-1']);
    w.payments.items.push(payment(T0 + 20 * MINUTE, 2));
    await mailNewWork(w.deps(T0 + 25 * MINUTE));
    expect(w.sent.filter((s) => s.to === ADMINS[0]).map((s) => s.mail.arrivals.items.map((i) => i.id))).toEqual([
      ['pay-1'],
      ['pay-2'],
    ]);
  });

  it('skips a kind an administrator turned off, without reading its list', async () => {
    const w = world({ switches: { pendingPayments: false } });
    w.payments.items.push(payment(T0 - MINUTE));
    expect(await mailNewWork(w.deps(T0))).toMatchObject({ mailed: 0, off: 1 });
    expect(w.payments.arrivals).not.toHaveBeenCalled();
    expect(w.sent).toEqual([]);
  });

  it('asks for the administrators only when a mail is due, and once per run', async () => {
    const w = world();
    await mailNewWork(w.deps(T0));
    expect(w.listAdmins).not.toHaveBeenCalled();
    w.payments.items.push(payment(T0 - MINUTE));
    w.messages.items.push({ id: 'msg-1', at: at(T0 - MINUTE), who: 'Ann <ann@example.com>', what: 'Hello' });
    await mailNewWork(w.deps(T0 + MINUTE));
    expect(w.listAdmins).toHaveBeenCalledTimes(1);
    expect(w.sent.map((s) => s.mail.kind)).toEqual([
      'pendingPayments',
      'pendingPayments',
      'unreadMessages',
      'unreadMessages',
    ]);
    expect(w.sent.find((s) => s.mail.kind === 'unreadMessages')?.mail.waiting).toBeNull();
  });

  it('claims nothing when there is no administrator to tell', async () => {
    const w = world();
    w.payments.items.push(payment(T0 - MINUTE));
    expect(await mailNewWork(w.deps(T0, { listAdmins: async () => [] }))).toMatchObject({ noAdmins: 1, mailed: 0 });
    expect(w.memory.notices).toEqual({});
  });

  it('sends nothing when another run claimed the kind first', async () => {
    const w = world();
    w.payments.items.push(payment(T0 - MINUTE));
    const racing: NewWorkNoticeStore = { ...w.memory.store, claim: async () => false };
    expect(await mailNewWork(w.deps(T0, { notices: racing }))).toMatchObject({ throttled: 1, mailed: 0 });
    expect(w.sent).toEqual([]);
  });

  it('gives the claim back when no administrator got the mail, so the retry sends it; other kinds go on', async () => {
    const w = world();
    const previous = { mailedAt: at(T0 - 30 * MINUTE), coveredUntil: at(T0 - 31 * MINUTE), runId: 'old', reported: 1 };
    w.memory.notices.pendingPayments = previous;
    w.payments.items.push(payment(T0 - 5 * MINUTE));
    w.messages.items.push({ id: 'msg-1', at: at(T0 - MINUTE), who: 'Ann', what: 'Hello' });
    const refused = new Error('MessageRejected');
    const summary = await mailNewWork(
      w.deps(T0, {
        send: async (to, mail) => {
          if (mail.kind === 'pendingPayments') throw refused;
          w.sent.push({ to, mail });
        },
      }),
    );
    expect(summary).toMatchObject({ failed: 1, mailed: 1 });
    expect(w.onFailure).toHaveBeenCalledWith('pendingPayments', expect.any(NewWorkMailFailedError));
    expect((w.onFailure.mock.calls[0]?.[1] as NewWorkMailFailedError).errors).toEqual([refused, refused]);
    expect(w.memory.notices.pendingPayments).toEqual(previous);
    expect(w.sent.map((s) => s.mail.kind)).toEqual(['unreadMessages', 'unreadMessages']);

    // Lambda's retry of the run, SES back: the payment is mailed then.
    await mailNewWork(w.deps(T0 + 10_000));
    expect(w.sent.filter((s) => s.mail.kind === 'pendingPayments')).toHaveLength(2);
  });

  it('removes a first claim that reached nobody', async () => {
    const w = world();
    w.payments.items.push(payment(T0 - MINUTE));
    await mailNewWork(
      w.deps(T0, {
        send: async () => {
          throw new Error('down');
        },
      }),
    );
    expect(w.memory.notices.pendingPayments).toBeUndefined();
  });

  it('keeps the claim when some administrators got the mail: no second mail inside the interval', async () => {
    const w = world();
    w.payments.items.push(payment(T0 - MINUTE));
    const summary = await mailNewWork(
      w.deps(T0, {
        send: async (to, mail) => {
          if (to === 'bob@example.com') throw new Error('bounced');
          w.sent.push({ to, mail });
        },
      }),
    );
    expect(summary).toMatchObject({ mailed: 1, failed: 0 });
    expect(w.onPartialFailure).toHaveBeenCalledWith('pendingPayments', [new Error('bounced')], 2);
    expect(w.memory.notices.pendingPayments?.runId).toBe('run-1');
    await mailNewWork(w.deps(T0 + 10_000));
    expect(w.sent).toHaveLength(1);
  });

  it('reads a kind’s list only when this server has it: unavailable kinds are counted and left alone', async () => {
    const w = world();
    const summary = await mailNewWork(w.deps(T0));
    expect(summary.unavailable).toBe(
      WORK_KINDS.filter((k) => k === 'refundRequests' || k === 'unmatchedTransfers').length,
    );
  });
});
