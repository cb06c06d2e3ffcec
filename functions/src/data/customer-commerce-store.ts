import { sleep } from '../kit/retry.js';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PAYMENT, type PackageName, type PackageSlug } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { canonicalEmail, isSamePerson } from '../domain/commerce/canonical-email.js';
import type { PendingLimits } from './rate-limit-store.js';
import type {
  CustomerCommerceStore,
  CustomerReadStore,
  FreeTrialCommit,
  PurchaseCommit,
} from '../domain/commerce/customer-commerce.js';
import type { CustomerProfile, PurchasePlan, ReferralMarker, TxidMarker } from '../domain/commerce/purchase.js';
import type { EditableTemplateType, EmailTemplate } from '../domain/email/templates.js';
import { emailTemplateKey, templateFromItem } from './email-template-entity.js';
import { packageKey } from './package-catalog-entity.js';
import type { OrderCommit, OrderSnapshot } from '../domain/commerce/orders.js';
import {
  fromAmountHoldItem,
  fromOrderItem,
  orderAmountKey,
  orderKey,
  toAmountHoldItem,
  toOrderItem,
  type AmountHold,
} from './order-entity.js';
import { toPaymentItem, toTxidMarkerItem, txidMarkerKey } from './payment-entity.js';
import { fromSubscriptionSettingsItem, subscriptionSettingsKey, type SubscriptionSettings } from './settings-entity.js';
import { SUBSCRIPTION_PACKAGE_COUNTER, paymentStatsKeys, subscriptionStatsKey } from './stats-entity.js';
import {
  SUBSCRIPTION_SK_PREFIX,
  fromSubscriptionItem,
  subscriptionKey,
  toSubscriptionItem,
  type SubscriptionRecord,
} from './subscription-entity.js';
import { batchGetItems, cancellationCodes, cancellationReasons, onlyConflicts, type Item } from './table-reads.js';
import { freeTrialMarkerKey } from './free-trial-marker-entity.js';
import { profileKey, referralCodeMarkerKey } from './user-profile-entity.js';
import { activeWalletKey, fromActiveWalletItem, type ActiveWalletPointer } from './wallet-entity.js';

/**
 * DynamoDB side of the customer commerce routes (docs/data-model.md T1, T3, AP21-AP23, AP30-AP32,
 * AP38). Every call is one request (BatchGetItem, GetItem, Query or TransactWriteItems); only
 * throttled batch keys and transaction conflicts are retried. No Scan.
 */
type Key = { PK: string; SK: string };

const keyId = (key: Key) => `${key.PK}\u0000${key.SK}`;

/** At most this many attempts of a transaction that only conflicted. */
const MAX_ATTEMPTS = 4;
const backoffMs = (attempt: number) => 20 * 2 ** attempt + Math.floor(Math.random() * 30);

/** BatchGetItem of distinct keys, as a map by key (batchGetItems reads unprocessed keys again). */
async function batchGet(keys: Key[], consistent: boolean): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (const item of await batchGetItems(keys, consistent)) found.set(keyId(item as Key), item);
  return found;
}

async function getItem(key: Key, consistent = false): Promise<Item | undefined> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: consistent }),
  );
  return result?.Item;
}

/** A transaction item plus what its failed condition means. */
interface Tagged<T extends string> {
  tag: T | null;
  item: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
}

interface Cancellation<T extends string> {
  /** Tags of the items whose condition failed. */
  failed: { tag: T; old: Item | undefined }[];
}

/** Cancellation items come back in DynamoDB's attribute-value form ({S: 'x'}); the fields we read are plain. */
function plainItem(item: unknown): Item | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const out: Item = {};
  for (const [name, value] of Object.entries(item as Item)) {
    if (value && typeof value === 'object') {
      const v = value as Record<string, unknown>;
      if ('S' in v) out[name] = v.S;
      else if ('N' in v) out[name] = Number(v.N);
      else if ('BOOL' in v) out[name] = v.BOOL;
      else if ('NULL' in v) out[name] = null;
      else out[name] = value;
    } else {
      out[name] = value;
    }
  }
  return out;
}

/**
 * One TransactWriteItems. A cancellation caused only by other transactions touching the same
 * items (typically the aggregates) is retried with jitter; a failed condition is returned by tag.
 */
async function transact<T extends string>(
  writes: Tagged<T>[],
  /** The request's limits (the kit's `countLimits`), moved first; a full one throws its 429. */
  limits?: PendingLimits | null,
): Promise<Cancellation<T> | 'busy' | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(backoffMs(attempt));
    const items: Tagged<T>[] = [...(limits?.items ?? []).map((item) => ({ tag: null, item })), ...writes];
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items.map((t) => t.item) }));
      limits?.committed();
      return null;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons.length === 0) throw error;
      const refused = limits?.refusalIn(cancellationCodes(error));
      if (refused) throw refused;
      const failed = reasons.flatMap((reason, index) => {
        const tag = items[index]?.tag;
        return reason.Code === 'ConditionalCheckFailed' && tag ? [{ tag, old: plainItem(reason.Item) }] : [];
      });
      if (failed.length > 0) return { failed };
      if (!onlyConflicts(cancellationCodes(error))) throw error;
    }
  }
  return 'busy';
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function toCustomerProfile(item: Item | undefined): CustomerProfile | null {
  if (!item) return null;
  return {
    _id: String(item._id),
    username: String(item.username ?? ''),
    email: String(item.email ?? ''),
    isActive: item.isActive !== false,
    referralCode: String(item.referralCode ?? ''),
    basicPaidThrough: stringOrNull(item.basicPaidThrough),
    freeTrialStartedAt: stringOrNull(item.freeTrialStartedAt),
    pendingPayments: typeof item.pendingPayments === 'number' ? item.pendingPayments : 0,
  };
}

const toSettings = (item: Item | undefined): SubscriptionSettings => fromSubscriptionSettingsItem(item);

/** A catalog item's on-sale flag (E18): a missing item or flag is on sale. Basic's flag is the settings switch. */
const catalogOnSale = (item: Item | undefined) => item?.onSale !== false;

/** An admin's edit of the template, else the default (E19: an `isDefault` item is only a marker). */
const toTemplate = (item: Item | undefined, type: EditableTemplateType): EmailTemplate => templateFromItem(type, item);

function toReferralMarker(code: string, item: Item | undefined): ReferralMarker | null {
  return item && typeof item.userId === 'string'
    ? {
        code: code.toUpperCase(),
        userId: item.userId,
        username: String(item.username ?? ''),
        ...(typeof item.emailKey === 'string' ? { emailKey: item.emailKey } : {}),
      }
    : null;
}

function toTxidMarker(item: Item | undefined): TxidMarker | null {
  if (!item || typeof item.userId !== 'string') return null;
  return {
    txidNormalized: String(item.txidNormalized ?? String(item.PK ?? '').replace(/^TXID#/, '')),
    paymentId: String(item.paymentId ?? ''),
    subscriptionId: String(item.subscriptionId ?? ''),
    userId: item.userId,
    packageSlug: item.packageSlug as PackageSlug,
    packageName: item.packageName as PackageName,
    isExtension: item.isExtension === true,
    createdAt: String(item.createdAt ?? ''),
  };
}

const toWallet = (item: Item | undefined): ActiveWalletPointer | null =>
  item && typeof item.address === 'string' && item.address !== '' ? fromActiveWalletItem(item) : null;

const yearMonth = (iso: string) => iso.slice(0, 7);
const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The subscription aggregate (E22) of the creation month: total, the package's counter and the status. */
function subscriptionCounter(sub: SubscriptionRecord): Tagged<never> {
  return {
    tag: null,
    item: {
      Update: {
        TableName: tableName,
        Key: subscriptionStatsKey(yearMonth(sub.createdAt)),
        UpdateExpression: 'ADD #total :one, #package :one, #status :one',
        ExpressionAttributeNames: {
          '#total': 'total',
          '#package': SUBSCRIPTION_PACKAGE_COUNTER[sub.packageSlug],
          '#status': sub.status,
        },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  };
}

type PurchaseTag = 'txid' | 'profile' | 'price' | 'settings' | 'referral' | 'order';

/**
 * What both opening an order and submitting a payment read, with `extra` keys, in one consistent
 * BatchGetItem: the buyer, the package's catalog item, the settings, the wallet, the code's owner
 * and the buyer's order of the package.
 */
async function readCommerceContext(
  { userId, slug, referralCode }: { userId: string; slug: PackageSlug; referralCode: string | null },
  extra: Key[],
): Promise<{ snapshot: OrderSnapshot; found: Map<string, Item> }> {
  const keys = {
    profile: profileKey(userId),
    catalog: packageKey(slug),
    settings: subscriptionSettingsKey(),
    wallet: activeWalletKey('USDT'),
    order: orderKey(userId, slug),
    referral: referralCode ? referralCodeMarkerKey(referralCode) : null,
  };
  const found = await batchGet([...Object.values(keys).filter((key): key is Key => key !== null), ...extra], true);
  const catalog = found.get(keyId(keys.catalog));
  return {
    found,
    snapshot: {
      profile: toCustomerProfile(found.get(keyId(keys.profile))),
      catalogPriceUsd: catalog && catalog.priceUsd !== undefined ? Number(catalog.priceUsd) : null,
      catalogOnSale: catalogOnSale(catalog),
      basicPackageEnabled: toSettings(found.get(keyId(keys.settings))).basicPackageEnabled,
      wallet: toWallet(found.get(keyId(keys.wallet))),
      referral: referralCode && keys.referral ? toReferralMarker(referralCode, found.get(keyId(keys.referral))) : null,
      order: fromOrderItem(found.get(keyId(keys.order))),
    },
  };
}

/** AP31: profile and settings, one BatchGetItem. */
async function readPackageStatus(userId: string) {
  const profile = profileKey(userId);
  const settings = subscriptionSettingsKey();
  const found = await batchGet([profile, settings], false);
  return { profile: toCustomerProfile(found.get(keyId(profile))), settings: toSettings(found.get(keyId(settings))) };
}

/** AP21: the settings singleton (defaults when missing). */
async function readSettings() {
  return toSettings(await getItem(subscriptionSettingsKey()));
}

/** AP23: the active wallet of a currency. */
async function readActiveWallet(currency: 'USDT') {
  return toWallet(await getItem(activeWalletKey(currency)));
}

/** AP6: the owner of a referral code. */
async function readReferralMarker(code: string) {
  return toReferralMarker(code, await getItem(referralCodeMarkerKey(code)));
}

/** AP30: the user's subscriptions, newest first, one Query. */
async function listSubscriptions(userId: string) {
  // One page: a user's rows are small, and 1 MB holds thousands of them.
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': profileKey(userId).PK, ':prefix': SUBSCRIPTION_SK_PREFIX },
      ScanIndexForward: false,
    }),
  );
  return (result?.Items ?? []).map(fromSubscriptionItem);
}

/**
 * The reads of the read-only routes, on their own: those functions bundle neither the purchase
 * transactions nor the mail defaults the purchase reads resolve (issue 12, lean bundles).
 */
export const dynamoCustomerReads: CustomerReadStore = {
  readPackageStatus,
  readSettings,
  readActiveWallet,
  readReferralMarker,
  listSubscriptions,
};

export const dynamoCustomerCommerceStore: CustomerCommerceStore = {
  readPackageStatus,
  readSettings,
  readActiveWallet,
  readReferralMarker,
  listSubscriptions,

  async readPurchase({ userId, slug, referralCode, txid, templateType }) {
    const txidKey = txidMarkerKey(txid);
    const templateKey = emailTemplateKey(templateType);
    const { snapshot, found } = await readCommerceContext({ userId, slug, referralCode }, [txidKey, templateKey]);
    return {
      ...snapshot,
      txidMarker: toTxidMarker(found.get(keyId(txidKey))),
      template: toTemplate(found.get(keyId(templateKey)), templateType),
    };
  },

  async readOrderContext(request) {
    return (await readCommerceContext(request, [])).snapshot;
  },

  async readAmountHolds(amountsCents) {
    const found = await batchGet(
      amountsCents.map((cents) => orderAmountKey(cents)),
      true,
    );
    return [...found.values()].map(fromAmountHoldItem).filter((hold): hold is AmountHold => hold !== null);
  },

  async commitOrder(order, replaced, nowSeconds, limits): Promise<OrderCommit> {
    const hold: AmountHold = {
      amountCents: order.amountCents,
      orderId: order.orderId,
      userId: order.userId,
      expiresAt: order.expiresAt,
      paymentId: null,
    };
    const items: Tagged<'amount' | 'order'>[] = [
      {
        tag: 'amount',
        item: {
          Put: {
            TableName: tableName,
            Item: toAmountHoldItem(hold),
            // Free, or held by an order (or a payment's check) that has expired.
            ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':now': nowSeconds },
          },
        },
      },
      {
        tag: 'order',
        item: {
          Put: {
            TableName: tableName,
            Item: toOrderItem(order),
            // Still the order this one replaces (two windows opened at once make one order).
            ...(replaced
              ? {
                  ConditionExpression: 'orderId = :replaced',
                  ExpressionAttributeValues: { ':replaced': replaced.orderId },
                }
              : { ConditionExpression: 'attribute_not_exists(PK)' }),
          },
        },
      },
      // The replaced order's amount goes back, unless its hold already expired (then it is free anyway).
      ...(replaced && replaced.expiresAt > nowSeconds && replaced.amountCents !== order.amountCents
        ? [
            {
              tag: 'order' as const,
              item: {
                Delete: {
                  TableName: tableName,
                  Key: orderAmountKey(replaced.amountCents),
                  ConditionExpression: 'orderId = :replaced',
                  ExpressionAttributeValues: { ':replaced': replaced.orderId },
                },
              },
            },
          ]
        : []),
    ];
    const outcome = await transact(items, limits);
    if (outcome === null) return { kind: 'committed' };
    if (outcome === 'busy') return { kind: 'order-changed' };
    return outcome.failed.some((f) => f.tag === 'order') ? { kind: 'order-changed' } : { kind: 'amount-taken' };
  },

  async readSubscription(userId, subscriptionId) {
    const item = await getItem(subscriptionKey(userId, subscriptionId), true);
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
      {
        tag: null,
        item: {
          Put: {
            TableName: tableName,
            Item: toSubscriptionItem(subscription),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
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
                    // The price read and still on sale (E18); the old item tells which one failed.
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
      {
        tag: null,
        item: {
          Update: {
            TableName: tableName,
            Key: paymentStatsKeys.total(),
            UpdateExpression: 'ADD #count :one, #amount :amount',
            ExpressionAttributeNames: { '#count': 'pendingCount', '#amount': 'pendingAmount' },
            ExpressionAttributeValues: { ':one': 1, ':amount': payment.amount },
          },
        },
      },
      subscriptionCounter(subscription),
      // The order is paid: it goes, and its amount stays held for this payment's check.
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
      {
        tag: 'order',
        item: {
          Update: {
            TableName: tableName,
            Key: orderAmountKey(plan.order.amountCents),
            UpdateExpression: 'SET paymentId = :payment, expiresAt = :hold',
            ConditionExpression: 'orderId = :order',
            ExpressionAttributeValues: {
              ':payment': payment._id,
              ':hold': plan.holdUntil,
              ':order': plan.order.orderId,
            },
          },
        },
      },
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

  async readFreeTrial(userId, templateType) {
    const keys = {
      profile: profileKey(userId),
      template: emailTemplateKey(templateType),
      catalog: packageKey('freeTrial'),
      settings: subscriptionSettingsKey(),
    };
    const found = await batchGet([keys.profile, keys.template, keys.catalog, keys.settings], true);
    return {
      profile: toCustomerProfile(found.get(keyId(keys.profile))),
      template: toTemplate(found.get(keyId(keys.template)), templateType),
      onSale: catalogOnSale(found.get(keyId(keys.catalog))),
      copyTradingLink: toSettings(found.get(keyId(keys.settings))).copyTradingLink,
    };
  },

  async commitFreeTrial(subscription, copyTradingLink): Promise<FreeTrialCommit> {
    const items: Tagged<'profile' | 'mailbox' | 'catalog' | 'link'>[] = [
      {
        tag: 'profile',
        item: {
          Update: {
            TableName: tableName,
            Key: profileKey(subscription.userId),
            UpdateExpression: 'SET freeTrialStartedAt = :now, updatedAt = :now',
            ConditionExpression:
              'attribute_exists(PK) AND attribute_not_exists(freeTrialStartedAt) AND (attribute_not_exists(isActive) OR isActive = :true)',
            ExpressionAttributeValues: { ':now': subscription.createdAt, ':true': true },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      },
      {
        tag: null,
        item: {
          Put: {
            TableName: tableName,
            Item: toSubscriptionItem(subscription),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      subscriptionCounter(subscription),
      {
        // The trial is still offered (E18: an admin may take it off sale; a missing item or flag is on sale).
        tag: 'catalog',
        item: {
          ConditionCheck: {
            TableName: tableName,
            Key: packageKey('freeTrial'),
            ConditionExpression: 'attribute_not_exists(onSale) OR onSale = :true',
            ExpressionAttributeValues: { ':true': true },
          },
        },
      },
      {
        // The settings still hold the link the mail carries (E17): an admin may remove or replace it.
        tag: 'link',
        item: {
          ConditionCheck: {
            TableName: tableName,
            Key: subscriptionSettingsKey(),
            ConditionExpression: 'copyTradingLink = :link',
            ExpressionAttributeValues: { ':link': copyTradingLink },
          },
        },
      },
      {
        // Once per person: no other account of this mailbox (`me+1@gmail.com`, `m.e@gmail.com`) took one.
        tag: 'mailbox',
        item: {
          Put: {
            TableName: tableName,
            Item: {
              ...freeTrialMarkerKey(canonicalEmail(subscription.email)),
              entity: 'FreeTrialMarker',
              userId: subscription.userId,
              createdAt: subscription.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ];
    const outcome = await transact(items);
    if (outcome === null) return { kind: 'committed' };
    if (outcome === 'busy') return { kind: 'refused', reason: 'busy' };
    if (outcome.failed.some((f) => f.tag === 'catalog')) return { kind: 'refused', reason: 'not-on-sale' };
    if (outcome.failed.some((f) => f.tag === 'link')) return { kind: 'refused', reason: 'no-link' };
    if (outcome.failed.some((f) => f.tag === 'mailbox')) return { kind: 'refused', reason: 'used' };
    const profile = outcome.failed.find((f) => f.tag === 'profile')?.old;
    if (profile && typeof profile.freeTrialStartedAt === 'string') return { kind: 'refused', reason: 'used' };
    return { kind: 'refused', reason: 'profile' };
  },
};
