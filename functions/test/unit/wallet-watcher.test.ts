import { describe, expect, it } from 'vitest';
import { ORDER } from '@goldbot/shared';
import { bindingPolicy } from '../../src/domain/commerce/transfers.js';
import { TronApiError, type TransferPage, type TronTransferApi } from '../../src/domain/commerce/tron.js';
import {
  WATCH_REREAD_MS,
  firstCursor,
  watchWallets,
  type WatcherDeps,
  type WatcherStore,
} from '../../src/domain/commerce/wallet-watcher.js';
import {
  NOTICE_RESERVE_MS,
  sendNotices,
  type NoticeStore,
  type PoolAlert,
} from '../../src/domain/commerce/watch-notices.js';
import type { TransferRecord } from '../../src/domain/records/transfer-record.js';
import { createLogger } from '../../src/kit/logger.js';

/**
 * The wallet watcher's sweep (wallet-watcher.ts) over a fake TronGrid and store: every page read
 * to the last, every transfer recorded once and settled, the cursor moved only past what is
 * settled, a failed page read again by the next run, a long outage caught up window by window;
 * and the admins' notices, each mailed once.
 */
const MIN = 60_000;
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';
const POLICY = bindingPolicy(ORDER.openMinutes, ORDER.graceMinutes);

const silent = createLogger('silent');

interface ChainRow {
  txid: string;
  units: bigint;
  blockTime: number;
}

/** TronGrid over `rows`: the window's rows, newest first, `pageSize` a page; `failing` pages fail. */
function fakeTronGrid(rows: ChainRow[], pageSize = 200) {
  const calls: { minTimestamp: number; maxTimestamp?: number; fingerprint?: string }[] = [];
  let failing = 0;
  const api: TronTransferApi = {
    async incomingUsdtPage(address, page): Promise<TransferPage> {
      calls.push(page);
      if (failing > 0) {
        failing -= 1;
        throw new TronApiError('The TRON API failed (HTTP 500).');
      }
      const inWindow = rows
        .filter((r) => r.blockTime >= page.minTimestamp && r.blockTime <= (page.maxTimestamp ?? Infinity))
        .sort((a, b) => b.blockTime - a.blockTime);
      const offset = Number(page.fingerprint ?? 0);
      const slice = inWindow.slice(offset, offset + pageSize);
      return {
        transfers: slice.map((r) => ({
          txid: r.txid,
          from: 'TPayer',
          to: address,
          units: r.units,
          blockTime: r.blockTime,
        })),
        skipped: 0,
        fingerprint: offset + pageSize < inWindow.length ? String(offset + pageSize) : null,
      };
    },
  };
  return { api, calls, fail: (pages: number) => (failing = pages) };
}

class MemoryWatcher implements WatcherStore {
  cursors = new Map<string, number>();
  transfers = new Map<string, TransferRecord>();
  async wallets() {
    return [{ address: WALLET }];
  }
  async readCursor(address: string) {
    return this.cursors.get(address) ?? null;
  }
  async saveCursor(address: string, cursorMs: number) {
    if ((this.cursors.get(address) ?? -Infinity) <= cursorMs) this.cursors.set(address, cursorMs);
  }
  async existingTransfers(txids: readonly string[]) {
    return new Map(
      txids.flatMap((txid) => (this.transfers.has(txid) ? [[txid, this.transfers.get(txid) as TransferRecord]] : [])),
    );
  }
  async recordTransfer(transfer: TransferRecord) {
    const existing = this.transfers.get(transfer.txid);
    if (existing) return existing;
    this.transfers.set(transfer.txid, transfer);
    return transfer;
  }
}

function setup(rows: ChainRow[], options: { pageSize?: number; now?: number } = {}) {
  const store = new MemoryWatcher();
  const tron = fakeTronGrid(rows, options.pageSize);
  const settled: string[] = [];
  let failSettle: string | null = null;
  let now = options.now ?? NOW;
  const deps: WatcherDeps = {
    store,
    tron: tron.api,
    policy: POLICY,
    now: () => new Date(now),
    log: silent,
    settle: async (transfer) => {
      if (transfer.txid === failSettle) throw new Error('DynamoDB is down');
      settled.push(transfer.txid);
      store.transfers.set(transfer.txid, { ...transfer, state: 'bound' });
      return { kind: 'bound', orderId: 'o', paymentId: 'p', created: true, autoApproved: false, ambiguous: false };
    },
  };
  return {
    store,
    tron,
    settled,
    deps,
    failSettleOf: (txid: string | null) => (failSettle = txid),
    setNow: (ms: number) => (now = ms),
  };
}

const row = (n: number, blockTime: number): ChainRow => ({
  txid: n.toString(16).padStart(64, '0'),
  units: 60_370_000n,
  blockTime,
});
const plenty = () => 60_000;

describe('watchWallets', () => {
  it('starts a lifetime and a grace back, reads every page to the last, records and settles each transfer once', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(i + 1, NOW - 100 * MIN + i * 1000));
    const { deps, tron, store, settled } = setup(rows);
    const summary = await watchWallets(deps, plenty);
    expect(summary).toMatchObject({ wallets: 1, transfers: 450, recorded: 450, bound: 450, failed: 0, complete: true });
    expect(tron.calls[0]?.minTimestamp).toBe(firstCursor(NOW, POLICY) - WATCH_REREAD_MS);
    // Pages of 200, the fingerprint followed to the last page of each window.
    expect(tron.calls.filter((c) => c.fingerprint !== undefined).map((c) => c.fingerprint)).toEqual(['200', '400']);
    // The window that reaches the present reads to the end.
    expect(tron.calls.at(-1)?.maxTimestamp).toBeUndefined();
    expect(store.cursors.get(WALLET)).toBe(NOW);
    // The next run reads a few minutes behind its cursor, and settles nothing twice.
    settled.length = 0;
    expect(await watchWallets(deps, plenty)).toMatchObject({ transfers: 0, recorded: 0 });
    expect(tron.calls.at(-1)?.minTimestamp).toBe(NOW - WATCH_REREAD_MS);
    expect(settled).toEqual([]);
  });

  it('a page that failed leaves the cursor where it was; the next run reads it again and catches the transfer', async () => {
    const { deps, tron, store, settled } = setup([row(1, NOW - 3 * MIN)]);
    store.cursors.set(WALLET, NOW - 10 * MIN);
    tron.fail(1);
    const failed = await watchWallets(deps, plenty);
    expect(failed).toMatchObject({ failed: 1, complete: false, transfers: 0 });
    expect(store.cursors.get(WALLET)).toBe(NOW - 10 * MIN);
    const next = await watchWallets(deps, plenty);
    expect(next).toMatchObject({ failed: 0, complete: true, bound: 1 });
    expect(settled).toEqual([row(1, 0).txid]);
  });

  it('a transfer confirmed late (dated before the cursor) is caught by the re-read a few minutes behind', async () => {
    const rows = [row(1, NOW - 2 * MIN)];
    const { deps, store, settled } = setup(rows);
    store.cursors.set(WALLET, NOW - MIN);
    await watchWallets(deps, plenty);
    expect(settled).toEqual([row(1, 0).txid]);
  });

  it('does not move the cursor past a transfer it could not settle', async () => {
    const rows = [row(1, NOW - 8 * MIN), row(2, NOW - 4 * MIN)];
    const { deps, store, failSettleOf } = setup(rows);
    store.cursors.set(WALLET, NOW - 10 * MIN);
    failSettleOf(row(1, 0).txid);
    expect(await watchWallets(deps, plenty)).toMatchObject({ failed: 1 });
    expect(store.cursors.get(WALLET)).toBe(NOW - 8 * MIN);
    failSettleOf(null);
    await watchWallets(deps, plenty);
    expect(store.transfers.get(row(1, 0).txid)?.state).toBe('bound');
    expect(store.cursors.get(WALLET)).toBe(NOW);
  });

  it('after a 6-hour outage, catches up from the cursor window by window without losing a transfer', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1, NOW - 6 * 60 * MIN + i * 21_000));
    const { deps, store, tron } = setup(rows);
    store.cursors.set(WALLET, NOW - 6 * 60 * MIN - MIN);
    const summary = await watchWallets(deps, plenty);
    expect(summary).toMatchObject({ complete: true, recorded: 1000, bound: 1000 });
    expect(store.transfers.size).toBe(1000);
    expect(store.cursors.get(WALLET)).toBe(NOW);
    // Hour-long windows (with their few minutes of re-read): 7 passes, each one page or a few.
    expect(tron.calls.length).toBeGreaterThanOrEqual(7);
    expect(tron.calls.length).toBeLessThan(20);
  });

  it('stops before its time runs out and says it did not finish; the next run goes on', async () => {
    const { deps, store } = setup([row(1, NOW - 5 * MIN)]);
    store.cursors.set(WALLET, NOW - 30 * 60 * MIN);
    let left = 20_000;
    const summary = await watchWallets(deps, () => (left -= 5_000));
    expect(summary.complete).toBe(false);
    expect(store.cursors.get(WALLET)).toBeLessThan(NOW);
  });
});

describe('sendNotices', () => {
  class MemoryNotices implements NoticeStore {
    mailed = new Set<string>();
    alerts: PoolAlert[] = [];
    constructor(readonly unmatched: TransferRecord[]) {}
    async unmailedUnmatched() {
      return this.unmatched.filter((t) => !this.mailed.has(t.txid));
    }
    async claimUnmatchedMail(txid: string) {
      if (this.mailed.has(txid)) return false;
      this.mailed.add(txid);
      return true;
    }
    async undoUnmatchedMail(txid: string) {
      this.mailed.delete(txid);
    }
    async poolAlerts() {
      return this.alerts;
    }
    async claimPoolAlert(alert: PoolAlert, at: string) {
      if (alert.mailedAt) return false;
      alert.mailedAt = at;
      return true;
    }
    async undoPoolAlert(alert: PoolAlert) {
      alert.mailedAt = null;
    }
  }
  const transfer = (txid: string) => ({ txid }) as TransferRecord;

  it('mails each unmatched transfer and each low pool once; a failed mail is sent by the next run', async () => {
    const store = new MemoryNotices([transfer('a'), transfer('b')]);
    store.alerts.push({ hour: '2026-11-23T12', priceCents: 6000, freeAmounts: 12, firstSeenAt: '', mailedAt: null });
    const mails: string[] = [];
    const failures: string[] = [];
    let failB = true;
    const deps = {
      store,
      now: () => new Date(NOW),
      log: silent,
      onMailFailure: (_error: unknown, noticeId: string) => void failures.push(noticeId),
      mailUnmatched: async (t: TransferRecord) => {
        if (t.txid === 'b' && failB) throw new Error('SES down');
        mails.push(t.txid);
      },
      mailPoolLow: async (alert: PoolAlert) => void mails.push(`pool ${alert.priceCents}`),
    };
    expect(await sendNotices(deps)).toEqual({ mailed: 2, failed: 1, deferred: 0 });
    expect(failures).toEqual(['b']);
    failB = false;
    expect(await sendNotices(deps)).toEqual({ mailed: 1, failed: 0, deferred: 0 });
    expect(await sendNotices(deps)).toEqual({ mailed: 0, failed: 0, deferred: 0 });
    expect(mails.sort()).toEqual(['a', 'b', 'pool 6000']);
  });

  it("mails only what the run's time allows and leaves the rest, unclaimed, to the next runs", async () => {
    const store = new MemoryNotices(Array.from({ length: 10 }, (_, i) => transfer(`t${i}`)));
    const mails: string[] = [];
    // Each mail takes 4 s of a run's clock; a run has 20 s left when its notices begin.
    let clock = 0;
    const deps = {
      store,
      now: () => new Date(NOW),
      log: silent,
      onMailFailure: () => undefined,
      mailUnmatched: async (t: TransferRecord) => {
        clock += 4_000;
        mails.push(t.txid);
      },
      mailPoolLow: async () => undefined,
    };
    const run = () => {
      clock = 0;
      return sendNotices(deps, () => 20_000 - clock);
    };
    // 20, 16 and 12 s left are at least the reserve; at 8 s the fourth begins, at 4 s none does.
    expect(20_000 - 3 * 4_000).toBeGreaterThanOrEqual(NOTICE_RESERVE_MS);
    expect(await run()).toEqual({ mailed: 4, failed: 0, deferred: 6 });
    expect(await run()).toEqual({ mailed: 4, failed: 0, deferred: 2 });
    expect(await run()).toEqual({ mailed: 2, failed: 0, deferred: 0 });
    expect(mails).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`));
    expect(store.mailed.size).toBe(10);
  });
});
