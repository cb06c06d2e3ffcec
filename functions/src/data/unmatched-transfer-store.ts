import type { AuditEntry } from '../domain/records/audit-entry.js';
import type { AssignPlan, DecisionCommit, UnmatchedTransferStore } from '../domain/commerce/unmatched-transfers.js';
import type { TransferDecision } from '../domain/records/transfer-record.js';
import { paymentTemplateType } from '../domain/email/templates.js';
import { packageSlugOf } from '../domain/commerce/purchase.js';
import { toAuditItem } from './audit-entity.js';
import {
  batchGet,
  keyId,
  toCustomerProfile,
  toTemplate,
  toTxidMarker,
  transact,
  type Tagged,
} from './commerce-items.js';
import { emailTemplateKey } from './email-template-entity.js';
import { packageKey } from './package-catalog-entity.js';
import { txidMarkerKey } from './payment-entity.js';
import { transferStatsKey } from './stats-entity.js';
import { addCounters } from './transaction-items.js';
import { payerPayment, paymentForTransfer } from './payment-writes.js';
import { batchGetItems, queryListPage } from './table-reads.js';
import { UNMATCHED_LIST, fromTransferItem, transferKey } from './transfer-entity.js';
import { dynamoBindingStore } from './binding-store.js';
import { profileKey } from './user-profile-entity.js';
import { tableName } from '../adapters/dynamodb.js';

/**
 * DynamoDB side of the unmatched transfers (docs/data-model.md, "Transfer"): the list is a Query
 * of GSI1 TRANSFERS#UNMATCHED newest first (never a Scan); a decision is one TransactWriteItems
 * conditioned on the transfer being unmatched and undecided, with its audit entry (and, for an
 * assignment, the payment as a submission writes it).
 */
const LIST = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: UNMATCHED_LIST } as const;

/** The decision on the transfer: only once, only while it is unmatched. */
const decide = (txid: string, decision: TransferDecision): Tagged<'transfer'> => ({
  tag: 'transfer',
  item: {
    Update: {
      TableName: tableName,
      Key: transferKey(txid),
      UpdateExpression: 'SET decision = :decision',
      ConditionExpression: '#state = :unmatched AND attribute_not_exists(decision)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':decision': decision, ':unmatched': 'unmatched' },
    },
  },
});

const audited = (audit: AuditEntry): Tagged<never> => ({
  tag: null,
  item: { Put: { TableName: tableName, Item: toAuditItem(audit), ConditionExpression: 'attribute_not_exists(PK)' } },
});

/** A decided transfer no longer waits: the back-office's count of unmatched transfers goes down with the decision. */
const uncounted = (): Tagged<never> => ({ tag: null, item: addCounters(transferStatsKey(), { unmatched: -1 }) });

async function commit(items: Tagged<'transfer' | 'stale'>[]): Promise<DecisionCommit> {
  const outcome = await transact([...items, uncounted()]);
  if (outcome === null) return { kind: 'committed' };
  if (outcome === 'busy') return { kind: 'decided' };
  return { kind: 'decided' };
}

export const dynamoUnmatchedTransferStore: UnmatchedTransferStore = {
  async listUnmatched({ limit, cursor }) {
    const page = await queryListPage(LIST, { limit, cursor, budget: limit });
    return { items: page.items.flatMap((item) => fromTransferItem(item) ?? []), nextCursor: page.nextCursor };
  },

  getTransfer: dynamoBindingStore.getTransfer,

  async emailsOf(userIds) {
    const emails = new Map<string, string>();
    for (const item of await batchGetItems(
      userIds.map((id) => profileKey(id)),
      false,
    )) {
      if (typeof item.email === 'string') emails.set(String(item._id), item.email);
    }
    return emails;
  },

  async readAssignContext(txid, userId, packageName) {
    const slug = packageSlugOf(packageName);
    const templateType = paymentTemplateType(slug, 'pending');
    const keys = {
      transfer: transferKey(txid),
      profile: profileKey(userId),
      catalog: packageKey(slug),
      marker: txidMarkerKey(txid),
      template: emailTemplateKey(templateType),
    };
    const found = await batchGet(Object.values(keys), true);
    const catalog = found.get(keyId(keys.catalog));
    const profile = found.get(keyId(keys.profile));
    return {
      transfer: fromTransferItem(found.get(keyId(keys.transfer))),
      // Only a verified account can be given a payment.
      profile: profile && typeof profile.emailVerifiedAt === 'string' ? toCustomerProfile(profile) : null,
      catalogPriceUsd: catalog && catalog.priceUsd !== undefined ? Number(catalog.priceUsd) : null,
      marker: toTxidMarker(found.get(keyId(keys.marker))),
      template: toTemplate(found.get(keyId(keys.template)), templateType),
    };
  },

  async commitAssignment(plan: AssignPlan) {
    const { payment, subscription, marker, markerRead, transfer } = plan;
    return commit([
      decide(transfer.txid, plan.decision),
      // The TXID's marker names the payment the admin gave the transfer to.
      ...paymentForTransfer({ payment, subscription, marker, markerRead }, { marker: 'stale', profile: null }, true),
      payerPayment({
        address: transfer.from,
        paymentId: payment._id,
        userId: payment.userId,
        createdAt: payment.createdAt,
      }),
      audited(plan.audit),
    ]);
  },

  async commitResolution(txid, decision, audit) {
    return commit([decide(txid, decision), audited(audit)]);
  },
};
