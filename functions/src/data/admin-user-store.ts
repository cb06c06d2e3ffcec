import {
  userSearchTerm,
  type AdminUserStore,
  type StatusChangeOutcome,
  type StatusChangePlan,
  type UserPage,
  type UserPageRequest,
} from '../domain/admin/users.js';
import { toAuditItem } from './audit-entity.js';
import { userStatsKeys } from './stats-entity.js';
import { SUBSCRIPTION_SK_PREFIX, fromSubscriptionItem } from './subscription-entity.js';
import {
  batchGetItems,
  cancellationReasons,
  getItem,
  onlyConflicts,
  queryAllWithPrefix,
  queryListPage,
  type Item,
} from './table-reads.js';
import { searchUsersPage } from './user-prefix-search.js';
import { addCounters, putNew, transactOr, updateItem, type TransactItems } from './transaction-items.js';
import { USERS_LIST_PARTITION, fromProfileItem, profileKey } from './user-profile-entity.js';
import { toAdminUserView } from '../domain/records/user-profile.js';

/**
 * DynamoDB side of the back-office's users (docs/data-model.md, the user access patterns, "Activate / deactivate"
 * and "Search, stated honestly"): GetItem and BatchGetItem by key, Queries on GSI1 `USERS` and on the user's item collection
 * (never a Scan), and one TransactWriteItems per status change.
 */

/** GSI1 `USERS`: verified users, newest first. */
const USERS_LIST = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: USERS_LIST_PARTITION } as const;

/** Positions in the status-change transaction. */
const STATUS_CHANGE = { profile: 0, counters: 1, audit: 2 } as const;

/**
 * A page of verified users, newest first. With `search`, the users whose username or e-mail starts
 * with it, from the prefix indexes; a term that starts none is looked for anywhere in the newest
 * users' `searchText` (username, e-mail, phone), a window per page (docs/data-model.md, "Search, stated honestly"). Also the rows
 * of the users CSV export.
 */
export async function listUsers({ limit, cursor, search }: UserPageRequest): Promise<UserPage> {
  const term = userSearchTerm(search);
  if (term === undefined) {
    const { items, nextCursor } = await queryListPage(USERS_LIST, { limit, cursor, budget: limit });
    return { users: items.map((item) => toAdminUserView(fromProfileItem(item))), nextCursor };
  }
  const page = await searchUsersPage(term, { limit, cursor });
  return {
    users: page.items.map((item) => toAdminUserView(fromProfileItem(item))),
    nextCursor: page.nextCursor,
    search: page.search,
  };
}

/** The status change: the flag (on condition of the state it leaves), the user counters, the audit entry. */
export function statusChangeTransaction(plan: StatusChangePlan): TransactItems {
  const deactivate = plan.to === 'inactive';
  const profile = deactivate
    ? updateItem(
        profileKey(plan.user._id),
        'SET isActive = :to, tokensValidAfter = :tva, updatedAt = :at',
        { ':to': false, ':tva': plan.tokensValidAfter, ':at': plan.at, ':true': true },
        {
          // A profile without the flag is active (fromProfileItem).
          condition: 'attribute_exists(emailVerifiedAt) AND (attribute_not_exists(isActive) OR isActive = :true)',
          returnOld: true,
        },
      )
    : updateItem(
        profileKey(plan.user._id),
        'SET isActive = :to, updatedAt = :at',
        { ':to': true, ':at': plan.at, ':false': false },
        { condition: 'attribute_exists(emailVerifiedAt) AND isActive = :false', returnOld: true },
      );
  return [profile, addCounters(userStatsKeys.total(), plan.counters), putNew(toAuditItem(plan.audit))];
}

/** Maps a cancelled status change to its outcome: the profile's ALL_OLD image tells gone from changed. */
export function statusChangeOutcomeOf(error: unknown): StatusChangeOutcome {
  const reasons = cancellationReasons(error);
  const codes = reasons.map((reason) => reason.Code ?? 'None');
  if (codes.length === 0) throw error;
  const profile = reasons[STATUS_CHANGE.profile];
  if (profile?.Code === 'ConditionalCheckFailed') {
    const old = profile.Item as Record<string, unknown> | undefined;
    return !old || !('emailVerifiedAt' in old) ? { kind: 'missing' } : { kind: 'not-in-state' };
  }
  if (onlyConflicts(codes)) return { kind: 'conflict' };
  throw error;
}

const count = (value: unknown) => Number(value ?? 0) || 0;

export const dynamoAdminUserStore: AdminUserStore = {
  async getUser(userId) {
    const item = await getItem(profileKey(userId), true);
    return item ? fromProfileItem(item) : undefined;
  },

  async commitStatusChange(plan) {
    return transactOr(statusChangeTransaction(plan), { kind: 'committed' }, statusChangeOutcomeOf);
  },

  listUsers,

  async userCounts(month) {
    const total = userStatsKeys.total();
    const monthKey = userStatsKeys.month(month);
    const items = await batchGetItems([total, monthKey]);
    const bySk = new Map<string, Item>(items.map((item) => [String(item.SK), item]));
    const totals = bySk.get(total.SK) ?? {};
    return {
      total: count(totals.total),
      active: count(totals.active),
      inactive: count(totals.inactive),
      newUsers: count(bySk.get(monthKey.SK)?.newUsers),
    };
  },

  async subscriptionsOf(userId) {
    // SUB#<ulid>: newest first.
    const items = await queryAllWithPrefix(profileKey(userId).PK, SUBSCRIPTION_SK_PREFIX, { newestFirst: true });
    return items.map(fromSubscriptionItem);
  },
};
