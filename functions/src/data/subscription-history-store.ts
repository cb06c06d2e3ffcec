import { subscriptionSummaryOf } from '@goldbot/shared';
import type { HistoryScope, SubscriptionHistoryStore } from '../domain/commerce/subscription-history.js';
import { namesPackageOrStatus, yearMonthOf } from '../domain/commerce/subscription-history.js';
import { SUBSCRIPTION_SUMMARY_COUNTERS, subscriptionStatsKey } from './stats-entity.js';
import {
  SUBSCRIPTION_HISTORY_INDEX,
  SUBSCRIPTION_SK_PREFIX,
  fromSubscriptionItem,
  subscriptionHistoryPartition,
} from './subscription-entity.js';
import { batchGetItems, queryAllWithPrefix, queryListPage } from './table-reads.js';
import { profileKey } from './user-profile-entity.js';
import {
  INSIDE_SEARCH_WINDOW,
  PREFIX_SEARCH_USERS,
  START_SCOPE,
  insideScope,
  usersStartingWith,
} from './user-prefix-search.js';

/**
 * DynamoDB side of the subscription history (docs/data-model.md, "Subscriptions" and "Search, stated honestly"): Queries on one
 * GSI1 year partition (a month is a `begins_with` on its sort key), never a Scan; the summary is
 * one BatchGetItem of at most 12 month aggregates. A search for the start of a username or e-mail
 * reads those users' own rows (the prefix indexes, then each user's item collection); any other term, the newest rows of the period, a
 * window per page.
 */
/** `yyyy` or `yyyy-mm`: what the period's `createdAt` values start with. */
const periodPrefix = (scope: HistoryScope) =>
  scope.month !== undefined ? yearMonthOf(scope.year, scope.month) : String(scope.year);

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

export const dynamoSubscriptionHistoryStore: SubscriptionHistoryStore = {
  async listHistory(scope, { limit, cursor, contains }) {
    const period = periodPrefix(scope);
    const list = {
      ...SUBSCRIPTION_HISTORY_INDEX,
      value: subscriptionHistoryPartition(scope.year),
      ...(scope.month !== undefined ? { skPrefix: period } : {}),
    };
    if (contains === undefined) {
      const { items, nextCursor } = await queryListPage(list, { limit, cursor, budget: limit });
      return { items: items.map(fromSubscriptionItem), nextCursor };
    }
    if (cursor === undefined && !namesPackageOrStatus(contains)) {
      const { users, limited } = await usersStartingWith(contains);
      if (users.length > 0) {
        // A few users' own rows, however long the history is.
        const rows = await Promise.all(
          users.map((user) =>
            queryAllWithPrefix(profileKey(user._id).PK, SUBSCRIPTION_SK_PREFIX, { newestFirst: true }),
          ),
        );
        const items = rows
          .flat()
          .map(fromSubscriptionItem)
          .filter((sub) => sub.createdAt.startsWith(period))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id));
        return { items, nextCursor: null, search: { ...START_SCOPE, limitedTo: limited ? PREFIX_SEARCH_USERS : null } };
      }
    }
    const page = await queryListPage(list, { limit, cursor, contains, budget: INSIDE_SEARCH_WINDOW });
    return { items: page.items.map(fromSubscriptionItem), nextCursor: page.nextCursor, search: insideScope(page) };
  },

  async summaryOf(months) {
    const summary = subscriptionSummaryOf();
    for (const item of await batchGetItems(months.map(subscriptionStatsKey), false)) {
      for (const counter of SUBSCRIPTION_SUMMARY_COUNTERS) summary[counter] += number(item[counter]);
    }
    return summary;
  },
};
