import { tableName } from '../adapters/dynamodb.js';
import type { BindingCommit, BindingPlan, BindingStore } from '../domain/commerce/binding.js';
import type { OrderDetail } from '../domain/records/order-record.js';
import { paymentTemplateType } from '../domain/email/templates.js';
import {
  epochSeconds,
  keyId,
  toCustomerProfile,
  toTemplate,
  toTxidMarker,
  transact,
  type Key,
  type Tagged,
} from './commerce-items.js';
import {
  fromAmountHoldItem,
  fromOrderDetailItem,
  fromOrderItem,
  orderAmountKey,
  orderItemKey,
  orderKey,
  ordersOfAmountPartition,
} from './order-entity.js';
import { fromPaymentItem, payerPartition, paymentKey, txidMarkerKey } from './payment-entity.js';
import { subscriptionSettingsKey } from './settings-entity.js';
import { transferStatsKey } from './stats-entity.js';
import { addCounters } from './transaction-items.js';
import { payerPayment, paymentForTransfer, txidMarkerMoved } from './payment-writes.js';
import { batchGetItems, getItem, putIf, queryAll, queryTable, updateIf } from './table-reads.js';
import { fromTransferItem, toTransferItem, transferKey, unmatchedListKeys } from './transfer-entity.js';
import { profileKey } from './user-profile-entity.js';

/**
 * DynamoDB side of binding a transfer to its order (docs/data-model.md, "Transfer" and "Binding a
 * transfer to its order"): the transfer recorded once (a conditional Put), the orders of an amount
 * by time (a GSI1 Query of ORDERAMOUNT#<cents>), what the binding reads in one consistent
 * BatchGetItem, and the one TransactWriteItems that binds the transfer and the order at most once
 * each. No Scan.
 */
type BindingTag = 'transfer' | 'order' | 'stale';

/** Pages of the orders of one amount: an amount is issued at most every lifetime, so a day is a few items. */
const ORDERS_OF_AMOUNT_PAGE = 100;

async function ordersByKey(orderIds: readonly string[]): Promise<OrderDetail[]> {
  if (orderIds.length === 0) return [];
  const items = await batchGetItems(orderIds.map(orderItemKey), false);
  return items.flatMap((item) => fromOrderDetailItem(item) ?? []);
}

export const dynamoBindingStore: BindingStore = {
  async recordTransfer(transfer) {
    if (await putIf({ Item: toTransferItem(transfer), ConditionExpression: 'attribute_not_exists(PK)' }))
      return transfer;
    // Recorded before (a re-read of the watcher, or the other path): what is stored counts.
    return (await dynamoBindingStore.getTransfer(transfer.txid)) ?? transfer;
  },

  async getTransfer(txid) {
    return fromTransferItem(await getItem(transferKey(txid), true));
  },

  async ordersOfAmount(amountCents, fromIso, toIso) {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :amount AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':amount': ordersOfAmountPartition(amountCents),
        ':from': fromIso,
        ':to': `${toIso}#\uffff`,
      },
      ScanIndexForward: false,
      Limit: ORDERS_OF_AMOUNT_PAGE,
    });
    const orders = items.flatMap((item) => fromOrderDetailItem(item) ?? []);
    // The index is eventually consistent: the orders' own items tell whether one was bound meanwhile.
    return ordersByKey(orders.map((order) => order.orderId));
  },

  async readBindingContext(order, txid) {
    const keys = {
      profile: profileKey(order.userId),
      current: orderKey(order.userId, order.packageSlug),
      hold: orderAmountKey(order.amountCents),
      marker: txidMarkerKey(txid),
      template: { PK: 'TEMPLATES', SK: `TEMPLATE#${paymentTemplateType(order.packageSlug, 'pending')}` },
      settings: subscriptionSettingsKey(),
    } satisfies Record<string, Key>;
    const found = new Map<string, Record<string, unknown>>();
    for (const item of await batchGetItems(Object.values(keys), true)) found.set(keyId(item as Key), item);
    const get = (key: Key) => found.get(keyId(key));
    const marker = toTxidMarker(get(keys.marker));
    // The customer's own submission for this order is completed instead of a new payment: the
    // order's claim (of this TXID or, pasted wrongly, of another), else their claim of this TXID.
    const claimId = order.claim ? order.claim.paymentId : marker?.userId === order.userId ? marker.paymentId : null;
    const claimItem = claimId ? await getItem(paymentKey(claimId), true) : undefined;
    const claim = claimItem && claimItem.entity === 'Payment' ? fromPaymentItem(claimItem) : null;
    const ownClaim = claim && claim.orderId === order.orderId ? claim : null;
    // A claim of another TXID takes this one: its marker says whether the purchase extends a Basic.
    const claimMarker =
      ownClaim && ownClaim.txidNormalized !== txid
        ? await getItem(txidMarkerKey(ownClaim.txidNormalized), true)
        : undefined;
    return {
      profile: toCustomerProfile(get(keys.profile)),
      currentOrderId: fromOrderItem(get(keys.current))?.orderId ?? null,
      hold: fromAmountHoldItem(get(keys.hold)),
      marker,
      claimPayment: ownClaim,
      claimIsExtension: (ownClaim?.txidNormalized === txid ? marker : toTxidMarker(claimMarker))?.isExtension === true,
      template: toTemplate(get(keys.template), paymentTemplateType(order.packageSlug, 'pending')),
      autoApproveOnMatch: get(keys.settings)?.autoApproveOnMatch === true,
    };
  },

  async payerPaidOthers(address, userId) {
    const result = await queryTable({
      KeyConditionExpression: 'PK = :payer',
      FilterExpression: 'userId <> :buyer',
      ExpressionAttributeValues: { ':payer': payerPartition(address), ':buyer': userId },
      Select: 'COUNT',
    });
    return (result.Count ?? 0) > 0;
  },

  async ordersPaidBy(address, limit) {
    const result = await queryTable({
      KeyConditionExpression: 'PK = :payer',
      ExpressionAttributeValues: { ':payer': payerPartition(address) },
      ScanIndexForward: false,
      Limit: limit,
    });
    const ids = (result.Items ?? []).flatMap((item) => (typeof item.orderId === 'string' ? [item.orderId] : []));
    return ordersByKey([...new Set(ids)]);
  },

  async claimedOrder(txid) {
    const marker = toTxidMarker(await getItem(txidMarkerKey(txid), true));
    if (!marker) return null;
    const payment = await getItem(paymentKey(marker.paymentId), true);
    const orderId = payment && typeof payment.orderId === 'string' ? payment.orderId : null;
    return orderId ? fromOrderDetailItem(await getItem(orderItemKey(orderId), true)) : null;
  },

  async namesOf(userIds) {
    const names = new Map<string, { username: string; email: string }>();
    for (const item of await batchGetItems(
      userIds.map((id) => profileKey(id)),
      false,
    )) {
      names.set(String(item._id), { username: String(item.username ?? ''), email: String(item.email ?? '') });
    }
    return names;
  },

  async commitBinding(plan) {
    return commitBinding(plan);
  },

  async markUnmatched(txid, unmatched) {
    const transfer = await dynamoBindingStore.getTransfer(txid);
    if (!transfer) return false;
    // The mark and the count of unmatched transfers waiting (the back-office's work) move together.
    const outcome = await transact<'transfer'>([
      {
        tag: 'transfer',
        item: {
          Update: {
            TableName: tableName,
            Key: transferKey(txid),
            UpdateExpression:
              'SET #state = :unmatched, unmatchedReason = :reason, closeOrders = :close, GSI1PK = :list, GSI1SK = :sort',
            ConditionExpression: '#state = :recorded',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':unmatched': 'unmatched',
              ':recorded': 'recorded',
              ':reason': unmatched.reason,
              ':close': unmatched.closeOrders,
              ':list': unmatchedListKeys(transfer).GSI1PK,
              ':sort': unmatchedListKeys(transfer).GSI1SK,
            },
          },
        },
      },
      { tag: null, item: addCounters(transferStatsKey(), { unmatched: 1 }) },
    ]);
    if (outcome === 'busy')
      throw new Error(`Transfer ${txid}: could not mark it unmatched (busy), the next run tries again`);
    return outcome === null;
  },

  async noteLateTransfer(orderId, late) {
    await updateIf({
      Key: orderItemKey(orderId),
      UpdateExpression: 'SET lateTransfer = :late',
      // The first late transfer is the one the window tells of; a paid order has nothing to tell.
      ConditionExpression:
        'attribute_exists(PK) AND attribute_not_exists(lateTransfer) AND attribute_not_exists(binding)',
      ExpressionAttributeValues: { ':late': late },
    });
  },
};

/** The binding's transaction (docs/data-model.md, "Binding a transfer to its order"). */
async function commitBinding(plan: BindingPlan): Promise<BindingCommit> {
  const { transfer, order, at } = plan;
  const paymentId = plan.payment.kind === 'create' ? plan.payment.payment._id : plan.payment.paymentId;
  const items: Tagged<BindingTag>[] = [
    {
      // A transfer binds at most one order: only while it is recorded and unsettled.
      tag: 'transfer',
      item: {
        Update: {
          TableName: tableName,
          Key: transferKey(transfer.txid),
          UpdateExpression: 'SET #state = :bound, binding = :binding',
          ConditionExpression: '#state = :recorded',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':bound': 'bound',
            ':recorded': 'recorded',
            ':binding': {
              orderId: order.orderId,
              userId: order.userId,
              paymentId,
              boundAt: at,
              source: plan.binding.source,
            },
          },
        },
      },
    },
    {
      // An order binds at most one transfer.
      tag: 'order',
      item: {
        Update: {
          TableName: tableName,
          Key: orderItemKey(order.orderId),
          UpdateExpression: 'SET binding = :binding',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(binding)',
          ExpressionAttributeValues: {
            ':binding': {
              txid: transfer.txid,
              paymentId,
              amount: plan.check.amount,
              confirmedAt: plan.check.confirmedAt,
              boundAt: at,
            },
          },
        },
      },
    },
    payerPayment({ address: transfer.from, paymentId, orderId: order.orderId, userId: order.userId, createdAt: at }),
  ];
  if (plan.payment.kind === 'create') {
    // The TXID's marker names the payment the chain chose, whoever submitted the TXID first.
    items.push(...paymentForTransfer(plan.payment, { marker: 'stale', profile: 'stale' }, plan.payment.countOnProfile));
  } else {
    const { retarget } = plan.payment;
    items.push({
      // The customer's own submission for this order: the chain's verdict and the binding (and,
      // when the claim named another TXID, the chain's TXID in its place).
      tag: 'stale',
      item: {
        Update: {
          TableName: tableName,
          Key: paymentKey(plan.payment.paymentId),
          UpdateExpression:
            'SET chainCheck = :check, binding = :binding, orderCreatedAt = :created, orderExpiresAt = :expires' +
            (retarget ? ', transactionId = :txid, txidNormalized = :txid, searchText = :search' : ''),
          ConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':check': plan.check,
            ':binding': plan.binding,
            ':created': order.createdAt,
            ':expires': new Date(order.expiresAt * 1000).toISOString(),
            ':status': plan.payment.status,
            ...(retarget ? { ':txid': retarget.transactionId, ':search': retarget.searchText } : {}),
          },
        },
      },
    });
    // The chain's TXID names the payment it paid, whoever submitted it first.
    if (retarget) items.push(txidMarkerMoved(retarget.marker, retarget.markerRead, 'stale'));
  }
  if (plan.deleteCurrentOrder) {
    items.push({
      // Paid: reopening the window makes a new order.
      tag: 'stale',
      item: {
        Delete: {
          TableName: tableName,
          Key: orderKey(order.userId, order.packageSlug),
          ConditionExpression: 'orderId = :order',
          ExpressionAttributeValues: { ':order': order.orderId },
        },
      },
    });
  }
  if (plan.endHold) {
    items.push({
      // Only open orders hold an amount: a paid one lets it go.
      tag: 'stale',
      item: {
        Update: {
          TableName: tableName,
          Key: orderAmountKey(order.amountCents),
          UpdateExpression: 'SET heldUntil = :now',
          ConditionExpression: 'orderId = :order AND heldUntil > :now',
          ExpressionAttributeValues: { ':order': order.orderId, ':now': epochSeconds(at) },
        },
      },
    });
  }
  const outcome = await transact(items);
  if (outcome === null) return { kind: 'committed' };
  if (outcome === 'busy') return { kind: 'stale' };
  const failed = new Set(outcome.failed.map((f) => f.tag));
  if (failed.has('transfer')) return { kind: 'transfer-settled' };
  if (failed.has('order')) return { kind: 'order-bound' };
  return { kind: 'stale' };
}
