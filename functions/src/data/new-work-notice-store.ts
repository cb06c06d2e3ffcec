import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { WORK_KINDS, type WorkKind } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { NewWorkNotice, NewWorkNoticeStore } from '../domain/admin/new-work-mail.js';
import { fromNewWorkNoticeItem, newWorkNoticeKey, toNewWorkNoticeItem } from './new-work-notice-entity.js';
import { batchGetItems, isConditionFailure } from './table-reads.js';

/** Runs a conditional write; false when its condition did not hold. */
async function unlessConditionFails(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The new-work notices in the table: all kinds read in one BatchGetItem, a claim is one
 * conditional Put (the interval is in its condition, so two runs cannot both claim a kind), and a
 * release is conditioned on the claim's own run.
 */
export const dynamoNewWorkNoticeStore: NewWorkNoticeStore = {
  async readNotices() {
    const items = await batchGetItems(WORK_KINDS.map((kind) => newWorkNoticeKey(kind)));
    const notices: Partial<Record<WorkKind, NewWorkNotice>> = {};
    for (const item of items) {
      const kind = WORK_KINDS.find((k) => k === item.kind);
      if (kind) notices[kind] = fromNewWorkNoticeItem(item);
    }
    return notices;
  },

  claim(kind, next, cutoff) {
    return unlessConditionFails(() =>
      documentClient.send(
        new PutCommand({
          TableName: tableName,
          Item: toNewWorkNoticeItem(kind, next),
          ConditionExpression: 'attribute_not_exists(PK) OR #mailed <= :cutoff',
          ExpressionAttributeNames: { '#mailed': 'mailedAt' },
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      ),
    );
  },

  async release(kind, claimed, previous) {
    const ownClaim = {
      ConditionExpression: '#run = :run',
      ExpressionAttributeNames: { '#run': 'runId' },
      ExpressionAttributeValues: { ':run': claimed.runId },
    };
    // Another run's claim (after this one's interval) is theirs: nothing to give back then.
    await unlessConditionFails(() =>
      previous
        ? documentClient.send(
            new PutCommand({ TableName: tableName, Item: toNewWorkNoticeItem(kind, previous), ...ownClaim }),
          )
        : documentClient.send(new DeleteCommand({ TableName: tableName, Key: newWorkNoticeKey(kind), ...ownClaim })),
    );
  },
};
