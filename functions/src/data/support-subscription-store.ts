import { tableName } from '../adapters/dynamodb.js';
import type { SupportPlan, SupportStore } from '../domain/admin/support-subscriptions.js';
import { toAuditItem } from './audit-entity.js';
import { subscriptionCounter } from './commerce-items.js';
import { subscriptionStatsKey } from './stats-entity.js';
import {
  SUBSCRIPTION_SK_PREFIX,
  activationKeys,
  fromSubscriptionItem,
  subscriptionKey,
  subscriptionSearchText,
  toSubscriptionItem,
} from './subscription-entity.js';
import { getItem, queryAllWithPrefix } from './table-reads.js';
import { addCounters, putNew, transactUnlessChanged, updateItem, type TransactItems } from './transaction-items.js';
import { profileKey } from './user-profile-entity.js';

/**
 * Support's subscription controls in the table (docs/data-model.md, "Support's subscription
 * controls"): the profile and then the user's subscriptions read consistently (a GetItem, then a
 * Query of the user's `SUB#` rows), and one TransactWriteItems per action with its audit entry.
 */

const isoMonth = (iso: string) => iso.slice(0, 7);

/** The profile's support version: absent is 0, so the first action's condition is that it is absent. */
const versionCondition = (read: number) =>
  read === 0 ? 'attribute_not_exists(supportVersion)' : 'supportVersion = :versionRead';

/**
 * The action's transaction: the profile (verified, the support version read and, for a Basic, the
 * paid-through day read), the new row with its counters, or the closed rows with theirs, the row an
 * extension chains after (still active), and the audit entry. Any condition failing means a value
 * the plan was built on changed.
 */
export function supportTransaction(plan: SupportPlan): TransactItems {
  const { at } = plan;
  const profileSets = ['supportVersion = :versionNext', 'updatedAt = :at'];
  const profileValues: Record<string, unknown> = { ':versionNext': plan.version.next, ':at': at };
  const profileConditions = ['attribute_exists(emailVerifiedAt)', versionCondition(plan.version.read)];
  if (plan.version.read !== 0) profileValues[':versionRead'] = plan.version.read;
  if (plan.paidThrough) {
    profileSets.push('basicPaidThrough = :paidNext');
    profileValues[':paidNext'] = plan.paidThrough.next;
    if (plan.paidThrough.read === null) {
      profileConditions.push('attribute_not_exists(basicPaidThrough)');
    } else {
      profileConditions.push('basicPaidThrough = :paidRead');
      profileValues[':paidRead'] = plan.paidThrough.read;
    }
  }
  const items: TransactItems = [
    updateItem(profileKey(plan.userId), `SET ${profileSets.join(', ')}`, profileValues, {
      condition: profileConditions.join(' AND '),
    }),
  ];

  if (plan.created) {
    const created = plan.created;
    // A Basic starting today joins the day's activation mails, as an approved purchase does.
    const activation =
      created.packageSlug === 'basic' && created.startDate
        ? activationKeys(created.startDate, created.createdAt, created._id)
        : {};
    items.push(
      putNew({ ...toSubscriptionItem(created), ...activation, grantedBy: plan.audit.actor }),
      subscriptionCounter(created).item,
    );
  }
  if (plan.chainedAfter) {
    items.push({
      ConditionCheck: {
        TableName: tableName,
        Key: subscriptionKey(plan.userId, plan.chainedAfter._id),
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active' },
      },
    });
  }
  for (const { subscription, endDate } of plan.ended) {
    items.push(
      updateItem(
        subscriptionKey(plan.userId, subscription._id),
        'SET #status = :expired, endDate = :end, endedAt = :at, endedBy = :admin, searchText = :search, updatedAt = :at REMOVE GSI2PK, GSI2SK, GSI3PK, GSI3SK',
        {
          ':expired': 'expired',
          ':active': 'active',
          ':end': endDate,
          ':at': at,
          ':admin': plan.audit.actor,
          ':search': subscriptionSearchText(subscription, 'expired'),
        },
        { names: { '#status': 'status' }, condition: '#status = :active' },
      ),
    );
  }
  // The closed rows move from active to expired in the counters of their creation months.
  const byMonth = new Map<string, number>();
  for (const { subscription } of plan.ended) {
    const month = isoMonth(subscription.createdAt);
    byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
  }
  for (const [month, rows] of byMonth) {
    items.push(addCounters(subscriptionStatsKey(month), { active: -rows, expired: rows }));
  }
  items.push(putNew(toAuditItem(plan.audit)));
  return items;
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

export const dynamoSupportStore: SupportStore = {
  async readTarget(userId) {
    // The profile first, then the rows: every row written before the support version read is then
    // among the rows read, and any later write moves the version the commit is conditioned on. Read
    // side by side, the rows could come from before a racing grant and the version from after it,
    // and both grants would commit.
    const item = await getItem(profileKey(userId), true);
    const rows = await queryAllWithPrefix(profileKey(userId).PK, SUBSCRIPTION_SK_PREFIX, {
      consistent: true,
      newestFirst: true,
    });
    if (!item || typeof item.emailVerifiedAt !== 'string') return undefined;
    return {
      userId,
      username: String(item.username ?? ''),
      email: String(item.email ?? ''),
      basicPaidThrough: typeof item.basicPaidThrough === 'string' ? item.basicPaidThrough : null,
      supportVersion: num(item.supportVersion),
      subscriptions: rows.map(fromSubscriptionItem),
    };
  },

  async commit(plan) {
    return transactUnlessChanged(supportTransaction(plan));
  },
};
