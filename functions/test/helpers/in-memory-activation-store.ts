import type { AuditEntry } from '../../src/domain/records/audit-entry.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import type { ActivationClaim, ActivationStore } from '../../src/domain/commerce/activation-mails.js';

/**
 * An in-memory stand-in for the activation store with DynamoDB's semantics where they matter: the
 * claim is a compare-and-set on the row (notificationSent false and active), a claimed row leaves
 * the day's list, a release puts it back only for the claim that holds it, and pages are read with
 * a cursor past the last row answered. `stale` rows stay listed after their claim (a lagging index).
 */
type Row = SubscriptionRecord & { claimId?: string; notifiedBy?: string };

export interface InMemoryActivationStore extends ActivationStore {
  rows: Map<string, Row>;
  audits: AuditEntry[];
  /** Ids still listed even once claimed (the eventually consistent index). */
  stale: Set<string>;
  claims: number;
}

export function inMemoryActivationStore(
  subscriptions: SubscriptionRecord[],
  owners: Record<string, { username: string; email: string }> = {},
): InMemoryActivationStore {
  const rows = new Map<string, Row>(subscriptions.map((s) => [s._id, { ...s }]));
  const order = subscriptions.map((s) => s._id);
  const store: InMemoryActivationStore = {
    rows,
    audits: [],
    stale: new Set(),
    claims: 0,
    async activationPage(day, { limit, cursor }) {
      const listed = order.filter((id) => {
        const row = rows.get(id);
        return row && row.startDate === day && (!row.notificationSent || store.stale.has(id));
      });
      const start = cursor ? order.indexOf(cursor) + 1 : 0;
      const remaining = listed.filter((id) => order.indexOf(id) >= start);
      const page = remaining.slice(0, limit);
      // Pages are answered as copies, as a Query would.
      await Promise.resolve();
      const last = page.at(-1);
      return {
        items: page.map((id) => ({ ...(rows.get(id) as SubscriptionRecord) })),
        nextCursor: remaining.length > limit && last ? last : null,
      };
    },
    async recipients(userIds) {
      return new Map(userIds.flatMap((id) => (owners[id] ? [[id, owners[id]] as const] : [])));
    },
    async claim(sub, claim: ActivationClaim) {
      await Promise.resolve();
      const row = rows.get(sub._id);
      if (!row || row.notificationSent || row.status !== 'active') return false;
      store.claims += 1;
      rows.set(sub._id, { ...row, notificationSent: true, claimId: claim.claimId, notifiedBy: claim.by });
      return true;
    },
    async release(sub, claimId) {
      await Promise.resolve();
      const row = rows.get(sub._id);
      if (!row || !row.notificationSent || row.claimId !== claimId) return false;
      rows.set(sub._id, { ...row, notificationSent: false, claimId: undefined, notifiedBy: undefined });
      return true;
    },
    async appendAudit(entry) {
      store.audits.push(entry);
    },
  };
  return store;
}
