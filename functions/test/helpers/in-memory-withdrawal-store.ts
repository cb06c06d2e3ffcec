import type { WithdrawalStatus } from '@goldbot/shared';
import type { AuditEntry } from '../../src/domain/records/audit-entry.js';
import type { LedgerEntryType } from '../../src/data/ledger-entity.js';
import type { WithdrawalRecord } from '../../src/domain/records/withdrawal-record.js';
import type { ReferralBalances } from '../../src/domain/withdrawals/balances.js';
import { clawbackOf, creditAfterOwed } from '../../src/domain/refunds/refund-rules.js';
import type {
  DecisionOutcome,
  DecisionPlan,
  RequestOutcome,
  RequestPlan,
  RowUser,
  WithdrawalCounts,
  WithdrawalProfile,
  WithdrawalStore,
} from '../../src/domain/withdrawals/withdrawals.js';

/**
 * The withdrawal store contract without DynamoDB, with the semantics of the transactions of
 * docs/data-model.md's approval credit, request, approval and rejection transactions: each commit checks every condition
 * first and then applies every change, or applies nothing. Used by the use-case tests and the
 * randomized ledger property test; `beforeCommit` lets a test answer a commit itself (a
 * TransactionConflict, a race lost) and `pause` lets a scheduler interleave concurrent calls.
 */
export interface StoredUser {
  _id: string;
  username: string;
  email: string;
  isActive: boolean;
  balances: ReferralBalances;
}

export interface StoredLedgerEntry {
  _id: string;
  userId: string;
  type: LedgerEntryType;
  amount: number;
  sourceId: string;
  /** A credit's part that settled what was owed; a clawback's part taken from available earnings. */
  offset?: number;
  fromAvailable?: number;
}

export class InMemoryWithdrawalStore implements WithdrawalStore {
  readonly users = new Map<string, StoredUser>();
  readonly withdrawals = new Map<string, WithdrawalRecord>();
  /** userId → withdrawalId (the one-pending marker). */
  readonly markers = new Map<string, string>();
  readonly ledger: StoredLedgerEntry[] = [];
  readonly audit: AuditEntry[] = [];
  readonly stats = { total: 0, pending: 0, approved: 0, rejected: 0, pendingAmount: 0, approvedAmount: 0 };
  readonly calls: string[] = [];
  readonly requestPlans: RequestPlan[] = [];
  readonly decisionPlans: DecisionPlan[] = [];
  /** Answers a commit instead of the store when it returns an outcome (scripted conflicts, lost races). */
  beforeCommit?: (kind: 'request' | 'decision') => RequestOutcome | DecisionOutcome | undefined;
  /** Awaited at the start of every call (a scheduler's hook to interleave concurrent requests). */
  pause: () => Promise<void> = async () => undefined;
  private ledgerSeq = 0;

  addUser(user: Partial<StoredUser> & { _id: string }, balances: Partial<ReferralBalances> = {}): StoredUser {
    const stored: StoredUser = {
      username: user._id,
      email: `${user._id}@example.com`,
      isActive: true,
      ...user,
      balances: {
        available: 0,
        held: 0,
        lifetime: 0,
        paidOut: 0,
        clawedBack: 0,
        owed: 0,
        ...user.balances,
        ...balances,
      },
    };
    this.users.set(stored._id, stored);
    return stored;
  }

  /**
   * The approval's referral credit: what is owed from clawbacks is settled first, the rest is added to
   * referralEarnings; referralLifetime takes the whole amount; one `credit` entry.
   */
  credit(userId: string, amount: number, sourceId = `payment-${(this.ledgerSeq += 1)}`): void {
    const user = this.users.get(userId);
    if (!user) throw new Error(`no user ${userId}`);
    const { toAvailable, offset } = creditAfterOwed(amount, user.balances.owed);
    user.balances.available += toAvailable;
    user.balances.owed -= offset;
    user.balances.lifetime += amount;
    this.ledger.push({
      _id: `credit-${sourceId}`,
      userId,
      type: 'credit',
      amount,
      sourceId,
      ...(offset > 0 ? { offset } : {}),
    });
  }

  /** An approved refund's clawback of a reward: from available earnings, the rest owed; one `clawback` entry. */
  clawback(userId: string, amount: number, sourceId = `payment-${(this.ledgerSeq += 1)}`): void {
    const user = this.users.get(userId);
    if (!user) throw new Error(`no user ${userId}`);
    const { fromAvailable, owed } = clawbackOf(amount, user.balances.available);
    user.balances.available -= fromAvailable;
    user.balances.owed += owed;
    user.balances.clawedBack += amount;
    this.ledger.push({ _id: `clawback-${sourceId}`, userId, type: 'clawback', amount, sourceId, fromAvailable });
  }

  /** Every store call waits on `pause` first, then is recorded by name. */
  private async enter(method: string): Promise<void> {
    await this.pause();
    this.calls.push(method);
  }

  /** A commit enters like any call and records its plan; then the outcome a test scripted, if any. */
  private async enterCommit<P>(kind: 'request' | 'decision', plans: P[], plan: P) {
    await this.enter(kind === 'request' ? 'commitRequest' : 'commitDecision');
    plans.push(plan);
    return this.beforeCommit?.(kind);
  }

  async getProfile(userId: string): Promise<WithdrawalProfile | undefined> {
    await this.enter('getProfile');
    const user = this.users.get(userId);
    // The count of friends who bought with the code: one per credit, like an approval's.
    const referralCount = this.ledger.filter((entry) => entry.userId === userId && entry.type === 'credit').length;
    return user ? { ...structuredClone(user), referralCount } : undefined;
  }

  async commitRequest(plan: RequestPlan): Promise<RequestOutcome> {
    const scripted = await this.enterCommit('request', this.requestPlans, plan);
    if (scripted) return scripted as RequestOutcome;
    const { withdrawal } = plan;
    if (this.withdrawals.has(withdrawal._id)) throw new Error(`duplicate withdrawal ${withdrawal._id}`);
    if (this.markers.has(withdrawal.userId)) return { kind: 'pending-exists' };
    const user = this.users.get(withdrawal.userId);
    if (!user || user.balances.available < withdrawal.amount || !user.isActive) {
      if (user && !user.isActive) return { kind: 'inactive' };
      return { kind: 'insufficient', available: user ? user.balances.available : null };
    }
    this.withdrawals.set(withdrawal._id, structuredClone(withdrawal));
    this.markers.set(withdrawal.userId, withdrawal._id);
    user.balances.available -= withdrawal.amount;
    user.balances.held += withdrawal.amount;
    this.ledger.push({
      _id: plan.ledgerId,
      userId: user._id,
      type: 'hold',
      amount: withdrawal.amount,
      sourceId: withdrawal._id,
    });
    this.stats.total += 1;
    this.stats.pending += 1;
    this.stats.pendingAmount += withdrawal.amount;
    return { kind: 'committed' };
  }

  async listOwn(userId: string, limit: number): Promise<WithdrawalRecord[]> {
    await this.enter('listOwn');
    return this.sorted([...this.withdrawals.values()].filter((w) => w.userId === userId)).slice(0, limit);
  }

  async listWithdrawals(
    status: WithdrawalStatus | 'all',
    page: { limit: number; cursor?: string; contains?: string; budget: number },
  ) {
    await this.enter('listWithdrawals');
    const all = this.sorted([...this.withdrawals.values()]).filter((w) => status === 'all' || w.status === status);
    const start = page.cursor ? all.findIndex((w) => w._id === page.cursor) + 1 : 0;
    const matches = all.slice(start).filter((w) => page.contains === undefined || w.searchText.includes(page.contains));
    const items = matches.slice(0, page.limit);
    return { items, nextCursor: matches.length > page.limit ? (items.at(-1)?._id ?? null) : null };
  }

  async withdrawalCounts(): Promise<WithdrawalCounts> {
    await this.enter('withdrawalCounts');
    const { total, pending, approved, rejected } = this.stats;
    return { total, pending, approved, rejected };
  }

  async rowUsers(userIds: readonly string[]): Promise<Map<string, RowUser>> {
    await this.enter('rowUsers');
    return new Map(
      userIds.flatMap((id) => {
        const user = this.users.get(id);
        return user
          ? [[id, { username: user.username, email: user.email, referralEarnings: user.balances.available }]]
          : [];
      }),
    );
  }

  async getWithdrawal(id: string): Promise<WithdrawalRecord | undefined> {
    await this.enter('getWithdrawal');
    const found = this.withdrawals.get(id);
    return found ? structuredClone(found) : undefined;
  }

  async commitDecision(plan: DecisionPlan): Promise<DecisionOutcome> {
    const scripted = await this.enterCommit('decision', this.decisionPlans, plan);
    if (scripted) return scripted as DecisionOutcome;
    const { withdrawal: read, decision, at } = plan;
    const current = this.withdrawals.get(read._id);
    if (!current || current.status !== 'pending') return { kind: 'not-pending' };
    const user = this.users.get(current.userId);
    if (this.markers.get(current.userId) !== current._id || !user || user.balances.held < read.amount) {
      return { kind: 'hold-missing' };
    }
    const approved = decision === 'approved';
    this.withdrawals.set(current._id, {
      ...current,
      status: decision,
      approvedDate: approved ? at : current.approvedDate,
      rejectedDate: approved ? current.rejectedDate : at,
      adminNote: plan.adminNote,
      processedBy: plan.adminId,
      payoutTxid: approved ? plan.payoutTxid : current.payoutTxid,
      updatedAt: at,
    });
    this.markers.delete(current.userId);
    user.balances.held -= read.amount;
    if (approved) user.balances.paidOut += read.amount;
    else user.balances.available += read.amount;
    this.ledger.push({
      _id: plan.ledgerId,
      userId: user._id,
      type: approved ? 'settle' : 'release',
      amount: read.amount,
      sourceId: current._id,
    });
    this.stats.pending -= 1;
    this.stats.pendingAmount -= read.amount;
    if (approved) {
      this.stats.approved += 1;
      this.stats.approvedAmount += read.amount;
    } else {
      this.stats.rejected += 1;
    }
    this.audit.push(plan.audit);
    return { kind: 'committed' };
  }

  private sorted(items: WithdrawalRecord[]) {
    return items.sort((a, b) => `${b.createdAt}#${b._id}`.localeCompare(`${a.createdAt}#${a._id}`));
  }
}
