import type { SubscriptionRecord } from '../records/subscription-record.js';
import { utcDay } from '../commerce/package-dates.js';
import { sweep, type Page } from './sweep.js';

/**
 * `job-expire-subscriptions` (00:05 UTC; docs/data-model.md, "Expiry job"): every active
 * subscription whose end date has passed (endDate < today, UTC) becomes `expired`. The store reads
 * the sparse expiry index page by page, so the job only ever reads what is due; each expiry is one
 * conditional transaction (status, index keys, the subscription counters), so a second run, or two runs at
 * once, expire each row exactly once. A day the job missed is caught up by the next run.
 *
 * `hasActiveBasicPackage` needs no write here: it is derived at read time from the profile's
 * `basicPaidThrough` (the end of the last paid Basic month, package-dates.ts `basicIsActive`). An
 * expiring Basic row has endDate < today; if it was the last paid month, basicPaidThrough equals
 * that endDate and the flag is already false; if an extension follows, it stays true, as it must.
 */
export interface ExpiryStore {
  /** One page of the expiry index with endDate < today, oldest first. */
  dueForExpiry(today: string, cursor: string | undefined): Promise<Page<SubscriptionRecord>>;
  /**
   * active → expired in one transaction (condition: still active with this endDate): the index keys
   * are removed and STATS#SUBSCRIPTIONS MONTH#<createdAt month> moves active -1, expired +1.
   * False when the condition failed: another run (or nothing to do) got there first.
   */
  expire(subscription: SubscriptionRecord, at: string): Promise<boolean>;
}

export type ExpiryOutcome = 'expired' | 'alreadyExpired' | 'notDue';

export interface ExpiryDeps {
  store: ExpiryStore;
  now: Date;
  remainingMs: () => number;
  onFailure: (subscription: SubscriptionRecord, error: unknown) => void;
}

/** Whether a row is due: active, with an end date before `today` (Ultimate has none and never is). */
export const isDueForExpiry = (sub: Pick<SubscriptionRecord, 'status' | 'endDate'>, today: string): boolean =>
  sub.status === 'active' && sub.endDate !== null && sub.endDate < today;

export async function expireSubscriptions(deps: ExpiryDeps) {
  const today = utcDay(deps.now);
  const at = deps.now.toISOString();
  const result = await sweep<SubscriptionRecord, ExpiryOutcome>({
    readPage: (cursor) => deps.store.dueForExpiry(today, cursor),
    // The index is eventually consistent: a row another run just expired may still be listed, and
    // the transaction's condition is what decides.
    handle: async (sub) => {
      if (!isDueForExpiry(sub, today)) return 'notDue';
      return (await deps.store.expire(sub, at)) ? 'expired' : 'alreadyExpired';
    },
    onFailure: deps.onFailure,
    remainingMs: deps.remainingMs,
  });
  return {
    processed: result.processed,
    expired: result.outcomes.expired ?? 0,
    alreadyExpired: (result.outcomes.alreadyExpired ?? 0) + (result.outcomes.notDue ?? 0),
    failed: result.failed,
    complete: result.complete,
  };
}
