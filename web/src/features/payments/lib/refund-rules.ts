import {
  TRON_EXPLORER_TRANSACTION_URL,
  refundRequestInputSchema,
  type RefundRequestInput,
  type Subscription,
} from '@goldbot/shared';
import { toFieldErrors, type RequestCheck } from '@/lib/form-errors';

/** The refund window's fields, in the order the first invalid one takes focus. */
export const REFUND_FIELDS = ['trc20Address', 'reason'] as const;

export type RefundField = (typeof REFUND_FIELDS)[number];
/** The refund window's fields, as typed. */
export type RefundForm = Record<RefundField, string>;

/**
 * The checks the browser repeats for comfort, with the server's own schema: the address is a TRON
 * address whose Base58Check checksum matches ('Please enter a valid TRC20 address'), the reason is
 * given. The server decides; its answer can still refuse.
 */
export function checkRefund(paymentId: string, form: RefundForm): RequestCheck<RefundField, RefundRequestInput> {
  const parsed = refundRequestInputSchema.safeParse({ paymentId, ...form });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: toFieldErrors(parsed.error.issues, REFUND_FIELDS) };
}

/** What a purchase's row says about refunds: the button, the request's state, or nothing. */
export type RefundView =
  | { kind: 'none' }
  | { kind: 'offer'; until: string }
  | { kind: 'requested' }
  | { kind: 'refunded'; payoutTxid: string | null }
  | { kind: 'refused'; reason: string | null };

export function refundViewOf(subscription: Subscription, now: Date = new Date()): RefundView {
  const { refund } = subscription;
  if (refund?.status === 'pending') return { kind: 'requested' };
  if (refund?.status === 'approved') return { kind: 'refunded', payoutTxid: refund.payoutTxid };
  if (refund?.status === 'refused') return { kind: 'refused', reason: refund.refusalReason };
  const until = subscription.refundableUntil;
  // The server says until when; the page may have stayed open past it.
  if (until && Date.parse(until) > now.getTime()) return { kind: 'offer', until };
  return { kind: 'none' };
}

/** The payout's transaction on the block explorer (as the admin's payment screen links TXIDs). */
export const payoutExplorerUrl = (txid: string) => `${TRON_EXPLORER_TRANSACTION_URL}${encodeURIComponent(txid)}`;

/** A transaction id shortened for a table cell: its first and last characters. */
export const shortTxid = (txid: string) => (txid.length > 16 ? `${txid.slice(0, 8)}…${txid.slice(-6)}` : txid);
