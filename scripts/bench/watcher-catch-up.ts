import { randomBytes } from 'node:crypto';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { localDynamoClient } from '../local/dynamodb-local.js';
import type { LocalStackInfo } from '../local/stack.js';
import { transferKey, watchCursorKey } from '../../functions/src/data/transfer-entity.js';
import { sleep } from '../../functions/src/lib/retry.js';
import { eachLimited } from './each-limited.js';

/**
 * The wallet watcher after an outage, on a local stack whose scheduler runs it every minute: the
 * wallet's cursor is put back `backlogHours`, `transfers` confirmed USDT transfers are spread over
 * those hours in the TRON double (`POST /__double/transfer` with their block times), and the
 * scheduled runs catch up. Measured: the time and the runs until the cursor reaches the moment the
 * outage ended, whether every transfer was recorded, and the watcher's requests to TRON's listing
 * (the double counts them: `GET /__double/calls?path=`).
 */
export interface CatchUpFigures {
  transfers: number;
  backlogHours: number;
  /**
   * Seconds from the end of the outage to the cursor reaching it (the first scheduled run starts
   * within a minute of the end); null when it never did.
   */
  caughtUpSeconds: number | null;
  /** Scheduled runs of the watcher from the end of the outage until caught up, and the first quiet one after. */
  runs: number;
  /** Of those, the runs that used their time budget before reaching the present (the next went on). */
  incompleteRuns: number;
  /** The longest run (ms), and the admins' notices of unmatched transfers mailed meanwhile. */
  longestRunMs: number;
  noticesMailed: number;
  /** Requests to TronGrid's listing of the wallet while catching up. */
  listingRequests: number;
  /** How many of the backlog's transfers the table holds afterwards. */
  recorded: number;
}

export interface IdleFigures {
  runs: number;
  listingRequests: number;
}

type StackInfo = Pick<LocalStackInfo, 'urls' | 'tableName'>;

/**
 * What the stack's output says of the watcher's runs (its handlers log JSON lines; the section
 * starts the stack with LOG_LEVEL=info): each run writes one `job completed` line, with its
 * duration, whether it reached the present (`complete`), or `leaseHeld` when another run held the
 * lease and it stopped at once. A run that used its time budget before reaching the present ends
 * "stopped before the end (time budget); 0 item(s) failed", by design (the next run goes on from the
 * cursor): incomplete, not failed. Any other failure the scheduler reports is one.
 */
export class WatcherLog {
  /** Runs that watched (not the ones that found the lease held). */
  runs = 0;
  /** Runs that reached the present (`complete`), and the ones that used their time budget first. */
  complete = 0;
  incomplete = 0;
  leaseHeld = 0;
  longestRunMs = 0;
  noticesMailed = 0;
  failures: string[] = [];
  constructor(output: NodeJS.ReadableStream | null) {
    let pending = '';
    output?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.read(line);
    });
  }

  read(line: string) {
    if (line.startsWith('{')) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (entry.message !== 'job completed' || entry.job !== 'job-watch-wallets') return;
      if (entry.leaseHeld) {
        this.leaseHeld += 1;
        return;
      }
      this.runs += 1;
      if (entry.complete === false) this.incomplete += 1;
      else this.complete += 1;
      if (typeof entry.durationMs === 'number') this.longestRunMs = Math.max(this.longestRunMs, entry.durationMs);
      if (typeof entry.noticesMailed === 'number') this.noticesMailed += entry.noticesMailed;
      return;
    }
    if (line.includes('scheduler: job-watch-wallets failed') && !line.includes('(time budget); 0 item(s) failed')) {
      this.failures.push(line.trim());
    }
  }
}

export const listingPath = (wallet: string) => `/v1/accounts/${wallet}/transactions/trc20`;

/** The double's count of requests to the wallet's listing. */
export async function listingRequests(info: StackInfo, wallet: string): Promise<number> {
  const answer = await fetch(`${info.urls.tron}/__double/calls?path=${encodeURIComponent(listingPath(wallet))}`);
  if (!answer.ok) throw new Error(`GET /__double/calls answered HTTP ${answer.status}`);
  return ((await answer.json()) as { calls: number }).calls;
}

function documentClient(info: StackInfo) {
  return DynamoDBDocumentClient.from(localDynamoClient(info.urls.dynamodb));
}

async function readCursor(db: DynamoDBDocumentClient, info: StackInfo, wallet: string) {
  const { Item } = await db.send(
    new GetCommand({ TableName: info.tableName, Key: watchCursorKey(wallet), ConsistentRead: true }),
  );
  return typeof Item?.cursorMs === 'number' ? { cursorMs: Item.cursorMs, updatedAt: String(Item.updatedAt) } : null;
}

/** Waits for the next scheduled run to save the wallet's cursor, and answers right after it. */
async function afterNextRun(db: DynamoDBDocumentClient, info: StackInfo, wallet: string, timeoutMs = 150_000) {
  const before = (await readCursor(db, info, wallet))?.updatedAt;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = await readCursor(db, info, wallet);
    if (now && now.updatedAt !== before) return now;
    await sleep(500);
  }
  throw new Error(`the wallet watcher saved no cursor for ${wallet} within ${timeoutMs / 1000} s`);
}

/** The scheduler's runs and the listing requests over `minutes` of a watcher with nothing new to read. */
/** Waits (up to `timeoutMs`) for the run that just saved its cursor to log its line: it does when it ends. */
async function lineOfRunAfter(counter: WatcherLog, before: number, timeoutMs = 120_000) {
  for (const until = Date.now() + timeoutMs; counter.runs === before && Date.now() < until;) await sleep(250);
}

/** The scheduler's runs and the listing requests over `minutes` of a watcher with nothing new to read. */
export async function measureIdle(
  info: StackInfo,
  wallet: string,
  counter: WatcherLog,
  minutes: number,
): Promise<IdleFigures> {
  const db = documentClient(info);
  let before = counter.runs;
  await afterNextRun(db, info, wallet);
  await lineOfRunAfter(counter, before);
  const runs = counter.runs;
  const requests = await listingRequests(info, wallet);
  for (let i = 0; i < minutes; i += 1) {
    before = counter.runs;
    await afterNextRun(db, info, wallet);
    await lineOfRunAfter(counter, before);
  }
  return { runs: counter.runs - runs, listingRequests: (await listingRequests(info, wallet)) - requests };
}

/** `count` block times spread evenly over [from, to), oldest first. */
export const spreadTimes = (count: number, from: number, to: number): number[] =>
  Array.from({ length: count }, (_, i) => Math.floor(from + ((to - from) * (i + 0.5)) / count));

/** An amount no order asks for: whole dollars and 3 cents (a price plus a tag is never that round below 3). */
const strayAmount = (i: number) => `${17 + (i % 23)}.03`;

export async function measureCatchUp(
  info: StackInfo,
  wallet: string,
  counter: WatcherLog,
  { transfers, backlogHours, log }: { transfers: number; backlogHours: number; log: (line: string) => void },
): Promise<CatchUpFigures> {
  const db = documentClient(info);
  // Right after a run, so none is under way while the outage is staged (the next is a minute away).
  const previous = counter.runs;
  await afterNextRun(db, info, wallet);
  await lineOfRunAfter(counter, previous, 30_000);
  const outageEnd = Date.now() - 1_000;
  const outageStart = outageEnd - backlogHours * 3_600_000;
  const txids = Array.from({ length: transfers }, () => randomBytes(32).toString('hex'));
  const times = spreadTimes(transfers, outageStart, outageEnd);
  await eachLimited(
    txids.map((txid, i) => ({ txid, i })),
    8,
    async ({ txid, i }) => {
      const answer = await fetch(`${info.urls.tron}/__double/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: wallet, amount: strayAmount(i), txid, blockTimestamp: times[i] }),
      });
      if (answer.status !== 201) throw new Error(`POST /__double/transfer answered HTTP ${answer.status}`);
    },
  );
  // The outage: the watcher last ran `backlogHours` ago (the transfers are staged first, so no run
  // reads a window before all of its transfers are on the chain, as on the real one).
  await db.send(
    new PutCommand({
      TableName: info.tableName,
      Item: {
        ...watchCursorKey(wallet),
        entity: 'WatchCursor',
        address: wallet,
        cursorMs: outageStart,
        updatedAt: new Date(outageStart).toISOString(),
      },
    }),
  );
  log(`  ${transfers} transfers over ${backlogHours} h staged; the watcher's cursor put back ${backlogHours} h`);

  const requestsBefore = await listingRequests(info, wallet);
  const runsBefore = counter.runs;
  const incompleteBefore = counter.incomplete;
  const mailedBefore = counter.noticesMailed;
  counter.longestRunMs = 0;
  // The outage ends now: the next scheduled run starts within a minute, and the runs catch up.
  const startedAt = Date.now();
  const deadline = startedAt + 15 * 60_000;
  let caughtUpSeconds: number | null = null;
  while (Date.now() < deadline) {
    const cursor = await afterNextRun(db, info, wallet, deadline - Date.now());
    log(`  cursor at ${new Date(cursor.cursorMs).toISOString()}`);
    if (cursor.cursorMs >= outageEnd) {
      caughtUpSeconds = (Date.now() - startedAt) / 1000;
      break;
    }
  }
  // Runs log their line when they end, after mailing their notices, and a long one may still be
  // under way when a later run catches up: wait for the first run after that to end complete (up
  // to 5 minutes), so every run of the catch-up has logged.
  const completeBefore = counter.complete;
  for (const until = Date.now() + 5 * 60_000; counter.complete === completeBefore && Date.now() < until;) {
    await sleep(500);
  }
  const runs = counter.runs - runsBefore;
  const incompleteRuns = counter.incomplete - incompleteBefore;
  const listing = (await listingRequests(info, wallet)) - requestsBefore;

  let recorded = 0;
  for (let i = 0; i < txids.length; i += 100) {
    const keys = txids.slice(i, i + 100).map(transferKey);
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [info.tableName]: { Keys: keys },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.send(new BatchGetCommand({ RequestItems: request }));
      recorded += result.Responses?.[info.tableName]?.length ?? 0;
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return {
    transfers,
    backlogHours,
    caughtUpSeconds,
    runs,
    incompleteRuns,
    longestRunMs: counter.longestRunMs,
    noticesMailed: counter.noticesMailed - mailedBefore,
    listingRequests: listing,
    recorded,
  };
}
