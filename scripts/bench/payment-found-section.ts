import { ORDER } from '@goldbot/shared';
import { withBenchStack } from './bench-stack.js';
import type { Check } from './budget.js';
import { list, paragraphs, renderTable } from './markdown.js';
import { measuredOn } from './machine.js';
import { GIVE_UP_MS, POLL_MS, measurePaymentFound, type FoundSample } from './payment-found-latency.js';
import type { BenchSection } from './section.js';
import { WatcherLog, measureCatchUp, measureIdle, type CatchUpFigures, type IdleFigures } from './watcher-catch-up.js';

/**
 * Payments found on the chain: how soon a customer's order says `found` after the transfer
 * confirms (the wallet watcher runs every minute), and how the watcher catches up after an
 * outage, with its requests to TronGrid counted. Both on a local stack of their own, its scheduler
 * running the watcher as EventBridge Scheduler does in AWS.
 */
export const FOUND_BUDGET_SECONDS = 75;
/** Transfers spread over the watcher's minute (one every 15 s). */
export const FOUND_SAMPLES = 4;
export const FOUND_SPACING_MS = 15_000;
export const CATCH_UP = { transfers: 1_000, backlogHours: 6 } as const;
/**
 * The longest a watcher run may take: its lease (functions/src/handlers/job-watch-wallets.ts,
 * WATCH_LEASE_MAX_MS), past which a second run may start beside it. In AWS the function's timeout
 * (50 s, infra/lib/constructs/scheduled-job.ts) stops it earlier still.
 */
export const RUN_LIMIT_MS = 55_000;
/** Minutes of a watcher with nothing new, to count its requests per run. */
export const IDLE_MINUTES = 2;
/** TronGrid's free tier, per account and day (developers.tron.network, "Rate Limits"). */
export const TRONGRID_FREE_REQUESTS_PER_DAY = 100_000;
export const MINUTES_PER_DAY = 1_440;

export function judgeFound(samples: readonly FoundSample[]): Check {
  const label = 'transfer confirmed → order found';
  if (samples.length === 0) return { label, verdict: 'error', detail: 'no transfer was measured' };
  const missed = samples.filter((s) => s.foundAfterSeconds === null);
  if (missed.length > 0) {
    return {
      label,
      verdict: 'fail',
      detail: `${missed.length} of ${samples.length} transfers were not found within ${GIVE_UP_MS / 1000} s`,
    };
  }
  const worst = Math.max(...samples.map((s) => s.foundAfterSeconds ?? Number.POSITIVE_INFINITY));
  return {
    label,
    verdict: worst <= FOUND_BUDGET_SECONDS ? 'pass' : 'fail',
    detail: `at most ${worst.toFixed(1)} s over ${samples.length} transfers, budget ≤ ${FOUND_BUDGET_SECONDS} s`,
  };
}

/** Each run ends within its lease, or two runs overlap (and in AWS the timeout cuts the longer one short). */
export function judgeRunLength(figures: Pick<CatchUpFigures, 'longestRunMs' | 'runs'>): Check {
  const label = 'longest watcher run while catching up';
  const detail = `${(figures.longestRunMs / 1000).toFixed(1)} s over ${figures.runs} runs, budget ≤ ${RUN_LIMIT_MS / 1000} s (its lease)`;
  if (figures.runs === 0) return { label, verdict: 'error', detail: 'no run of the catch-up logged its end' };
  return { label, verdict: figures.longestRunMs <= RUN_LIMIT_MS ? 'pass' : 'fail', detail };
}

export function judgeCatchUp(figures: CatchUpFigures): Check {
  const label = `catch-up of ${figures.transfers.toLocaleString('en-US')} transfers over ${figures.backlogHours} h`;
  if (figures.caughtUpSeconds === null) {
    return { label, verdict: 'fail', detail: `not caught up after ${figures.runs} runs` };
  }
  const detail =
    `${figures.recorded.toLocaleString('en-US')} recorded in ${figures.caughtUpSeconds.toFixed(0)} s, ` +
    `${figures.runs} runs (${figures.incompleteRuns} stopped at their time budget), ${figures.listingRequests} TronGrid requests`;
  // Every transfer of the backlog must be recorded: one lost is a payment nobody sees.
  return { label, verdict: figures.recorded === figures.transfers ? 'pass' : 'fail', detail };
}

/** TronGrid requests a day for one wallet at the idle rate measured (one run a minute). */
export const requestsPerDay = (idle: IdleFigures) =>
  idle.runs === 0 ? Number.NaN : Math.round((idle.listingRequests / idle.runs) * MINUTES_PER_DAY);

export function foundTable(samples: readonly FoundSample[]): string {
  return renderTable(
    ['Transfer', 'Confirmed at (second of the minute)', 'Order found after'],
    samples.map((s, i) => [
      String(i + 1),
      `:${String(s.sentAtSecond).padStart(2, '0')}`,
      s.foundAfterSeconds === null ? 'never' : `${s.foundAfterSeconds.toFixed(1)} s`,
    ]),
    ['right', 'right', 'right'],
  );
}

export const paymentFoundSection: BenchSection = {
  id: 'payment-found',
  title: 'Payments found on the chain',
  budget:
    `a confirmed transfer shows as found on its order within ${FOUND_BUDGET_SECONDS} s with the watcher every minute; ` +
    `a ${CATCH_UP.backlogHours}-hour backlog of ${CATCH_UP.transfers.toLocaleString('en-US')} transfers is caught up, every one recorded, ` +
    `each run within its ${RUN_LIMIT_MS / 1000} s lease, its TronGrid requests counted`,
  async run({ options, log, machine, startedAt }) {
    // The watcher's `job completed` lines (info) say how its runs went.
    const env = { LOG_LEVEL: 'info' };
    return withBenchStack({ root: options.root, tmpPrefix: 'goldbot-bench-found-', log, env }, async (stack) => {
      const counter = new WatcherLog(stack.child.stdout);
      const info = stack.info;
      log(`  ${FOUND_SAMPLES} transfers, one every ${FOUND_SPACING_MS / 1000} s, each followed until found...`);
      const samples = await measurePaymentFound(info, { samples: FOUND_SAMPLES, spacingMs: FOUND_SPACING_MS, log });
      const wallet = samples.wallet;
      log(`  ${IDLE_MINUTES} minutes with nothing new to read...`);
      const idle = await measureIdle(info, wallet, counter, IDLE_MINUTES);
      log(`  a ${CATCH_UP.backlogHours}-hour outage with ${CATCH_UP.transfers} transfers...`);
      const catchUp = await measureCatchUp(info, wallet, counter, { ...CATCH_UP, log });

      const perDay = requestsPerDay(idle);
      const checks: Check[] = [
        judgeFound(samples.samples),
        judgeCatchUp(catchUp),
        judgeRunLength(catchUp),
        {
          label: 'TronGrid requests per wallet and day, idle',
          verdict: 'reported',
          detail: `${perDay.toLocaleString('en-US')} (${idle.listingRequests} in ${idle.runs} runs), free tier ${TRONGRID_FREE_REQUESTS_PER_DAY.toLocaleString('en-US')}`,
        },
      ];
      if (counter.failures.length > 0) {
        checks.push({ label: 'watcher runs', verdict: 'error', detail: counter.failures.slice(0, 3).join('; ') });
      }
      const worst = Math.max(...samples.samples.map((s) => s.foundAfterSeconds ?? Number.NaN));
      const markdown = paragraphs(
        '### Payments found on the chain',
        `Budget: a confirmed transfer of an order's exact amount shows on that order as \`found\` within ` +
          `${FOUND_BUDGET_SECONDS} s, with the wallet watcher (\`job-watch-wallets\`) running every minute; after a ` +
          `${CATCH_UP.backlogHours}-hour outage with ${CATCH_UP.transfers.toLocaleString('en-US')} transfers, the ` +
          `runs catch up and record every one, each run ending within its ${RUN_LIMIT_MS / 1000} s lease (else a ` +
          'second run starts beside it, and in AWS the 50 s timeout stops it half-way). A transfer not found, one ' +
          'lost in the catch-up, or a run past its lease fails the run.',
        `**Transfer to found**: at most ${Number.isNaN(worst) ? '—' : `${worst.toFixed(1)} s`} over ` +
          `${samples.samples.length} transfers. The payment window asks every ${ORDER.statePollMs / 1000} s, so the ` +
          'customer reads "Payment found" up to that much later.',
        foundTable(samples.samples),
        `**Catch-up**: ${catchUp.transfers.toLocaleString('en-US')} transfers over ${catchUp.backlogHours} h, ` +
          `${catchUp.recorded.toLocaleString('en-US')} recorded; caught up ` +
          (catchUp.caughtUpSeconds === null ? 'never' : `${catchUp.caughtUpSeconds.toFixed(0)} s`) +
          ` after the outage ended; ${catchUp.runs} scheduled run${catchUp.runs === 1 ? '' : 's'} up to the first quiet one ` +
          `after (${catchUp.incompleteRuns} of them used the run's time budget before reaching the present, and the next ` +
          `went on from the cursor), with ${catchUp.listingRequests} requests ` +
          `to TronGrid\u2019s listing of the wallet. The longest run took ${(catchUp.longestRunMs / 1000).toFixed(0)} s` +
          (catchUp.longestRunMs > RUN_LIMIT_MS
            ? ` (**over its ${RUN_LIMIT_MS / 1000} s lease**)`
            : ` (the sweep and the admins' notices share the run's time; notices that do not fit are mailed by the next runs)`) +
          `; the runs mailed ${catchUp.noticesMailed.toLocaleString('en-US')} notices of unmatched transfers meanwhile.`,
        renderTable(
          ['Watcher', 'Runs', 'TronGrid requests', 'Per run'],
          [
            [
              `idle, ${IDLE_MINUTES} minutes`,
              String(idle.runs),
              String(idle.listingRequests),
              idle.runs === 0 ? '—' : (idle.listingRequests / idle.runs).toFixed(1),
            ],
            [
              `catch-up, ${catchUp.backlogHours} h backlog`,
              String(catchUp.runs),
              String(catchUp.listingRequests),
              catchUp.runs === 0 ? '—' : (catchUp.listingRequests / catchUp.runs).toFixed(1),
            ],
          ],
          ['left', 'right', 'right', 'right'],
        ),
        `At the idle rate one wallet costs about ${perDay.toLocaleString('en-US')} TronGrid requests a day ` +
          `(one run a minute), against the free tier's ${TRONGRID_FREE_REQUESTS_PER_DAY.toLocaleString('en-US')} ` +
          'per account (docs/operations.md, "TronGrid requests of the wallet watcher").',
        'How it is measured (`scripts/bench/payment-found-section.ts`, `payment-found-latency.ts`, `watcher-catch-up.ts`):',
        list(
          'A local stack on free ports with a throw-away data folder, as the integration suite starts it; its ' +
            'scheduler runs the watcher every minute (a tick every 15 s, so each run starts at the same second of ' +
            'its minute, like EventBridge Scheduler). The TRON double answers TronGrid\u2019s listing ' +
            '(`GET /v1/accounts/{address}/transactions/trc20`) and counts its requests (`GET /__double/calls?path=`).',
          `Transfer to found: ${FOUND_SAMPLES} customers each open a Basic order; one transfer of an order's exact ` +
            `amount is confirmed every ${FOUND_SPACING_MS / 1000} s through \`POST /__double/transfer\` (so the ` +
            "transfers fall at different seconds of the watcher's minute, just after a run and just before one), and " +
            `each order is asked \`GET /api/payment/order/{orderId}\` every ${POLL_MS / 1000} s until it says \`found\`.`,
          `Catch-up: right after a run, ${CATCH_UP.transfers.toLocaleString('en-US')} transfers of amounts no order ` +
            `asks for are confirmed at block times spread evenly over the last ${CATCH_UP.backlogHours} hours, and ` +
            `the wallet's cursor is put back ${CATCH_UP.backlogHours} hours, as if no run had happened since. The ` +
            'scheduled runs then read the backlog an hour at a time (each reading 5 minutes behind its cursor) until ' +
            'the cursor reaches the end of the outage; every transfer\u2019s record is then read back. As none fits ' +
            'an order, each is listed as unmatched and its notice mailed to the admins.',
        ),
        measuredOn(startedAt, machine),
      );
      return { markdown, checks };
    });
  },
};
