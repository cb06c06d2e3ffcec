import { PAYMENT, TXID_MAX_LENGTH, type AdminListQuery, type Payment } from '@goldbot/shared';
import { normalizeTxid, toPaymentView, type PaymentRecord } from '../records/payment-record.js';

/**
 * The admin's payment lists and their search (docs/data-model.md, "Payments and referral ledger",
 * "Search, stated honestly"): the pending queue and every payment, a page at a time, with the
 * aggregates' summary. The decisions on a payment are payment-decisions.ts.
 */
export type PaymentList = 'pending' | 'all';

/** Items a search may evaluate per request before it answers with what it found (docs/data-model.md, "Search, stated honestly"). */
export const SEARCH_EVALUATION_BUDGET = 200;

export interface PaymentPage {
  items: PaymentRecord[];
  nextCursor: string | null;
}

export interface PaymentCounts {
  completed: number;
  pending: number;
  rejected: number;
}

/** What the lists read; the DynamoDB store (data/payment-review-store.ts) implements it with the decisions' port. */
export interface PaymentListStore {
  /**
   * One page of a list, newest first. With `contains`, a bounded page filter on `searchText`: it
   * reads on until `limit` matches are found, `budget` items were evaluated or the list ends.
   */
  listPayments(
    list: PaymentList,
    page: { limit: number; cursor?: string; contains?: string; budget: number },
  ): Promise<PaymentPage>;
  /**
   * One page of the payments of `list` whose TXID starts with `prefix` (normalized): the
   * markers' prefix index in TXID order, `limit` markers a page, then their payments by key.
   */
  listPaymentsByTxidStart(
    list: PaymentList,
    prefix: string,
    page: { limit: number; cursor?: string },
  ): Promise<PaymentPage>;
  /** Whether a list cursor was handed out by listPaymentsByTxidStart (the store knows its cursors' keys). */
  isTxidStartCursor(cursor: string): boolean;
  /** The payment id a TXID marker points to. */
  paymentIdByTxid(txid: string): Promise<string | undefined>;
  /** STATS#PAYMENTS / TOTAL. */
  paymentCounts(): Promise<PaymentCounts>;
  /**
   * The e-mail addresses of referrers, by user id (one BatchGetItem of their profiles). The submit
   * stores only the referrer's username (on the referral-code marker, to keep the customer's
   * request within 3 round trips); the admin's row shows the e-mail too.
   */
  emailsOf(userIds: readonly string[]): Promise<Map<string, string>>;
  /** Consistent read. */
  getPayment(id: string): Promise<PaymentRecord | undefined>;
}

export interface AdminPaymentList {
  items: Payment[];
  nextCursor: string | null;
  summary: { total: number; pending: number; completed: number };
}

/** A TXID as the submit form accepts it (10-128 letters and digits). */
export const looksLikeTxid = (text: string) =>
  text.length >= PAYMENT.txidMinLength && text.length <= TXID_MAX_LENGTH && /^[a-z0-9]+$/i.test(text);

/** The fewest hex digits a search takes as the start of a TXID (fewer match too many payments). */
export const TXID_START_MIN_LENGTH = 4;

/**
 * The start of a TXID as an admin may type it (at least TXID_START_MIN_LENGTH hex digits, a `0x`
 * allowed), normalized like the markers' TXIDs; null for any other term.
 */
export function txidStartOf(search: string): string | null {
  const start = normalizeTxid(search);
  return start.length >= TXID_START_MIN_LENGTH && start.length <= TXID_MAX_LENGTH && /^[0-9a-f]+$/.test(start)
    ? start
    : null;
}

/**
 * Search (docs/data-model.md, "Search, stated honestly"), case-insensitive over username, e-mail and TXID: a TXID-looking query is
 * first a GetItem on its marker (an exact hit answers alone, also for markers written before the
 * prefix index); then a term that can start a TXID reads the markers' prefix index, the same cost
 * at any size, and pages on through it. When no TXID starts with the term it may still be part of
 * a name, so, like any other term, it goes to the bounded page filter, which fills its page or
 * stops at SEARCH_EVALUATION_BUDGET items and hands back a cursor to search further
 * (docs/decisions.md, "Commerce and back-office"). The summary always comes from the aggregates, whatever the search.
 */
export async function listPaymentsForAdmin(
  { store }: { store: PaymentListStore },
  list: PaymentList,
  query: AdminListQuery,
): Promise<AdminPaymentList> {
  const search = (query.search ?? '').trim().toLowerCase();
  const countsPromise = store.paymentCounts();
  let page: PaymentPage | undefined;
  if (search !== '' && !query.cursor && looksLikeTxid(search)) {
    const paymentId = await store.paymentIdByTxid(search);
    if (paymentId !== undefined) {
      const payment = await store.getPayment(paymentId);
      const inList = payment !== undefined && (list === 'all' || payment.status === 'pending');
      page = { items: inList ? [payment] : [], nextCursor: null };
    }
  }
  const txidStart = page === undefined ? txidStartOf(search) : null;
  if (txidStart !== null && (query.cursor === undefined || store.isTxidStartCursor(query.cursor))) {
    const found = await store.listPaymentsByTxidStart(list, txidStart, { limit: query.limit, cursor: query.cursor });
    if (query.cursor !== undefined || found.items.length > 0 || found.nextCursor !== null) page = found;
  }
  page ??= await store.listPayments(list, {
    limit: query.limit,
    cursor: query.cursor,
    contains: search === '' ? undefined : search,
    budget: SEARCH_EVALUATION_BUDGET,
  });
  const missing = [
    ...new Set(page.items.flatMap((p) => (p.referralUserId && !p.referrerEmail ? [p.referralUserId] : []))),
  ];
  const emails = missing.length > 0 ? await store.emailsOf(missing) : new Map<string, string>();
  const counts = await countsPromise;
  return {
    items: page.items
      .map((p) =>
        p.referralUserId && !p.referrerEmail ? { ...p, referrerEmail: emails.get(p.referralUserId) ?? null } : p,
      )
      .map(toPaymentView),
    nextCursor: page.nextCursor,
    summary: {
      total: counts.completed + counts.pending + counts.rejected,
      pending: counts.pending,
      completed: counts.completed,
    },
  };
}
