import type { WorkKind } from '@goldbot/shared';
import type { NewWorkNotice } from '../domain/admin/new-work-mail.js';
import type { Item } from './table-reads.js';

/**
 * The last new-work mail of each kind (docs/data-model.md, "New-work notice"):
 *   NEWWORK#<kind> / LASTMAIL   { kind, mailedAt, coveredUntil, runId, reported }
 * One item per kind, written by `job-new-work-mail` when it claims a mail and never by a route.
 */
export const newWorkNoticeKey = (kind: WorkKind) => ({ PK: `NEWWORK#${kind}`, SK: 'LASTMAIL' });

export const toNewWorkNoticeItem = (kind: WorkKind, notice: NewWorkNotice) => ({
  ...newWorkNoticeKey(kind),
  entity: 'NewWorkNotice',
  kind,
  mailedAt: notice.mailedAt,
  coveredUntil: notice.coveredUntil,
  runId: notice.runId,
  reported: notice.reported,
});

export const fromNewWorkNoticeItem = (item: Item): NewWorkNotice => ({
  mailedAt: String(item.mailedAt),
  coveredUntil: String(item.coveredUntil),
  runId: String(item.runId),
  reported: Number(item.reported ?? 0),
});
