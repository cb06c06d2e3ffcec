import { createHash } from 'node:crypto';
import type { EmailTemplateType } from '../domain/email/templates.js';
import type { OutboxMail, OutboxMailContent, OutboxMailStatus } from '../domain/email/mail-outbox.js';
import type { Item } from './table-reads.js';

/**
 * Outbox mail (docs/data-model.md, "E40 Outbox mail"): a mail an effect promised whose first send
 * failed after the effect was committed, kept until it is delivered.
 *   PK = MAILOUT#<id>, SK = MAILOUT                  get by id; <id> derived from the effect (below)
 *   GSI1PK = MAILOUT#DUE, GSI1SK = <nextAttemptAt>#<id>
 *                                                    only while due (sparse): `job-retry-mails`, oldest due first
 *   GSI2PK = MAILOUT#FAILED, GSI2SK = <failedAt>#<id>
 *                                                    only once its retries failed (sparse): the admin list, newest first
 *   expiresAt (TTL)                                  only once sent: 30 days, so its effect cannot keep it again
 *   { effect, to, type, values, entityId, status, attempts, createdAt, nextAttemptAt, failedAt,
 *     lastError, claimId, claimedUntil, sentAt }
 */
export const OUTBOX_DUE_PARTITION = 'MAILOUT#DUE';
export const OUTBOX_FAILED_PARTITION = 'MAILOUT#FAILED';

/** The effect a mail belongs to: its template and the entity the effect changed. */
export const mailEffect = (mail: Pick<OutboxMailContent, 'type' | 'entityId'>) => `${mail.type}#${mail.entityId}`;

/**
 * The id of an effect's mail: the same effect always gives the same id, so a retried effect finds
 * its mail already kept (a Put conditioned on `attribute_not_exists(PK)`). 128 bits of SHA-256 in
 * base64url: fixed length, safe in a URL path, and it shows no address.
 */
export const outboxMailId = (mail: Pick<OutboxMailContent, 'type' | 'entityId'>) =>
  createHash('sha256').update(mailEffect(mail)).digest('base64url').slice(0, 22);

export const outboxMailKey = (id: string) => ({ PK: `MAILOUT#${id}`, SK: 'MAILOUT' });

export const dueKeys = (id: string, nextAttemptAt: string) => ({
  GSI1PK: OUTBOX_DUE_PARTITION,
  GSI1SK: `${nextAttemptAt}#${id}`,
});

export const failedKeys = (id: string, failedAt: string) => ({
  GSI2PK: OUTBOX_FAILED_PARTITION,
  GSI2SK: `${failedAt}#${id}`,
});

/** The item of a mail whose first send failed at `at`: due again at `nextAttemptAt`. */
export const toOutboxMailItem = (
  mail: OutboxMailContent,
  firstFailure: { at: string; lastError: string; nextAttemptAt: string },
) => {
  const id = outboxMailId(mail);
  return {
    ...outboxMailKey(id),
    ...dueKeys(id, firstFailure.nextAttemptAt),
    entity: 'OutboxMail',
    _id: id,
    effect: mailEffect(mail),
    to: mail.to,
    type: mail.type,
    values: mail.values,
    entityId: mail.entityId,
    status: 'due' satisfies OutboxMailStatus,
    attempts: 1,
    createdAt: firstFailure.at,
    nextAttemptAt: firstFailure.nextAttemptAt,
    lastError: firstFailure.lastError,
  };
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const STATUSES: readonly OutboxMailStatus[] = ['due', 'failed', 'sent'];

export const fromOutboxMailItem = (item: Item): OutboxMail => {
  const values: Record<string, string | number> = {};
  if (item.values && typeof item.values === 'object') {
    for (const [name, value] of Object.entries(item.values as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    }
  }
  const status = STATUSES.find((s) => s === item.status) ?? 'due';
  return {
    _id: String(item._id),
    to: String(item.to),
    type: String(item.type) as EmailTemplateType,
    values,
    entityId: String(item.entityId),
    status,
    attempts: Number(item.attempts ?? 0),
    createdAt: String(item.createdAt),
    nextAttemptAt: text(item.nextAttemptAt),
    failedAt: text(item.failedAt),
    lastError: String(item.lastError ?? ''),
    claimId: text(item.claimId),
    claimedUntil: text(item.claimedUntil),
    sentAt: text(item.sentAt),
  };
};
