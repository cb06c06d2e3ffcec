import { randomUUID } from 'node:crypto';
import { watchWallets } from '../domain/commerce/wallet-watcher.js';
import { sendNotices } from '../domain/commerce/watch-notices.js';
import { runAlone } from '../domain/jobs/job-lease.js';
import { defineJob } from '../kit/job-handler.js';
import { jobLeaseDeps } from '../wiring/jobs.js';
import { sendNoticesDeps, watchWalletsDeps } from '../wiring/watcher-deps.js';

/**
 * Every minute (shared/src/schedules.ts): the wallet watcher. The confirmed USDT transfers to the
 * payment wallets since each wallet's cursor are recorded and bound to the order whose exact amount
 * they carry (domain/commerce/wallet-watcher.ts, binding.ts), then the administrators are told of
 * unmatched transfers and of prices running out of amounts, as many as the run's time allows (the
 * next run mails the rest). One run at a time (a lease, as
 * job-chain-recheck's); a run that stops early or fails a page throws after its summary, so Lambda
 * retries it, and the next scheduled run reads from the cursor anyway.
 */
/** The longest a run holds its lease: under the function's timeout (infra scheduled-job.ts), never the local 15 minutes. */
export const WATCH_LEASE_MAX_MS = 55_000;

export const handler = defineJob('job-watch-wallets', async ({ now, log, remainingMs }) => {
  const deps = watchWalletsDeps(log);
  if (!deps) {
    log.warn('no TRON API configured (TRON_API_URL): no wallet is watched');
    return { processed: 0, failed: 0, complete: true, notConfigured: 1 };
  }
  const nowMs = now.getTime();
  const budget = () => Math.min(remainingMs(), WATCH_LEASE_MAX_MS - (Date.now() - nowMs));
  const leased = await runAlone(
    jobLeaseDeps('job-watch-wallets'),
    { holder: randomUUID(), nowMs, untilMs: nowMs + Math.min(remainingMs(), WATCH_LEASE_MAX_MS) },
    async () => {
      const watched = await watchWallets(deps, budget);
      const notices = await sendNotices(sendNoticesDeps(log), budget);
      return { watched, notices };
    },
  );
  if (!leased.ran) {
    log.info('another wallet watcher run holds the lease; this one stops');
    return { processed: 0, failed: 0, complete: true, leaseHeld: 1 };
  }
  const { watched, notices } = leased.result;
  return {
    processed: watched.transfers,
    failed: watched.failed + notices.failed,
    complete: watched.complete,
    wallets: watched.wallets,
    pages: watched.pages,
    recorded: watched.recorded,
    bound: watched.bound,
    unmatched: watched.unmatched,
    noticesMailed: notices.mailed,
    noticesDeferred: notices.deferred,
  };
});
