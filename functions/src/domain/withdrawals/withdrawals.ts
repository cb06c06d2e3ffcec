import {
  WITHDRAWAL,
  WITHDRAWAL_MESSAGES,
  withdrawalApprovedMessage,
  type ChainCheck,
  type Withdrawal,
  type WithdrawalListQuery,
  type WithdrawalRequestInput,
  ACCOUNT_MESSAGES,
} from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { toWithdrawalView, withdrawalSearchText, type WithdrawalRecord } from '../records/withdrawal-record.js';
import { SEARCH_EVALUATION_BUDGET } from '../commerce/payment-lists.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.js';
import type { ReferralBalances } from './balances.js';
import { commitOrFindApplied, commitWithRetries, type UseCaseRuntime } from '../use-case-runtime.js';
import { mailAfterCommit, type OnMailFailure } from '../email/mail-failure.js';

/**
 * Referral withdrawals (the customer's Referral Program and withdrawal window, the admin's Withdrawals
 * screen; docs/data-model.md, "Withdrawal", "Withdrawals", the withdrawal transactions and "Why `referralEarnings` stays consistent").
 * A request holds the amount (available → held) in the transaction that creates it; approval
 * settles the hold (held → paid out); rejection releases it (held → available). Each step is one
 * conditional transaction, so double clicks, retries and racing admins move money at most once.
 * Storage and mail are injected; the store turns plans into those transactions.
 *
 * Over 400 lines on purpose: request, approval and rejection move the same balance, and keeping
 * the three next to each other is what lets a reader check that money moves at most once.
 */

export const WITHDRAWAL_DECISION_MESSAGES = {
  notFound: 'Withdrawal request not found. It may have been removed.',
  holdMissing:
    "This withdrawal's held amount no longer matches the user's balance, so nothing was changed. Please reload and contact support if it persists.",
  tryAgain: 'The withdrawal is being changed by another request. Please try again.',
  requestBusy: 'Your balance was changing at the same moment. Please try again.',
  noProfile: ACCOUNT_MESSAGES.noProfile,
  deactivated: ACCOUNT_MESSAGES.deactivated,
} as const;

/** Rows of the customer's own list (the Withdrawal Center shows the 3 latest; the rest are history). */
export const OWN_WITHDRAWALS_LIMIT = 100;

export type WithdrawalDecision = 'approved' | 'rejected';

/** The requester as the request reads them (one consistent GetItem of the profile). */
export interface WithdrawalProfile {
  _id: string;
  username: string;
  email: string;
  isActive: boolean;
  balances: ReferralBalances;
  /** Friends who bought with the user's code (the Referral Program's Total Referrals). */
  referralCount: number;
}

export interface RequestPlan {
  /** The new pending withdrawal. */
  withdrawal: WithdrawalRecord;
  /** The id of the `hold` ledger entry. */
  ledgerId: string;
}

/** How a request transaction ended (the store reads the cancellation reasons). */
export type RequestOutcome =
  | { kind: 'committed' }
  /** The pending marker exists: another request of this user is pending (or won the race). */
  | { kind: 'pending-exists' }
  /** `referralEarnings >= :amt` failed; `available` is the balance DynamoDB returned, when it did. */
  | { kind: 'insufficient'; available: number | null }
  | { kind: 'inactive' }
  /** Cancelled only by TransactionConflict (another transaction on the same items). */
  | { kind: 'conflict' };

export interface DecisionPlan {
  /** The withdrawal as read, pending. */
  withdrawal: WithdrawalRecord;
  decision: WithdrawalDecision;
  adminId: string;
  /** ISO instant of the decision. */
  at: string;
  adminNote: string | null;
  /** The payout's TRON transaction id (approvals; null for a rejection). */
  payoutTxid: string | null;
  /** The id of the `settle` (approval) or `release` (rejection) ledger entry. */
  ledgerId: string;
  audit: AuditEntry;
}

export type DecisionOutcome =
  | { kind: 'committed' }
  /** `#status = :pending` failed: another decision got there first. */
  | { kind: 'not-pending' }
  /** The pending marker or the held balance does not match the withdrawal (never expected). */
  | { kind: 'hold-missing' }
  | { kind: 'conflict' };

export interface WithdrawalPage {
  items: WithdrawalRecord[];
  nextCursor: string | null;
}

export interface WithdrawalCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
}

/** The live side of a row: the requester's current name, e-mail and available balance. */
export interface RowUser {
  username: string;
  email: string;
  referralEarnings: number;
}

export interface WithdrawalStore {
  /** The profile with its balances, read consistently. */
  getProfile(userId: string): Promise<WithdrawalProfile | undefined>;
  /** The request transaction, one TransactWriteItems. */
  commitRequest(plan: RequestPlan): Promise<RequestOutcome>;
  /** The user's withdrawals, newest first (one Query on GSI3). */
  listOwn(userId: string, limit: number): Promise<WithdrawalRecord[]>;
  /**
   * One page, newest first (all, or by status). With `contains`, a bounded page filter on `searchText`: it
   * reads on until `limit` matches are found, `budget` items were evaluated or the list ends.
   */
  listWithdrawals(
    status: WithdrawalListQuery['status'],
    page: { limit: number; cursor?: string; contains?: string; budget: number },
  ): Promise<WithdrawalPage>;
  /** STATS#WITHDRAWALS / TOTAL. */
  withdrawalCounts(): Promise<WithdrawalCounts>;
  /** The page's distinct requesters, one BatchGetItem of their profiles. */
  rowUsers(userIds: readonly string[]): Promise<Map<string, RowUser>>;
  /** Consistent read by id. */
  getWithdrawal(id: string): Promise<WithdrawalRecord | undefined>;
  /** The decision transaction (settle or release), one TransactWriteItems. */
  commitDecision(plan: DecisionPlan): Promise<DecisionOutcome>;
}

export interface WithdrawalDeps extends UseCaseRuntime {
  store: WithdrawalStore;
}

/** The decision mail, sent after the commit (approval: the payout's TXID; the note when given). */
export interface DecisionMail {
  /** The decided withdrawal: the mail's effect (a failed send is kept in the outbox once per decision). */
  withdrawalId: string;
  decision: WithdrawalDecision;
  to: string;
  username: string;
  amount: number;
  trc20Address: string;
  requestDate: string;
  adminNote: string | null;
  payoutTxid: string | null;
}

export interface DecisionDeps extends WithdrawalDeps {
  sendDecisionMail: (mail: DecisionMail) => Promise<void>;
  /** A failed mail is reported (by the withdrawal's id) and never undoes the decision. */
  onMailFailure: OnMailFailure;
  /**
   * The on-chain check of an approved payout (payout-check.ts), run after the commit and the mail;
   * absent where no check is wired. Its verdict is answered with the withdrawal; a failure of it
   * is reported to `onCheckFailure` and never undoes the approval.
   */
  checkPayout?: (withdrawal: WithdrawalRecord) => Promise<ChainCheck>;
  onCheckFailure?: (error: unknown, withdrawalId: string) => void;
}

export interface RequestAnswer {
  message: string;
  withdrawal: Withdrawal;
  referralEarnings: number;
  referralHeld: number;
}

export interface DecisionAnswer {
  message: string;
  withdrawal: Withdrawal;
}

const amountError = (message: string) => new ValidationError(message, { amount: message });

// ---------------------------------------------------------------------------------------------
// Customer: request and own list

/** The pending withdrawal of a request (docs/data-model.md, "Withdrawal"); pure, so the tests can build the same. */
export function planRequest(
  profile: Pick<WithdrawalProfile, '_id' | 'username' | 'email'>,
  input: WithdrawalRequestInput,
  now: Date,
  newId: (nowMs: number) => string,
): RequestPlan {
  const at = now.toISOString();
  const base = {
    _id: newId(now.getTime()),
    userId: profile._id,
    username: profile.username,
    email: profile.email,
    amount: input.amount,
    trc20Address: input.trc20Address,
  };
  return {
    withdrawal: {
      ...base,
      status: 'pending',
      requestDate: at,
      approvedDate: null,
      rejectedDate: null,
      adminNote: null,
      processedBy: null,
      payoutTxid: null,
      payoutCheck: null,
      searchText: withdrawalSearchText(base),
      createdAt: at,
      updatedAt: at,
    },
    ledgerId: newId(now.getTime()),
  };
}

/**
 * Requests a withdrawal. The profile read gives the friendly answers (a pending request, too
 * little to withdraw, more than available); the transaction's conditions are what enforce them, so
 * ten requests at once create exactly one. Answers 201 with the new balances: the amount is held
 * at once and can no longer be requested again.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  input: WithdrawalRequestInput,
): Promise<RequestAnswer> {
  const profile = await deps.store.getProfile(userId);
  if (!profile) throw new UnauthorizedError(WITHDRAWAL_DECISION_MESSAGES.noProfile);
  if (!profile.isActive) throw new ForbiddenError(WITHDRAWAL_DECISION_MESSAGES.deactivated);
  const { available, held } = profile.balances;
  // One pending request at a time: while one is pending its amount is held (the marker enforces it).
  if (held > 0) throw new ConflictError(WITHDRAWAL_MESSAGES.pendingExists);
  if (available < WITHDRAWAL.minimumUsd) throw amountError(WITHDRAWAL_MESSAGES.insufficient);
  if (input.amount > available) throw amountError(WITHDRAWAL_MESSAGES.exceeds);

  const plan = planRequest(profile, input, deps.now(), deps.newId);
  const outcome = await commitWithRetries(
    deps,
    () => deps.store.commitRequest(plan),
    WITHDRAWAL_DECISION_MESSAGES.requestBusy,
  );
  switch (outcome.kind) {
    case 'pending-exists':
      throw new ConflictError(WITHDRAWAL_MESSAGES.pendingExists);
    case 'inactive':
      throw new ForbiddenError(WITHDRAWAL_DECISION_MESSAGES.deactivated);
    case 'insufficient':
      throw amountError(
        outcome.available !== null && outcome.available < WITHDRAWAL.minimumUsd
          ? WITHDRAWAL_MESSAGES.insufficient
          : WITHDRAWAL_MESSAGES.exceeds,
      );
    case 'committed':
      break;
  }
  const referralEarnings = available - input.amount;
  const referralHeld = held + input.amount;
  return {
    message: WITHDRAWAL_MESSAGES.requested,
    withdrawal: toWithdrawalView(
      plan.withdrawal,
      { username: profile.username, email: profile.email, referralEarnings },
      'customer',
    ),
    referralEarnings,
    referralHeld,
  };
}

/**
 * The caller's withdrawals, newest first, with the live balances and referral count (profile and
 * list read together): the Referral Program tab reads them instead of the stored session.
 */
export async function listOwnWithdrawals(store: WithdrawalStore, userId: string) {
  const [profile, rows] = await Promise.all([store.getProfile(userId), store.listOwn(userId, OWN_WITHDRAWALS_LIMIT)]);
  const referralEarnings = profile?.balances.available ?? 0;
  const user = profile ? { username: profile.username, email: profile.email, referralEarnings } : { referralEarnings };
  return {
    withdrawals: rows.map((w) => toWithdrawalView(w, user, 'customer')),
    referralEarnings,
    referralHeld: profile?.balances.held ?? 0,
    referralCount: profile?.referralCount ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin: list

export interface AdminWithdrawalList {
  withdrawals: Withdrawal[];
  nextCursor: string | null;
  counts: WithdrawalCounts;
}

/**
 * The admin list of a tab (all: GSI1; a status: GSI2), newest first. Search is case-insensitive
 * on username, e-mail or TRC20 address: the bounded page filter of docs/data-model.md, "Search, stated honestly", which fills its
 * page or stops at SEARCH_EVALUATION_BUDGET items and hands back a cursor to search further.
 * Rows carry the requester's live available balance; the counts come from the aggregates.
 */
export async function listWithdrawalsForAdmin(
  store: WithdrawalStore,
  query: WithdrawalListQuery,
): Promise<AdminWithdrawalList> {
  const search = (query.search ?? '').trim().toLowerCase();
  const countsPromise = store.withdrawalCounts();
  const page = await store.listWithdrawals(query.status, {
    limit: query.limit,
    cursor: query.cursor,
    contains: search === '' ? undefined : search,
    budget: SEARCH_EVALUATION_BUDGET,
  });
  const userIds = [...new Set(page.items.map((w) => w.userId))];
  const users = userIds.length > 0 ? await store.rowUsers(userIds) : new Map<string, RowUser>();
  const counts = await countsPromise;
  return {
    // A requester whose profile is gone shows the snapshot and nothing available.
    withdrawals: page.items.map((w) => toWithdrawalView(w, users.get(w.userId) ?? { referralEarnings: 0 })),
    nextCursor: page.nextCursor,
    counts,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin: approve and reject

export function planDecision(
  withdrawal: WithdrawalRecord,
  decision: WithdrawalDecision,
  adminId: string,
  adminNote: string | null,
  now: Date,
  newId: (nowMs: number) => string,
  payoutTxid: string | null = null,
): DecisionPlan {
  const at = now.toISOString();
  return {
    withdrawal,
    decision,
    adminId,
    at,
    adminNote,
    payoutTxid: decision === 'approved' ? payoutTxid : null,
    ledgerId: newId(now.getTime()),
    audit: {
      _id: newId(now.getTime()),
      actor: adminId,
      action: decision === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
      target: { type: 'withdrawal', id: withdrawal._id },
      details: {
        userId: withdrawal.userId,
        amount: withdrawal.amount,
        trc20Address: withdrawal.trc20Address,
        adminNote,
        ...(decision === 'approved' ? { payoutTxid } : {}),
      },
      at,
    },
  };
}

/** The row with the requester's live balance (one GetItem of the profile). */
async function viewOf(store: WithdrawalStore, w: WithdrawalRecord): Promise<Withdrawal> {
  const profile = await store.getProfile(w.userId);
  return toWithdrawalView(
    w,
    profile
      ? { username: profile.username, email: profile.email, referralEarnings: profile.balances.available }
      : { referralEarnings: 0 },
  );
}

/** The answer for a withdrawal another decision already settled (docs/data-model.md, "How failures are answered"). */
async function alreadyDecided(
  store: WithdrawalStore,
  current: WithdrawalRecord | undefined,
  wanted: WithdrawalDecision,
): Promise<DecisionAnswer> {
  if (!current) throw new NotFoundError(WITHDRAWAL_DECISION_MESSAGES.notFound);
  if (current.status === 'pending') throw new ConflictError(WITHDRAWAL_DECISION_MESSAGES.tryAgain);
  const message = WITHDRAWAL_MESSAGES.alreadyDecided(current.status);
  if (current.status !== wanted) throw new ConflictError(message);
  return { message, withdrawal: await viewOf(store, current) };
}

/**
 * Approves or rejects a pending withdrawal in one conditional transaction: the status
 * (and its GSI2 tab), the payout's TXID (approval), the pending marker deleted, the hold settled or
 * released, one ledger entry, the aggregates and the audit entry. A repeat of the same decision
 * answers 200 "already"; the other decision 409; an unknown id 404. The mail goes out after the
 * commit and never undoes it; then an approval's payout is checked on chain (the verdict answered
 * with the withdrawal, a mismatch flagged, the approval left as it is).
 */
export async function decideWithdrawal(
  deps: DecisionDeps,
  decision: WithdrawalDecision,
  withdrawalId: string,
  adminId: string,
  adminNote: string | null,
  payoutTxid: string | null = null,
): Promise<DecisionAnswer> {
  const { store } = deps;
  // The approval names its payout; the schema requires it, and this keeps the rule in the domain.
  if (decision === 'approved' && !payoutTxid) {
    throw new ValidationError(WITHDRAWAL_MESSAGES.payoutTxidRequired, {
      payoutTxid: WITHDRAWAL_MESSAGES.payoutTxidRequired,
    });
  }
  const withdrawal = await store.getWithdrawal(withdrawalId);
  if (!withdrawal) throw new NotFoundError(WITHDRAWAL_DECISION_MESSAGES.notFound);
  if (withdrawal.status !== 'pending') return alreadyDecided(store, withdrawal, decision);

  const profile = await store.getProfile(withdrawal.userId);
  const plan = planDecision(withdrawal, decision, adminId, adminNote, deps.now(), deps.newId, payoutTxid);
  // Decided by this very plan (its time and admin): its transaction was applied and the answer lost.
  const decidedByPlan = (current: WithdrawalRecord | undefined) =>
    current?.status === decision &&
    current.processedBy === adminId &&
    (decision === 'approved' ? current.approvedDate : current.rejectedDate) === plan.at;
  const outcome = await commitWithRetries(
    deps,
    () =>
      commitOrFindApplied(
        () => store.commitDecision(plan),
        async () => decidedByPlan(await store.getWithdrawal(withdrawalId)),
        { kind: 'committed' } as const,
        'not-pending',
      ),
    WITHDRAWAL_DECISION_MESSAGES.tryAgain,
  );
  if (outcome.kind === 'not-pending') return alreadyDecided(store, await store.getWithdrawal(withdrawalId), decision);
  if (outcome.kind === 'hold-missing') throw new ConflictError(WITHDRAWAL_DECISION_MESSAGES.holdMissing);

  const decided: WithdrawalRecord = {
    ...withdrawal,
    status: decision,
    approvedDate: decision === 'approved' ? plan.at : null,
    rejectedDate: decision === 'rejected' ? plan.at : null,
    adminNote,
    processedBy: adminId,
    payoutTxid: plan.payoutTxid,
    updatedAt: plan.at,
  };
  // Approval leaves the available balance as it was (the amount was held since the request);
  // rejection gives the amount back to it.
  const availableBefore = profile?.balances.available ?? 0;
  const referralEarnings = decision === 'rejected' ? availableBefore + withdrawal.amount : availableBefore;
  await mailAfterCommit(
    () =>
      deps.sendDecisionMail({
        withdrawalId: withdrawal._id,
        decision,
        to: profile?.email ?? withdrawal.email,
        username: profile?.username ?? withdrawal.username,
        amount: withdrawal.amount,
        trc20Address: withdrawal.trc20Address,
        requestDate: withdrawal.requestDate,
        adminNote,
        payoutTxid: plan.payoutTxid,
      }),
    deps.onMailFailure,
    withdrawal._id,
  );
  if (decision === 'approved' && deps.checkPayout) {
    try {
      decided.payoutCheck = await deps.checkPayout(decided);
    } catch (error) {
      deps.onCheckFailure?.(error, withdrawal._id);
    }
  }
  return {
    // The available balance is what remains: the withdrawn amount was held since the request.
    message:
      decision === 'approved'
        ? withdrawalApprovedMessage(withdrawal.amount, availableBefore)
        : WITHDRAWAL_MESSAGES.rejected,
    withdrawal: toWithdrawalView(decided, {
      username: profile?.username,
      email: profile?.email,
      referralEarnings,
    }),
  };
}
