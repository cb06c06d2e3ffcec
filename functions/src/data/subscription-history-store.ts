import { subscriptionSummaryOf } from '@goldbot/shared';
import type { SubscriptionHistoryStore } from '../domain/commerce/subscription-history.js';
import { yearMonthOf } from '../domain/commerce/subscription-history.js';
import { SUBSCRIPTION_SUMMARY_COUNTERS, subscriptionStatsKey } from './stats-entity.js';
import {
  SUBSCRIPTION_HISTORY_INDEX,
  fromSubscriptionItem,
  subscriptionHistoryPartition,
} from './subscription-entity.js';
import { batchGetItems, queryListPage } from './table-reads.js';

/**
 * DynamoDB side of the subscription history (docs/data-model.md AP33, AP34): Queries on one GSI1
 * year partition (a month is a `begins_with` on its sort key), never a Scan; the summary is one
 * BatchGetItem of at most 12 month aggregates.
 */
const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

export const dynamoSubscriptionHistoryStore: SubscriptionHistoryStore = {
  async listHistory(scope, { limit, cursor, contains }) {
    const { items, nextCursor } = await queryListPage(
      {
        ...SUBSCRIPTION_HISTORY_INDEX,
        value: subscriptionHistoryPartition(scope.year),
        ...(scope.month !== undefined ? { skPrefix: yearMonthOf(scope.year, scope.month) } : {}),
      },
      // A search reads the whole period if it must (the period bounds it): never an empty page with a cursor.
      { limit, cursor, contains, budget: Number.POSITIVE_INFINITY },
    );
    return { items: items.map(fromSubscriptionItem), nextCursor };
  },

  async summaryOf(months) {
    const summary = subscriptionSummaryOf();
    for (const item of await batchGetItems(months.map(subscriptionStatsKey), false)) {
      for (const counter of SUBSCRIPTION_SUMMARY_COUNTERS) summary[counter] += number(item[counter]);
    }
    return summary;
  },
};
