import {
  DEFAULT_PACKAGE_PRICES_USD,
  TRANSFER_MESSAGES,
  type AssignTransferInput,
  type ChainCheck,
  type PageQuery,
  type Payment,
  type ResolveTransferInput,
  type UnmatchedTransfer,
  toCents,
  centsToUsd,
} from '@goldbot/shared';
import type { AdminActor } from '../admin/admin-actor.js';
import { adminAuditEntry } from '../admin/admin-actor.js';
import type { AuditEntry } from '../records/audit-entry.js';
import type { PaymentRecord } from '../records/payment-record.js';
import { toPaymentView } from '../records/payment-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import type { TransferDecision, TransferRecord } from '../records/transfer-record.js';
import { type EmailTemplate, type TemplateMailer } from '../email/templates.js';
import type { OnMailFailure } from '../email/mail-failure.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { CHAIN_CHECK_REASONS } from './chain-check.js';
import { packageSlugOf, purchaseRecords, type CustomerProfile, type TxidMarker } from './purchase.js';
import { centsToUsdtUnits, formatTokenAmount } from './tron.js';
import { unitsToUsdt } from './transfers.js';
import { sendPendingMail } from './pending-mail.js';
import { commitOrFindApplied } from '../use-case-runtime.js';

/**
 * The back-office's unmatched transfers (docs/data-model.md, "Transfer"): the transfers the chain
 * bound to no order, listed newest first, each decided once: given to a customer's package (a
 * pending payment, audited, that the admin then approves as any other) or closed as refunded or
 * ignored (audited).
 */
export interface TransferPage {
  items: TransferRecord[];
  nextCursor: string | null;
}

/** What an assignment reads (one consistent BatchGetItem): the transfer, the customer, the price, the TXID's marker. */
export interface AssignContext {
  transfer: TransferRecord | null;
  profile: Pick<CustomerProfile, '_id' | 'username' | 'email' | 'basicPaidThrough'> | null;
  catalogPriceUsd: number | null;
  marker: TxidMarker | null;
  template: EmailTemplate;
}

export interface AssignPlan {
  transfer: TransferRecord;
  decision: TransferDecision;
  payment: PaymentRecord;
  subscription: SubscriptionRecord;
  marker: TxidMarker;
  /** The marker's payment as read (a customer's claim of this TXID), null when none. */
  markerRead: string | null;
  audit: AuditEntry;
}

export type DecisionCommit = { kind: 'committed' } | { kind: 'decided' };

export interface UnmatchedTransferStore {
  listUnmatched(page: { limit: number; cursor?: string }): Promise<TransferPage>;
  getTransfer(txid: string): Promise<TransferRecord | null>;
  /** The e-mails of the deciding administrators, by id. */
  emailsOf(userIds: readonly string[]): Promise<Map<string, string>>;
  readAssignContext(
    txid: string,
    userId: string,
    packageName: AssignTransferInput['packageName'],
  ): Promise<AssignContext>;
  commitAssignment(plan: AssignPlan): Promise<DecisionCommit>;
  commitResolution(txid: string, decision: TransferDecision, audit: AuditEntry): Promise<DecisionCommit>;
}

export interface UnmatchedDeps {
  store: UnmatchedTransferStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  mailer: TemplateMailer;
  dashboardLink: string;
  /** A failed pending mail is reported (by the payment's id) and never undoes the assignment. */
  onMailFailure: OnMailFailure;
}

const STATUS_WORD = { assigned: 'assigned', refunded: 'marked refunded', ignored: 'marked ignored' } as const;

/** The list item of an unmatched transfer (the deciding admin's e-mail when known). */
export function toUnmatchedView(transfer: TransferRecord, emails: ReadonlyMap<string, string>): UnmatchedTransfer {
  const decision = transfer.unmatched?.decision ?? null;
  return {
    txid: transfer.txid,
    amount: unitsToUsdt(transfer.units),
    from: transfer.from,
    to: transfer.wallet,
    confirmedAt: new Date(transfer.blockTime).toISOString(),
    blockNumber: transfer.blockNumber,
    recordedAt: transfer.recordedAt,
    reason: transfer.unmatched?.reason ?? 'no-order',
    status: decision?.status ?? 'open',
    closeOrders: transfer.unmatched?.closeOrders ?? [],
    decision: decision
      ? {
          by: decision.by,
          byEmail: emails.get(decision.by) ?? null,
          at: decision.at,
          note: decision.note,
          userId: decision.userId,
          packageName: decision.packageName,
          paymentId: decision.paymentId,
        }
      : null,
  };
}

/** `GET /api/admin/unmatched-transfers`: newest first, open and decided alike. */
export async function listUnmatchedTransfers(
  store: UnmatchedTransferStore,
  query: PageQuery,
): Promise<{ transfers: UnmatchedTransfer[]; nextCursor: string | null }> {
  const page = await store.listUnmatched({ limit: query.limit, cursor: query.cursor });
  const deciders = [...new Set(page.items.flatMap((t) => (t.unmatched?.decision ? [t.unmatched.decision.by] : [])))];
  const emails = deciders.length > 0 ? await store.emailsOf(deciders) : new Map<string, string>();
  return { transfers: page.items.map((t) => toUnmatchedView(t, emails)), nextCursor: page.nextCursor };
}

/** The transfer an admin may decide: unmatched and open; else 404 or 409 naming its decision. */
function openTransfer(transfer: TransferRecord | null): TransferRecord {
  if (!transfer || transfer.state !== 'unmatched') throw new NotFoundError(TRANSFER_MESSAGES.notFound);
  const decided = transfer.unmatched?.decision;
  if (decided) throw new ConflictError(TRANSFER_MESSAGES.alreadyDecided(STATUS_WORD[decided.status]));
  return transfer;
}

/** What the chain says of an assigned transfer against the package's price (informs the approval). */
function assignedCheck(transfer: TransferRecord, priceCents: number, at: string): ChainCheck {
  const received = BigInt(transfer.units);
  const due = centsToUsdtUnits(priceCents);
  const amount = formatTokenAmount(received);
  return {
    status: received >= due ? 'match' : 'mismatch',
    checkedAt: at,
    confirmedAt: new Date(transfer.blockTime).toISOString(),
    from: transfer.from,
    to: transfer.wallet,
    amount,
    blockNumber: transfer.blockNumber,
    reasons: received >= due ? [] : [CHAIN_CHECK_REASONS.tooLittle(amount, formatTokenAmount(due))],
  };
}

/**
 * `POST /api/admin/unmatched-transfers/{txid}/assign`: the transfer pays the customer's package.
 * A pending payment as a submission would make it (the package's catalog price, no referral, the
 * transfer's TXID and wallet), with the transfer's facts as its verdict and the admin as its
 * binding, audited in the same transaction; the customer gets the pending mail. The admin then
 * approves it in Payments.
 */
export async function assignTransfer(
  deps: UnmatchedDeps,
  admin: AdminActor,
  txid: string,
  input: AssignTransferInput,
): Promise<{ message: string; transfer: UnmatchedTransfer; payment: Payment }> {
  const context = await deps.store.readAssignContext(txid, input.userId, input.packageName);
  const transfer = openTransfer(context.transfer);
  const profile = context.profile;
  if (!profile) throw new NotFoundError(TRANSFER_MESSAGES.userNotFound);
  const at = deps.now();
  const iso = at.toISOString();
  const priceCents = toCents(context.catalogPriceUsd ?? DEFAULT_PACKAGE_PRICES_USD[input.packageName]);
  const paymentId = deps.newId(at.getTime());
  const records = purchaseRecords({
    profile,
    order: {
      // No order: the transfer's own amount stands where an order's exact amount would.
      orderId: '',
      userId: profile._id,
      packageSlug: packageSlugOf(input.packageName),
      packageName: input.packageName,
      originalAmountCents: priceCents,
      priceCents,
      amountCents: toCents(unitsToUsdt(transfer.units)),
      referralCode: null,
      createdAt: iso,
      expiresAt: Math.floor(at.getTime() / 1000),
    },
    referrer: null,
    wallet: { address: transfer.wallet, network: 'TRC20', currency: 'USDT' },
    transactionId: transfer.txid,
    at,
    ids: { paymentId, subscriptionId: deps.newId(at.getTime()) },
  });
  const { orderId: _orderId, orderCreatedAt: _created, orderExpiresAt: _expires, ...paymentFields } = records.payment;
  const payment: PaymentRecord = {
    ...paymentFields,
    orderAmount: unitsToUsdt(transfer.units),
    chainCheck: assignedCheck(transfer, priceCents, iso),
    binding: {
      source: 'admin',
      txid: transfer.txid,
      boundAt: iso,
      ambiguous: null,
      predatesOrder: false,
      autoApprovalWithheld: [],
      assignedBy: admin.userId,
    },
  };
  const decision: TransferDecision = {
    status: 'assigned',
    by: admin.userId,
    at: iso,
    note: '',
    userId: profile._id,
    packageName: input.packageName,
    paymentId,
  };
  const audit = adminAuditEntry(admin, at, deps.newId, {
    action: 'transfer.assign',
    target: { type: 'transfer', id: transfer.txid },
    details: {
      from: 'open',
      to: 'assigned',
      amount: unitsToUsdt(transfer.units),
      userId: profile._id,
      packageName: input.packageName,
      paymentId,
      price: centsToUsd(priceCents),
    },
  });
  // Assigned by this very plan (its payment, admin and time): its transaction was applied and the answer lost.
  const assignedByThis = (now: TransferRecord | null) => {
    const own = now?.unmatched?.decision;
    return own?.paymentId === paymentId && own.by === admin.userId && own.at === iso;
  };
  const result = await commitOrFindApplied(
    () =>
      deps.store.commitAssignment({
        transfer,
        decision,
        payment,
        subscription: records.subscription,
        marker: records.marker,
        markerRead: context.marker?.paymentId ?? null,
        audit,
      }),
    async () => assignedByThis(await deps.store.getTransfer(txid)),
    { kind: 'committed' } as const,
    'decided',
  );
  if (result.kind === 'decided') {
    openTransfer(await deps.store.getTransfer(txid));
    throw new ConflictError(TRANSFER_MESSAGES.alreadyDecided('decided'));
  }
  await sendPendingMail(deps, payment, context.template, unitsToUsdt(transfer.units));
  const decided: TransferRecord = {
    ...transfer,
    unmatched: { ...(transfer.unmatched ?? { reason: 'no-order', closeOrders: [], adminMailedAt: null }), decision },
  };
  const emails = new Map(admin.email ? [[admin.userId, admin.email]] : []);
  return {
    message: TRANSFER_MESSAGES.assigned(profile.username, input.packageName),
    transfer: toUnmatchedView(decided, emails),
    payment: toPaymentView(payment),
  };
}

/** `POST /api/admin/unmatched-transfers/{txid}/resolve`: closed as refunded or ignored, with the note, audited. */
export async function resolveTransfer(
  deps: Pick<UnmatchedDeps, 'store' | 'now' | 'newId'>,
  admin: AdminActor,
  txid: string,
  input: ResolveTransferInput,
): Promise<{ message: string; transfer: UnmatchedTransfer }> {
  const transfer = openTransfer(await deps.store.getTransfer(txid));
  const at = deps.now();
  const decision: TransferDecision = {
    status: input.resolution,
    by: admin.userId,
    at: at.toISOString(),
    note: input.note,
    userId: null,
    packageName: null,
    paymentId: null,
  };
  const audit = adminAuditEntry(admin, at, deps.newId, {
    action: 'transfer.resolve',
    target: { type: 'transfer', id: transfer.txid },
    details: { from: 'open', to: input.resolution, amount: unitsToUsdt(transfer.units), note: input.note },
  });
  const result = await deps.store.commitResolution(transfer.txid, decision, audit);
  if (result.kind === 'decided') openTransfer(await deps.store.getTransfer(txid));
  if (result.kind !== 'committed') throw new ConflictError(TRANSFER_MESSAGES.alreadyDecided('decided'));
  const decided: TransferRecord = {
    ...transfer,
    unmatched: { ...(transfer.unmatched ?? { reason: 'no-order', closeOrders: [], adminMailedAt: null }), decision },
  };
  const emails = new Map(admin.email ? [[admin.userId, admin.email]] : []);
  return { message: TRANSFER_MESSAGES.resolved(input.resolution), transfer: toUnmatchedView(decided, emails) };
}
