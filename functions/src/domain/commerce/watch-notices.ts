import type { OnMailFailure } from '../email/mail-failure.js';
import type { Logger } from '../logger-port.js';
import type { TransferRecord } from '../records/transfer-record.js';

/**
 * What job-watch-wallets tells the administrators after its sweep (docs/data-model.md, "Transfer"
 * and "Amount pool alert"): each unmatched transfer once, and each price that ran low on free
 * amounts once per hour. Claim first, then mail, and give the claim back when the mail failed, so
 * the next run tries again and a mail never goes twice.
 */
export interface PoolAlert {
  hour: string;
  priceCents: number;
  freeAmounts: number;
  firstSeenAt: string;
  mailedAt: string | null;
}

export interface NoticeStore {
  /** Unmatched transfers recorded since `sinceIso` whose admins were not mailed yet (GSI1 TRANSFERS#UNMATCHED). */
  unmailedUnmatched(sinceIso: string): Promise<TransferRecord[]>;
  claimUnmatchedMail(txid: string, at: string): Promise<boolean>;
  undoUnmatchedMail(txid: string, at: string): Promise<void>;
  /** The pool alerts of these hours (`yyyy-mm-ddThh`). */
  poolAlerts(hours: readonly string[]): Promise<PoolAlert[]>;
  claimPoolAlert(alert: PoolAlert, at: string): Promise<boolean>;
  undoPoolAlert(alert: PoolAlert, at: string): Promise<void>;
}

export interface NoticeDeps {
  store: NoticeStore;
  /** Mails every administrator about one unmatched transfer. */
  mailUnmatched: (transfer: TransferRecord) => Promise<void>;
  /** Mails every administrator that a price runs low on amounts. */
  mailPoolLow: (alert: PoolAlert) => Promise<void>;
  /**
   * A failed notice, its claim given back so the next run sends it: by the transfer's TXID or the
   * alert's `POOL#<price cents>#<hour>`.
   */
  onMailFailure: OnMailFailure;
  now: () => Date;
  log: Logger;
}

/** Unmatched transfers older than this are not mailed any more (a day of retries). */
export const NOTICE_WINDOW_MS = 24 * 3_600_000;

/**
 * A notice is begun only with this much of the run's time left: one notice mails every
 * administrator through SES (each send bounded by the client's timeouts and retries), and a run
 * that overstays its lease lets a second run start beside it and is cut off by Lambda's timeout.
 */
export const NOTICE_RESERVE_MS = 8_000;

export interface NoticeSummary {
  mailed: number;
  failed: number;
  /** Notices left for the next run because this one ran out of time. */
  deferred: number;
}

/**
 * Mails the notices that are due, while `remainingMs()` leaves room for one more. After a long
 * outage the sweep can find thousands of unmatched transfers; the run mails what its time allows
 * and the next runs (every minute) go on, as no notice is claimed before it is begun.
 */
export async function sendNotices(
  deps: NoticeDeps,
  remainingMs: () => number = () => Infinity,
): Promise<NoticeSummary> {
  const now = deps.now();
  let mailed = 0;
  let failed = 0;
  let deferred = 0;
  const attempt = async (
    claim: () => Promise<boolean>,
    mail: () => Promise<void>,
    undo: () => Promise<void>,
    noticeId: string,
  ) => {
    if (remainingMs() < NOTICE_RESERVE_MS) {
      deferred += 1;
      return;
    }
    if (!(await claim())) return;
    try {
      await mail();
      mailed += 1;
    } catch (error) {
      failed += 1;
      deps.onMailFailure(error, noticeId);
      await undo();
    }
  };
  const at = now.toISOString();
  for (const transfer of await deps.store.unmailedUnmatched(new Date(now.getTime() - NOTICE_WINDOW_MS).toISOString())) {
    await attempt(
      () => deps.store.claimUnmatchedMail(transfer.txid, at),
      () => deps.mailUnmatched(transfer),
      () => deps.store.undoUnmatchedMail(transfer.txid, at),
      transfer.txid,
    );
  }
  const hour = at.slice(0, 13);
  const previous = new Date(now.getTime() - 3_600_000).toISOString().slice(0, 13);
  for (const alert of await deps.store.poolAlerts([previous, hour])) {
    if (alert.mailedAt) continue;
    await attempt(
      () => deps.store.claimPoolAlert(alert, at),
      () => deps.mailPoolLow(alert),
      () => deps.store.undoPoolAlert(alert, at),
      `POOL#${alert.priceCents}#${alert.hour}`,
    );
  }
  if (deferred > 0) deps.log.info('out of time for admin notices; the next run sends the rest', { deferred });
  return { mailed, failed, deferred };
}
