import { WORK_KINDS, type WorkKind } from '@goldbot/shared';
import type { NewWorkNotice, NewWorkNoticeStore } from '../domain/admin/new-work-mail.js';
import { fromNewWorkNoticeItem, newWorkNoticeKey, toNewWorkNoticeItem } from './new-work-notice-entity.js';
import { batchGetItems, deleteIf, putIf } from './table-reads.js';

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
    return putIf({
      Item: toNewWorkNoticeItem(kind, next),
      ConditionExpression: 'attribute_not_exists(PK) OR #mailed <= :cutoff',
      ExpressionAttributeNames: { '#mailed': 'mailedAt' },
      ExpressionAttributeValues: { ':cutoff': cutoff },
    });
  },

  async release(kind, claimed, previous) {
    const ownClaim = {
      ConditionExpression: '#run = :run',
      ExpressionAttributeNames: { '#run': 'runId' },
      ExpressionAttributeValues: { ':run': claimed.runId },
    };
    // Another run's claim (after this one's interval) is theirs: nothing to give back then.
    await (previous
      ? putIf({ Item: toNewWorkNoticeItem(kind, previous), ...ownClaim })
      : deleteIf({ Key: newWorkNoticeKey(kind), ...ownClaim }));
  },
};
