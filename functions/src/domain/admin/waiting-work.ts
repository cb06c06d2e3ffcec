import { WORK_KINDS, type WorkCountsResponse, type WorkKind } from '@goldbot/shared';

/**
 * What waits for the administrators, kind by kind (docs/data-model.md, "What waits for the
 * administrators"): how many wait now (the navigation's counts) and what arrived in a window (the
 * new-work mail). Each kind is read through its own small readers, injected, so a kind this server
 * does not have yet reads as "none here" (null) instead of a made-up zero.
 */

/** How many of a kind wait now, from a counter kept in the same transactions as the status changes; null: no count here. */
export type WaitingReader = () => Promise<number | null>;

/** One thing that arrived, as the mail lists it. */
export interface ArrivedWork {
  id: string;
  /** ISO time it arrived. */
  at: string;
  /** Who it is from: a customer's name and address. */
  who: string;
  /** What it is, in a few words: the package and amount, the withdrawal's amount and address, a message's start. */
  what: string;
}

/** What arrived in a window and still waits: the first `limit` of them, oldest first, and how many in all. */
export interface Arrivals {
  items: ArrivedWork[];
  total: number;
}

/** A window of arrival times: after `since`, up to and including `until` (ISO). */
export interface ArrivalWindow {
  since: string;
  until: string;
}

export type ArrivalsReader = (window: ArrivalWindow, limit: number) => Promise<Arrivals>;

/** One kind of work as this server knows it. */
export interface WorkSource {
  waiting: WaitingReader;
  /**
   * What the new-work mail needs: the arrivals in a window and the back-office screen where the
   * work is done (a path such as `/admin/payments`). Null: this server cannot list the kind's
   * arrivals, so the mail never reports it and Subscription Settings shows no switch for it.
   */
  mail: { arrivals: ArrivalsReader; screen: string } | null;
}

export type WorkSources = Readonly<Record<WorkKind, WorkSource>>;

/** The kinds the new-work mail can report on this server, in WORK_KINDS order. */
export const mailKindsOf = (sources: WorkSources): WorkKind[] =>
  WORK_KINDS.filter((kind) => sources[kind].mail !== null);

/** `admin-work-counts`: every kind's count at once; null for a kind this server keeps no count of. */
export async function readWorkCounts(sources: WorkSources): Promise<WorkCountsResponse> {
  const values = await Promise.all(WORK_KINDS.map((kind) => sources[kind].waiting()));
  const counts = Object.fromEntries(WORK_KINDS.map((kind, index) => [kind, values[index] ?? null]));
  return { success: true, counts: counts as WorkCountsResponse['counts'] };
}
