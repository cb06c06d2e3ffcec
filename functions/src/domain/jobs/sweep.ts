/**
 * The loop every scheduled job runs (shared/src/schedules.ts): read a page of due items, do each
 * one, count how each ended, and go on to the next page. One item's failure is reported and
 * counted, never thrown, so it does not stop the rest; the job stops early, and says so, when the
 * run is about to hit its time limit. Plain code without AWS: the pages come from the job's store.
 */
export interface Page<T> {
  items: readonly T[];
  /** Where the next page starts; undefined when this was the last one. */
  cursor?: string;
}

export interface SweepOptions<T, O extends string> {
  readPage: (cursor: string | undefined) => Promise<Page<T>>;
  /** Does one item and says how it ended (`expired`, `mailed`, `skipped`...). Throwing = failed. */
  handle: (item: T) => Promise<O>;
  /** Told about each failed item (the job logs it with the item's ids). */
  onFailure: (item: T, error: unknown) => void;
  /** Milliseconds left in this run. */
  remainingMs: () => number;
  /** Stop starting new items when less than this is left (default 15 s). */
  reserveMs?: number;
}

export interface SweepResult<O extends string> {
  processed: number;
  failed: number;
  /** False when the run stopped before the last page (time budget). */
  complete: boolean;
  outcomes: Partial<Record<O, number>>;
}

export const DEFAULT_RESERVE_MS = 15_000;

export async function sweep<T, O extends string>(options: SweepOptions<T, O>): Promise<SweepResult<O>> {
  const reserve = options.reserveMs ?? DEFAULT_RESERVE_MS;
  const outcomes: Partial<Record<O, number>> = {};
  let processed = 0;
  let failed = 0;
  let cursor: string | undefined;
  do {
    if (options.remainingMs() < reserve) return { processed, failed, complete: false, outcomes };
    const page = await options.readPage(cursor);
    for (const item of page.items) {
      if (options.remainingMs() < reserve) return { processed, failed, complete: false, outcomes };
      processed += 1;
      try {
        const outcome = await options.handle(item);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        failed += 1;
        options.onFailure(item, error);
      }
    }
    cursor = page.cursor;
  } while (cursor !== undefined);
  return { processed, failed, complete: true, outcomes };
}

/** `YYYY-MM-DD` plus `days` calendar days (UTC). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000);
}
