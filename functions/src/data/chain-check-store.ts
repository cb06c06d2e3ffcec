import { CHAIN_CHECK_RECHECKABLE, type ChainCheck } from '@goldbot/shared';
import type { ChainCheckStore } from '../domain/commerce/chain-check.js';
import { decodeCursor, encodeCursor, type Key } from './cursor.js';
import { dynamoBindingStore } from './binding-store.js';
import { fromPaymentItem, paymentKey, paymentStatusList } from './payment-entity.js';
import { subscriptionSettingsKey } from './settings-entity.js';
import { getItem, queryTable, updateIf } from './table-reads.js';

/**
 * DynamoDB side of the on-chain pre-check (docs/data-model.md, the payment's `chainCheck` and the
 * on-chain access patterns). The verdict is one attribute of the payment item, written by a conditional UpdateItem;
 * the recheck job reads GSI2 `PAYMENTS#pending` newest first, bounded below by the 24-hour window
 * in the key condition, so it reads only the last day's pending payments and never Scans.
 */
const PENDING_INDEX = { name: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK' } as const;
const INDEX_KEY_NAMES = ['PK', 'SK', PENDING_INDEX.pk, PENDING_INDEX.sk] as const;
/** Items per page of the recheck query; each may take a TRON look-up, so pages stay small. */
export const RECHECK_PAGE_SIZE = 25;

/**
 * A final verdict ('match', 'mismatch', 'invalid') is always stored. A verdict that may still change
 * ('pending', 'not-found', 'error') is stored only over another such one or none: once the chain
 * has answered for good, an outage or a lagging node must not hide its answer.
 */
function saveCondition(check: ChainCheck): { expression: string; values: Record<string, string> } {
  if (!CHAIN_CHECK_RECHECKABLE.includes(check.status)) return { expression: 'attribute_exists(PK)', values: {} };
  const names = CHAIN_CHECK_RECHECKABLE.map((_, i) => `:r${i}`);
  return {
    expression: `attribute_exists(PK) AND (attribute_not_exists(chainCheck) OR chainCheck.#status IN (${names.join(', ')}))`,
    values: Object.fromEntries(CHAIN_CHECK_RECHECKABLE.map((status, i) => [`:r${i}`, status])),
  };
}

export const dynamoChainCheckStore: ChainCheckStore = {
  async getPayment(id) {
    const item = await getItem(paymentKey(id), true);
    return item && item.entity === 'Payment' ? fromPaymentItem(item) : undefined;
  },

  async saveChainCheck(paymentId, check) {
    const condition = saveCondition(check);
    const rechecked = condition.expression !== 'attribute_exists(PK)';
    const saved = await updateIf({
      Key: paymentKey(paymentId),
      UpdateExpression: 'SET chainCheck = :check',
      ConditionExpression: condition.expression,
      ...(rechecked ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':check': check, ...condition.values },
    });
    if (saved) return { kind: 'saved' };
    // Rare (a final verdict already there, or no such payment): read what is there.
    const current = await dynamoChainCheckStore.getPayment(paymentId);
    return current ? { kind: 'kept', current: current.chainCheck ?? null } : { kind: 'missing' };
  },

  payerPaidOthers: dynamoBindingStore.payerPaidOthers,
  recordTransfer: dynamoBindingStore.recordTransfer,
  getTransfer: dynamoBindingStore.getTransfer,

  async autoApproveOnMatch() {
    return (await getItem(subscriptionSettingsKey(), true))?.autoApproveOnMatch === true;
  },

  async listRecheckCandidates(since, cursor) {
    const list = paymentStatusList('pending');
    const recheckable = CHAIN_CHECK_RECHECKABLE.map((_, i) => `:r${i}`);
    const result = await queryTable({
      IndexName: PENDING_INDEX.name,
      KeyConditionExpression: `${PENDING_INDEX.pk} = :list AND ${PENDING_INDEX.sk} >= :since`,
      FilterExpression: `attribute_not_exists(chainCheck) OR chainCheck.#status IN (${recheckable.join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':list': list,
        ':since': since,
        ...Object.fromEntries(CHAIN_CHECK_RECHECKABLE.map((status, i) => [`:r${i}`, status])),
      },
      ScanIndexForward: false,
      Limit: RECHECK_PAGE_SIZE,
      ExclusiveStartKey: decodeCursor(cursor, { [PENDING_INDEX.pk]: list }, INDEX_KEY_NAMES),
    });
    return {
      items: (result.Items ?? []).filter((item) => item.entity === 'Payment').map(fromPaymentItem),
      cursor: encodeCursor(result.LastEvaluatedKey as Key | undefined) ?? undefined,
    };
  },
};
