import { PAYMENT } from '@goldbot/shared';
import { tableName } from '../adapters/dynamodb.js';
import { canonicalEmail, isSamePerson } from '../domain/commerce/canonical-email.js';
import type { PurchaseCommit, PurchaseStore } from '../domain/commerce/customer-stores.js';
import type { PurchasePlan } from '../domain/commerce/purchase.js';
import type { PendingLimits } from '../domain/limits/rate-limits.js';
import {
  epochSeconds,
  keyId,
  readCommerceContext,
  newSubscription,
  subscriptionCounter,
  toReferralMarker,
  toTemplate,
  toTxidMarker,
  transact,
  type Tagged,
} from './commerce-items.js';
import { emailTemplateKey } from './email-template-entity.js';
import { fromOrderDetailItem, orderAmountKey, orderItemKey, orderKey } from './order-entity.js';
import { packageKey } from './package-catalog-entity.js';
import { paymentKey, toPaymentItem, toTxidMarkerItem, txidMarkerKey } from './payment-entity.js';
import { fromTransferItem, transferKey } from './transfer-entity.js';
import { pendingPaymentAdded } from './payment-writes.js';
import { subscriptionSettingsKey } from './settings-entity.js';
import { fromSubscriptionItem, subscriptionKey } from './subscription-entity.js';
import { getItem } from './table-reads.js';
import { profileKey, referralCodeMarkerKey } from './user-profile-entity.js';

/**
 * A USDT purchase in the table: what a submission reads in one consistent batch, and the one
 * transaction that saves the payment, its TXID marker and its subscription, counts the pending
 * payment on the buyer and the aggregates, re-checks the price, the switch and the referral code,
 * and closes the order whose amount the payment carries.
 */
type PurchaseTag = 'txid' | 'profile' | 'price' | 'settings' | 'referral' | 'order';

export const dynamoPurchaseStore: PurchaseStore = {
  async readPurchase({ userId, slug, referralCode, txid, orderId, templateType }) {
    const txidKey = txidMarkerKey(txid);
    const templateKey = emailTemplateKey(templateType);
    const chainKey = transferKey(txid);
    const namedKey = orderItemKey(orderId);
    const { snapshot, found } = await readCommerceContext({ userId, slug, referralCode }, [
      txidKey,
      templateKey,
      chainKey,
      namedKey,
    ]);
    return {
      ...snapshot,
      txidMarker: toTxidMarker(found.get(keyId(txidKey))),
      transfer: fromTransferItem(found.get(keyId(chainKey))),
      namedOrder: fromOrderDetailItem(found.get(keyId(namedKey))),
      template: toTemplate(found.get(keyId(templateKey)), templateType),
    };
  },

  async readSubscription(userId, subscriptionId) {
    const item = await getItem(subscriptionKey(userId, subscriptionId), true);
    return item ? fromSubscriptionItem(item) : null;
  },

  async readPaymentSubscription(paymentId) {
    const payment = await getItem(paymentKey(paymentId), true);
    if (!payment || typeof payment.subscriptionId !== 'string') return null;
    const item = await getItem(subscriptionKey(String(payment.userId), payment.subscriptionId), true);
    return item ? fromSubscriptionItem(item) : null;
  },

  async commitPurchase(plan: PurchasePlan, limits?: PendingLimits | null): Promise<PurchaseCommit> {
    const { payment, subscription, marker } = plan;
    const items: Tagged<PurchaseTag>[] = [
      {
        tag: null,
        item: {
          Put: { TableName: tableName, Item: toPaymentItem(payment), ConditionExpression: 'attribute_not_exists(PK)' },
        },
      },
      {
        tag: 'txid',
        item: {
          Put: {
            TableName: tableName,
            Item: toTxidMarkerItem(marker),
            ConditionExpression: 'attribute_not_exists(PK)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      },
      newSubscription(subscription),
      {
        tag: 'profile',
        item: {
          // Active, and one more pending payment within the customer's limit (approvals and
          // rejections count it down); the old item tells which one failed.
          Update: {
            TableName: tableName,
            Key: profileKey(payment.userId),
            UpdateExpression: 'ADD pendingPayments :one',
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(isActive) OR isActive = :true) AND ' +
              '(attribute_not_exists(pendingPayments) OR pendingPayments < :max)',
            ExpressionAttributeValues: { ':true': true, ':one': 1, ':max': PAYMENT.maxPendingPerUser },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      },
      {
        tag: 'price',
        item: {
          ConditionCheck: {
            TableName: tableName,
            Key: packageKey(payment.packageSlug),
            ...(plan.catalogPriceUsd === null
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : plan.requireOnSale
                ? {
                    // The price read and still on sale; the old item tells which one failed.
                    ConditionExpression: 'priceUsd = :price AND (attribute_not_exists(onSale) OR onSale = :true)',
                    ExpressionAttributeValues: { ':price': plan.catalogPriceUsd, ':true': true },
                    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
                  }
                : {
                    ConditionExpression: 'priceUsd = :price',
                    ExpressionAttributeValues: { ':price': plan.catalogPriceUsd },
                  }),
          },
        },
      },
      ...(plan.requireBasicEnabled
        ? [
            {
              tag: 'settings' as const,
              item: {
                ConditionCheck: {
                  TableName: tableName,
                  Key: subscriptionSettingsKey(),
                  ConditionExpression:
                    'attribute_not_exists(PK) OR attribute_not_exists(basicPackageEnabled) OR basicPackageEnabled = :true',
                  ExpressionAttributeValues: { ':true': true },
                },
              },
            },
          ]
        : []),
      ...(plan.referralCode
        ? [
            {
              tag: 'referral' as const,
              item: {
                ConditionCheck: {
                  TableName: tableName,
                  Key: referralCodeMarkerKey(plan.referralCode),
                  // Not the buyer's own code, nor one of another account of the buyer's mailbox.
                  ConditionExpression:
                    'attribute_exists(PK) AND userId <> :buyer AND (attribute_not_exists(emailKey) OR emailKey <> :buyerEmail)',
                  ExpressionAttributeValues: { ':buyer': payment.userId, ':buyerEmail': canonicalEmail(payment.email) },
                  ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
                },
              },
            },
          ]
        : []),
      pendingPaymentAdded(payment.amount),
      subscriptionCounter(subscription),
      // The TXID is submitted for this order: the window's current-order copy goes (reopening it
      // makes a new order), the order's own item records the claim, and the order's amount is
      // free again at once: a claim holds nothing, so claims can never exhaust a price's amounts.
      // The order's lifetime still binds a transfer of its amount to it (the chain decides).
      {
        tag: 'order',
        item: {
          Update: {
            TableName: tableName,
            Key: orderAmountKey(plan.order.amountCents),
            UpdateExpression:
              'SET heldUntil = :now, orderId = :order, userId = :user, amountCents = :amount, entity = :entity',
            ConditionExpression: 'attribute_not_exists(PK) OR orderId = :order',
            ExpressionAttributeValues: {
              ':now': epochSeconds(payment.createdAt),
              ':order': plan.order.orderId,
              ':user': payment.userId,
              ':amount': plan.order.amountCents,
              ':entity': 'OrderAmount',
            },
          },
        },
      },
      {
        tag: 'order',
        item: {
          Delete: {
            TableName: tableName,
            Key: orderKey(payment.userId, payment.packageSlug),
            ConditionExpression: 'orderId = :order AND expiresAt > :now',
            ExpressionAttributeValues: { ':order': plan.order.orderId, ':now': epochSeconds(payment.createdAt) },
          },
        },
      },
      ...(plan.recordClaim
        ? [
            {
              tag: 'order' as const,
              item: {
                Update: {
                  TableName: tableName,
                  Key: orderItemKey(plan.order.orderId),
                  // The order lets its amount go now: a transfer binds to it only up to here (and the grace).
                  UpdateExpression: 'SET claim = :claim, releasedAt = if_not_exists(releasedAt, :at)',
                  ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(binding)',
                  ExpressionAttributeValues: {
                    ':claim': { paymentId: payment._id, txid: payment.txidNormalized, at: payment.createdAt },
                    ':at': payment.createdAt,
                  },
                },
              },
            },
          ]
        : []),
    ];
    const outcome = await transact(items, limits);
    if (outcome === null) return { kind: 'committed' };
    if (outcome === 'busy') return { kind: 'refused', reason: 'busy' };
    const failed = new Map(outcome.failed.map((f) => [f.tag, f.old]));
    if (failed.has('txid')) return { kind: 'txid-taken', marker: toTxidMarker(failed.get('txid')) };
    if (failed.has('order')) return { kind: 'refused', reason: 'order' };
    if (failed.has('profile')) {
      const profile = failed.get('profile');
      const full = profile?.isActive !== false && Number(profile?.pendingPayments ?? 0) >= PAYMENT.maxPendingPerUser;
      return { kind: 'refused', reason: full ? 'too-many-pending' : 'profile' };
    }
    if (failed.has('price')) {
      return { kind: 'refused', reason: failed.get('price')?.onSale === false ? 'not-on-sale' : 'price' };
    }
    if (failed.has('settings')) return { kind: 'refused', reason: 'basic-disabled' };
    const referrer = toReferralMarker(plan.referralCode ?? '', failed.get('referral'));
    const own = referrer !== null && isSamePerson(referrer, payment.userId, payment.email);
    return { kind: 'refused', reason: own ? 'referral-own' : 'referral-invalid' };
  },
};
