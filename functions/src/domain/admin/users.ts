import {
  ADMIN_MESSAGES,
  type AdminListQuery,
  type AdminSubscription,
  type AdminUser,
  type ListSearchScope,
  type UserStats,
} from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { toAdminSubscriptionView, type SubscriptionRecord } from '../records/subscription-record.js';
import { toAdminUserView, type UserProfile } from '../records/user-profile.js';
import { backoffMs, CONFLICT_TRIES } from '../../lib/retry.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { adminAuditEntry, type AdminActor } from './admin-actor.js';
import type { UseCaseRuntime } from '../use-case-runtime.js';

/**
 * The back-office's users (docs/data-model.md, "User profile", the user aggregates, the user access patterns
 * and "Activate / deactivate"): the counts, the searchable list, one user's subscriptions, and deactivation /
 * activation. A status change is one conditional transaction (the flag, `tokensValidAfter` on
 * deactivation, the user counters and the audit entry), then Cognito follows: disabled and signed
 * out everywhere, or enabled again. Storage and Cognito are injected.
 */

export type UserStatus = 'active' | 'inactive';

export const USER_ADMIN_MESSAGES = {
  busy: 'This user is being changed by another request. Please try again.',
} as const;

export interface StatusChangePlan {
  /** The profile as read, in the other state. */
  user: UserProfile;
  to: UserStatus;
  /** ISO instant of the change. */
  at: string;
  /** Deactivation only: epoch seconds before which the user's tokens are refused. */
  tokensValidAfter?: number;
  /** `STATS#USERS / TOTAL` movements. */
  counters: { active: number; inactive: number };
  audit: AuditEntry;
}

export type StatusChangeOutcome =
  | { kind: 'committed' }
  /** The profile is gone or not verified. */
  | { kind: 'missing' }
  /** The flag was not in the expected state any more: another request changed it first. */
  | { kind: 'not-in-state' }
  /** Cancelled only by TransactionConflict. */
  | { kind: 'conflict' };

export interface UserPageRequest {
  limit: number;
  cursor?: string;
  search?: string;
}

export interface UserPage {
  users: AdminUser[];
  nextCursor: string | null;
  /** With a search: how it answered (start of a value, or inside the newest users). */
  search?: ListSearchScope;
}

export interface AdminUserStore {
  /** The profile, consistent. */
  getUser(userId: string): Promise<UserProfile | undefined>;
  /** The status change, one TransactWriteItems. */
  commitStatusChange(plan: StatusChangePlan): Promise<StatusChangeOutcome>;
  /** Verified users, newest first, searched server-side. */
  listUsers(page: UserPageRequest): Promise<UserPage>;
  /** The user counters: TOTAL and MONTH#<month>. */
  userCounts(month: string): Promise<{ total: number; active: number; inactive: number; newUsers: number }>;
  /** Every subscription of the user, newest first. */
  subscriptionsOf(userId: string): Promise<SubscriptionRecord[]>;
}

/** Cognito's side of a user (cognito-directory.ts setUserEnabled). */
export interface AccountSwitch {
  setUserEnabled(email: string, enabled: boolean): Promise<'done' | 'not-found'>;
}

export interface UserStatusDeps extends UseCaseRuntime {
  store: AdminUserStore;
  accounts: AccountSwitch;
  /** Ends every session of the user: registry, `tokensValidAfter`, Cognito's retried global sign-out. */
  endSessions(userId: string, email: string): Promise<void>;
  /** The pool has no user by the profile's address (a Google-only identity): the flag alone refuses them. */
  onAccountMissing?: (userId: string) => void;
}

export const statusOf = (user: Pick<UserProfile, 'isActive'>): UserStatus => (user.isActive ? 'active' : 'inactive');

/** Only verified users are users of the back-office: they alone are listed and counted. */
const isListed = (user: UserProfile | undefined): user is UserProfile => user?.emailVerifiedAt !== undefined;

/**
 * The search term of the user list: trimmed and lower-cased (the stored `searchText` is lower
 * case). A term written like a phone number (digits with spaces, `+`, `-` or parentheses, nothing
 * else) is reduced to its digits, which `searchText` also carries: `555 010-2030` finds
 * `+1 (555) 010-2030`. Anything else is searched as typed.
 */
export function userSearchTerm(search: string | undefined): string | undefined {
  const term = (search ?? '').trim().toLowerCase();
  if (term === '') return undefined;
  if (/^[\d\s+().-]+$/.test(term) && /\d/.test(term) && /[\s+()-]/.test(term)) return term.replace(/\D/g, '');
  return term;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** `admin-user-stats`: the user counters; `newThisMonth` counts users verified in the current UTC month. */
export async function getUserStats(store: AdminUserStore, now: Date): Promise<{ userStats: UserStats }> {
  const counts = await store.userCounts(now.toISOString().slice(0, 7));
  return {
    userStats: { total: counts.total, active: counts.active, inactive: counts.inactive, newThisMonth: counts.newUsers },
  };
}

/** `admin-users`: a page of verified users, newest first; `search` answers its matches on the first page. */
export async function listAdminUsers(store: AdminUserStore, query: AdminListQuery): Promise<UserPage> {
  return store.listUsers({ limit: query.limit, cursor: query.cursor, search: query.search });
}

/** `admin-user-subscriptions`: the user's subscriptions newest first, owner from the live profile. */
export async function listUserSubscriptions(
  store: AdminUserStore,
  userId: string,
  now: Date,
): Promise<{ subscriptions: AdminSubscription[] }> {
  const [user, rows] = await Promise.all([store.getUser(userId), store.subscriptionsOf(userId)]);
  if (!isListed(user)) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  const today = now.toISOString().slice(0, 10);
  return { subscriptions: rows.map((row) => toAdminSubscriptionView(row, today, user)) };
}

// ---------------------------------------------------------------------------------------------
// Deactivate / activate

/** The transaction's contents for a user in the other state; pure, so tests can build the same. */
export function planStatusChange(
  user: UserProfile,
  to: UserStatus,
  admin: AdminActor,
  now: Date,
  newId: (nowMs: number) => string,
): StatusChangePlan {
  const at = now.toISOString();
  const deactivate = to === 'inactive';
  return {
    user,
    to,
    at,
    ...(deactivate ? { tokensValidAfter: Math.floor(now.getTime() / 1000) } : {}),
    counters: deactivate ? { active: -1, inactive: 1 } : { active: 1, inactive: -1 },
    audit: adminAuditEntry(admin, now, newId, {
      action: deactivate ? 'user.deactivate' : 'user.activate',
      target: { type: 'user', id: user._id },
      details: { from: statusOf(user), to, username: user.username, email: user.email },
    }),
  };
}

/**
 * Cognito follows the flag: disabled and signed out everywhere, or enabled. Run after every
 * answer, the repeated one included, so repeating an action whose Cognito step failed repairs it
 * (the flag already refuses the user everywhere meanwhile; docs/data-model.md, "Activate / deactivate").
 */
async function applyToDirectory(deps: UserStatusDeps, user: UserProfile, to: UserStatus): Promise<void> {
  const result = await deps.accounts.setUserEnabled(user.email, to === 'active');
  if (result === 'not-found') deps.onAccountMissing?.(user._id);
  if (to === 'inactive') await deps.endSessions(user._id, user.email);
}

export interface StatusAnswer {
  message: string;
  user: AdminUser;
}

const answerFor = (user: UserProfile, to: UserStatus): StatusAnswer => ({
  message: to === 'active' ? ADMIN_MESSAGES.userActivated : ADMIN_MESSAGES.userDeactivated,
  user: toAdminUserView(user),
});

/**
 * `admin-user-deactivate` / `admin-user-activate`. An administrator cannot deactivate themself
 * (400). An unknown or unverified id is 404. A user already in the wanted state answers 200 with
 * no counter or audit change (idempotent). Otherwise one transaction moves the flag (deactivation
 * also sets `tokensValidAfter`, so every token issued so far is refused), `active`/`inactive` and
 * appends the audit entry; a lost race re-reads and answers from the state that won.
 */
export async function changeUserStatus(
  deps: UserStatusDeps,
  to: UserStatus,
  userId: string,
  admin: AdminActor,
): Promise<StatusAnswer> {
  if (to === 'inactive' && userId === admin.userId) {
    throw new ValidationError(ADMIN_MESSAGES.cannotDeactivateSelf);
  }
  const { store } = deps;
  for (let conflicts = 0; ;) {
    const user = await store.getUser(userId);
    if (!isListed(user)) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    if (statusOf(user) === to) {
      await applyToDirectory(deps, user, to);
      return answerFor(user, to);
    }
    const plan = planStatusChange(user, to, admin, deps.now(), deps.newId);
    const outcome = await store.commitStatusChange(plan);
    switch (outcome.kind) {
      case 'committed': {
        const changed: UserProfile = {
          ...user,
          isActive: to === 'active',
          updatedAt: plan.at,
          ...(plan.tokensValidAfter !== undefined ? { tokensValidAfter: plan.tokensValidAfter } : {}),
        };
        await applyToDirectory(deps, changed, to);
        return answerFor(changed, to);
      }
      case 'missing':
        throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
      case 'not-in-state':
      case 'conflict':
        // Another request changed the user first: read again and answer from what it left.
        if (conflicts >= CONFLICT_TRIES - 1) throw new ConflictError(USER_ADMIN_MESSAGES.busy);
        conflicts += 1;
        if (outcome.kind === 'conflict') await deps.sleep(backoffMs(conflicts, { random: deps.random }));
        break;
    }
  }
}
