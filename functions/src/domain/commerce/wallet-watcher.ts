import type { Logger } from '../logger-port.js';
import type { TransferRecord } from '../records/transfer-record.js';
import type { SettleOutcome } from './binding.js';
import { TronApiError, type TronTransferApi } from './tron.js';
import { transfersToWallet, type BindingPolicy } from './transfers.js';

/**
 * The wallet watcher (job-watch-wallets, every minute; docs/data-model.md, "Wallet cursor"): for
 * each payment wallet, the confirmed USDT transfers to it since its cursor, read from TronGrid
 * page by page (newest first, following the fingerprint to the last page), each recorded once and
 * bound to its order (binding.ts). The cursor moves only after every transfer up to it is recorded
 * and settled, and each run reads a few minutes behind it, so a page that failed or a transfer
 * confirmed late is read again by a later run, never skipped. After an outage the runs catch up
 * from the cursor a window at a time. Then the admins' notices: each unmatched transfer, and each
 * price that ran low on amounts this hour, mailed once.
 */

/** How far behind its cursor each run reads again (late confirmations, a page that failed). */
export const WATCH_REREAD_MS = 5 * 60_000;
/** The most of a backlog one pass reads: a long outage is caught up window by window. */
export const WATCH_WINDOW_MS = 60 * 60_000;
/** A pass is not started with less than this left in the run (pages, recording, binding). */
export const WATCH_PASS_RESERVE_MS = 8_000;
/** Transfers settled at once (each is a few DynamoDB requests). */
const SETTLE_CONCURRENCY = 8;
/** Pages of one pass at most (200 transfers each): a window with more is split in half. */
const MAX_PAGES_PER_PASS = 25;

export interface WatchedWallet {
  address: string;
}

export interface WatcherStore {
  /**
   * The USDT (TRC20) wallets to watch: the active one, and any deactivated within `sinceIso`
   * (an order opened before the switch may still be paid to it).
   */
  wallets(sinceIso: string): Promise<WatchedWallet[]>;
  /** How far the wallet's transfers are recorded and settled (epoch ms); null before the first run. */
  readCursor(address: string): Promise<number | null>;
  /** Moves the cursor forward (never back). */
  saveCursor(address: string, cursorMs: number, at: string): Promise<void>;
  /** The stored records of these transaction ids (one BatchGetItem per 100). */
  existingTransfers(txids: readonly string[]): Promise<Map<string, TransferRecord>>;
  recordTransfer(transfer: TransferRecord): Promise<TransferRecord>;
}

export interface WatcherDeps {
  store: WatcherStore;
  tron: TronTransferApi;
  settle: (transfer: TransferRecord) => Promise<SettleOutcome>;
  policy: BindingPolicy;
  now: () => Date;
  log: Logger;
}

/** What a run counts: the pages read, the transfers seen, and what became of them. */
export interface WatchCounts {
  pages: number;
  transfers: number;
  recorded: number;
  bound: number;
  unmatched: number;
  failed: number;
}

const WATCH_COUNTERS = ['pages', 'transfers', 'recorded', 'bound', 'unmatched', 'failed'] as const;
const noCounts = (): WatchCounts => ({ pages: 0, transfers: 0, recorded: 0, bound: 0, unmatched: 0, failed: 0 });

export interface WalletRun extends WatchCounts {
  address: string;
  /** The cursor after the run (epoch ms), and whether the run reached the present. */
  cursorMs: number;
  caughtUp: boolean;
}

export interface WatchSummary extends WatchCounts {
  wallets: number;
  complete: boolean;
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Where a wallet never read before starts: as far back as an order still open now could have been paid. */
export const firstCursor = (nowMs: number, policy: BindingPolicy): number =>
  nowMs - (policy.openMinutes + policy.graceMinutes) * 60_000;

type PassResult =
  | { kind: 'read'; transfers: TransferRecord[]; pages: number }
  | { kind: 'too-many' }
  | { kind: 'failed'; pages: number; reason: string };

/** Every page of [from, to] for one wallet, following the fingerprint to the last page. */
async function readWindow(
  deps: WatcherDeps,
  address: string,
  from: number,
  /** Null: to the present. */
  to: number | null,
  budgetMs: () => number,
): Promise<PassResult> {
  const listed: { txid: string; from: string; to: string; units: bigint; blockTime: number }[] = [];
  let fingerprint: string | undefined;
  let pages = 0;
  do {
    if (pages >= MAX_PAGES_PER_PASS) return { kind: 'too-many' };
    try {
      const page = await deps.tron.incomingUsdtPage(
        address,
        {
          minTimestamp: from,
          // The window that reaches the present reads to the end: a block a moment newer than this
          // run's clock is recorded now, and read again (idempotently) by the next run.
          ...(to === null ? {} : { maxTimestamp: to }),
          ...(fingerprint ? { fingerprint } : {}),
        },
        { budgetMs: Math.max(1_000, Math.min(10_000, budgetMs() - WATCH_PASS_RESERVE_MS / 2)) },
      );
      pages += 1;
      listed.push(...page.transfers);
      fingerprint = page.fingerprint ?? undefined;
    } catch (error) {
      if (!(error instanceof TronApiError)) throw error;
      return { kind: 'failed', pages, reason: error.message };
    }
  } while (fingerprint);
  return { kind: 'read', transfers: transfersToWallet(listed, address, deps.now().toISOString()), pages };
}

/** One wallet: passes from its cursor to the present, while the run has time. */
export async function watchWallet(deps: WatcherDeps, address: string, remainingMs: () => number): Promise<WalletRun> {
  const runStart = deps.now().getTime();
  const run: WalletRun = {
    address,
    ...noCounts(),
    cursorMs: (await deps.store.readCursor(address)) ?? firstCursor(runStart, deps.policy),
    caughtUp: false,
  };
  let windowMs = WATCH_WINDOW_MS;
  while (remainingMs() > WATCH_PASS_RESERVE_MS) {
    const from = run.cursorMs - WATCH_REREAD_MS;
    const to = Math.min(runStart, run.cursorMs + windowMs);
    const read = await readWindow(deps, address, from, to >= runStart ? null : to, remainingMs);
    if (read.kind === 'too-many') {
      // More transfers in the window than a pass reads: a narrower window (down to a minute).
      if (windowMs <= 60_000) throw new Error(`wallet ${address}: too many transfers in one minute to page through`);
      windowMs = Math.floor(windowMs / 2);
      continue;
    }
    run.pages += read.pages;
    if (read.kind === 'failed') {
      // The cursor stays: the next run reads this window again from the start.
      run.failed += 1;
      deps.log.warn('wallet watcher page failed; the next run reads it again', { address, reason: read.reason });
      break;
    }
    run.transfers += read.transfers.length;
    const unsettledAt = await recordAndSettle(deps, read.transfers, run);
    if (unsettledAt !== null) {
      // Not past a transfer that is not settled yet: the next run reads it again.
      run.cursorMs = Math.max(run.cursorMs, Math.min(to, unsettledAt));
      await deps.store.saveCursor(address, run.cursorMs, deps.now().toISOString());
      break;
    }
    run.cursorMs = to;
    await deps.store.saveCursor(address, run.cursorMs, deps.now().toISOString());
    if (to >= runStart) {
      run.caughtUp = true;
      break;
    }
  }
  return run;
}

/**
 * Records the transfers not recorded yet and settles every one not settled yet. Answers the block
 * time of the earliest one left unsettled (a failure), or null when all are settled.
 */
async function recordAndSettle(deps: WatcherDeps, transfers: TransferRecord[], run: WalletRun): Promise<number | null> {
  const existing = await deps.store.existingTransfers(transfers.map((t) => t.txid));
  let unsettledAt: number | null = null;
  await eachLimited(transfers, SETTLE_CONCURRENCY, async (listed) => {
    try {
      let transfer = existing.get(listed.txid);
      if (!transfer) {
        transfer = await deps.store.recordTransfer(listed);
        run.recorded += 1;
      }
      if (transfer.state !== 'recorded') return;
      const outcome = await deps.settle(transfer);
      if (outcome.kind === 'bound') run.bound += 1;
      if (outcome.kind === 'unmatched') run.unmatched += 1;
    } catch (error) {
      run.failed += 1;
      unsettledAt = Math.min(unsettledAt ?? listed.blockTime, listed.blockTime);
      deps.log.error('transfer not settled; the next run tries again', {
        txid: listed.txid,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  return unsettledAt;
}

/** job-watch-wallets' sweep over the wallets (the notices are sent after it, notices.ts). */
export async function watchWallets(deps: WatcherDeps, remainingMs: () => number): Promise<WatchSummary> {
  const since = new Date(
    deps.now().getTime() - (deps.policy.openMinutes + deps.policy.graceMinutes) * 60_000 - WATCH_REREAD_MS,
  );
  const wallets = await deps.store.wallets(since.toISOString());
  const summary: WatchSummary = { wallets: wallets.length, ...noCounts(), complete: true };
  for (const wallet of wallets) {
    if (remainingMs() <= WATCH_PASS_RESERVE_MS) {
      summary.complete = false;
      break;
    }
    const run = await watchWallet(deps, wallet.address, remainingMs);
    for (const counter of WATCH_COUNTERS) summary[counter] += run[counter];
    if (!run.caughtUp) summary.complete = false;
  }
  return summary;
}
