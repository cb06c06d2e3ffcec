import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../adapters/dynamodb.js';
import type { ExpiryStore } from '../domain/jobs/expire-subscriptions.js';
import type { ReminderCandidate, ReminderStore } from '../domain/jobs/expiry-reminders.js';
import type { Page } from '../domain/jobs/sweep.js';
import { decodeCursor, encodeCursor, type Key } from './cursor.js';
import { backoffMs, CONFLICT_TRIES, retry } from '../lib/retry.js';
import { subscriptionStatsKey } from './stats-entity.js';
import {
  SUBSCRIPTION_SK_PREFIX,
  fromSubscriptionItem,
  subscriptionKey,
  subscriptionSearchText,
} from './subscription-entity.js';
import type { SubscriptionRecord } from '../domain/records/subscription-record.js';
import {
  cancellationCodes,
  getItem,
  onlyConflicts,
  queryAllWithPrefix,
  queryTable,
  updateIf,
  type Item,
} from './table-reads.js';
import { addCounters, updateItem } from './transaction-items.js';
import { profileKey } from './user-profile-entity.js';

/**
 * DynamoDB side of the subscription jobs (docs/data-model.md, "Subscription", "Expiry job",
 * "Expiry reminders"). Reads are Queries on the sparse expiry index `GSI3PK = EXPIRES`
 * (`GSI3SK = <endDate>#<id>`, only active rows with an end date), page by page, oldest first;
 * never a Scan. Writes are conditional, so two runs at once do each row once.
 */
const EXPIRY_INDEX = { name: 'GSI3', pk: 'GSI3PK', sk: 'GSI3SK', value: 'EXPIRES' } as const;
/** Items per index page: small enough that a page is done well within a run's time budget. */
export const EXPIRY_PAGE_SIZE = 100;
/** The reminder claim on a subscription row. */
export const REMINDER_CLAIM_ATTRIBUTE = 'expiryReminderSentAt';

const INDEX_KEY_NAMES = ['PK', 'SK', EXPIRY_INDEX.pk, EXPIRY_INDEX.sk] as const;

/** One page of the expiry index under a key condition on GSI3SK. */
async function expiryIndexPage(
  condition: string,
  values: Record<string, string>,
  cursor: string | undefined,
): Promise<{ items: Item[]; cursor?: string }> {
  const result = await queryTable({
    IndexName: EXPIRY_INDEX.name,
    KeyConditionExpression: `${EXPIRY_INDEX.pk} = :list AND ${condition}`,
    ExpressionAttributeValues: { ':list': EXPIRY_INDEX.value, ...values },
    ScanIndexForward: true,
    Limit: EXPIRY_PAGE_SIZE,
    ExclusiveStartKey: decodeCursor(cursor, { [EXPIRY_INDEX.pk]: EXPIRY_INDEX.value }, INDEX_KEY_NAMES),
  });
  return {
    items: result.Items ?? [],
    cursor: encodeCursor(result.LastEvaluatedKey as Key | undefined) ?? undefined,
  };
}

const yearMonth = (iso: string) => iso.slice(0, 7);

export const dynamoExpiryStore: ExpiryStore = {
  async dueForExpiry(today, cursor): Promise<Page<SubscriptionRecord>> {
    // GSI3SK is `<endDate>#<id>`: every key of a day before today sorts below the bare `today`.
    const page = await expiryIndexPage(`${EXPIRY_INDEX.sk} < :today`, { ':today': today }, cursor);
    return { items: page.items.map(fromSubscriptionItem), cursor: page.cursor };
  },

  async expire(sub, at) {
    if (sub.endDate === null) return false;
    const items = [
      updateItem(
        subscriptionKey(sub.userId, sub._id),
        'SET #status = :expired, searchText = :search, updatedAt = :at REMOVE GSI3PK, GSI3SK',
        {
          ':expired': 'expired',
          ':active': 'active',
          ':at': at,
          ':end': sub.endDate,
          // The admin history searches the status too (subscriptionSearchText).
          ':search': subscriptionSearchText(sub, 'expired'),
        },
        { names: { '#status': 'status' }, condition: '#status = :active AND endDate = :end' },
      ),
      // The month of the row's creation, where approval counted it active.
      addCounters(subscriptionStatsKey(yearMonth(sub.createdAt)), { active: -1, expired: 1 }),
    ];
    const conflicted = (error: unknown) => onlyConflicts(cancellationCodes(error));
    try {
      await retry(() => documentClient.send(new TransactWriteCommand({ TransactItems: items })), {
        tries: CONFLICT_TRIES,
        retryOn: conflicted,
        delayMs: (attempt) => backoffMs(attempt),
      });
      return true;
    } catch (error) {
      if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
      if (conflicted(error))
        throw new Error(`expiry of subscription ${sub._id} kept conflicting with other transactions`);
      throw error;
    }
  },
};

const reminderCandidate = (item: Item): ReminderCandidate => ({
  subscription: fromSubscriptionItem(item),
  reminderSentAt: typeof item[REMINDER_CLAIM_ATTRIBUTE] === 'string' ? item[REMINDER_CLAIM_ATTRIBUTE] : null,
});

export const dynamoReminderStore: ReminderStore = {
  async endingBetween(from, to, cursor) {
    // `<to>#\uffff` sorts after every `<to>#<id>`, so the last day of the window is included.
    const page = await expiryIndexPage(
      `${EXPIRY_INDEX.sk} BETWEEN :from AND :to`,
      { ':from': from, ':to': `${to}#\uffff` },
      cursor,
    );
    return { items: page.items.map(reminderCandidate), cursor: page.cursor };
  },

  async readHolder(userId) {
    const item = await getItem(profileKey(userId));
    if (!item) return null;
    return {
      username: String(item.username ?? ''),
      email: String(item.email ?? ''),
      isActive: item.isActive !== false,
    };
  },

  async userSubscriptions(userId) {
    return (await queryAllWithPrefix(profileKey(userId).PK, SUBSCRIPTION_SK_PREFIX)).map(fromSubscriptionItem);
  },

  async claimReminder(sub, at) {
    return updateIf({
      Key: subscriptionKey(sub.userId, sub._id),
      UpdateExpression: 'SET #claim = :at',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#claim) AND #status = :active',
      ExpressionAttributeNames: { '#claim': REMINDER_CLAIM_ATTRIBUTE, '#status': 'status' },
      ExpressionAttributeValues: { ':at': at, ':active': 'active' },
    });
  },

  async releaseReminder(sub, at) {
    // Someone else's claim (a later run's) is not ours to remove: refused, and that is fine.
    await updateIf({
      Key: subscriptionKey(sub.userId, sub._id),
      UpdateExpression: 'REMOVE #claim',
      ConditionExpression: '#claim = :at',
      ExpressionAttributeNames: { '#claim': REMINDER_CLAIM_ATTRIBUTE },
      ExpressionAttributeValues: { ':at': at },
    });
  },
};
