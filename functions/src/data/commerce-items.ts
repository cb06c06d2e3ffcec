import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { backoffMs, CONFLICT_TRIES, retry } from '../lib/retry.js';
import type { PackageName, PackageSlug } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { OrderSnapshot } from '../domain/commerce/orders.js';
import type { CustomerProfile, ReferralMarker, TxidMarker } from '../domain/commerce/purchase.js';
import type { EditableTemplateType, EmailTemplate } from '../domain/email/templates.js';
import type { PendingLimits } from '../domain/limits/rate-limits.js';
import { templateFromItem } from './email-template-entity.js';
import { fromOrderItem, orderKey } from './order-entity.js';
import { packageKey } from './package-catalog-entity.js';
import { fromSubscriptionSettingsItem, subscriptionSettingsKey } from './settings-entity.js';
import { SUBSCRIPTION_PACKAGE_COUNTER, subscriptionStatsKey } from './stats-entity.js';
import { toSubscriptionItem } from './subscription-entity.js';
import { batchGetItems, cancellationCodes, cancellationReasons, onlyConflicts, type Item } from './table-reads.js';
import { profileKey, referralCodeMarkerKey } from './user-profile-entity.js';
import { activeWalletKey, fromActiveWalletItem } from './wallet-entity.js';
import type { ActiveWalletPointer } from '../domain/records/active-wallet-pointer.js';
import type { SubscriptionSettings } from '../domain/records/settings-record.js';
import type { SubscriptionRecord } from '../domain/records/subscription-record.js';
import { stringOrNull } from './item-fields.js';

/**
 * What the customer commerce stores (customer-read-store.ts, order-store.ts, purchase-store.ts,
 * free-trial-store.ts) share: batched and single reads by key, one transaction whose failed
 * conditions come back by tag (retried only when other transactions conflicted), the mapping of
 * items to what the use cases read, and the read every order and purchase starts with. No Scan.
 */
export type Key = { PK: string; SK: string };

export const keyId = (key: Key) => `${key.PK}\u0000${key.SK}`;

/** BatchGetItem of distinct keys, as a map by key (batchGetItems reads unprocessed keys again). */
export async function batchGet(keys: Key[], consistent: boolean): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (const item of await batchGetItems(keys, consistent)) found.set(keyId(item as Key), item);
  return found;
}

/** A transaction item plus what its failed condition means. */
export interface Tagged<T extends string> {
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
export async function transact<T extends string>(
  writes: Tagged<T>[],
  /** The request's limits (the kit's `countLimits`), moved first; a full one throws its 429. */
  limits?: PendingLimits | null,
): Promise<Cancellation<T> | 'busy' | null> {
  const attempt = async (): Promise<Cancellation<T> | 'busy' | null> => {
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
      return 'busy';
    }
  };
  // Only conflicted ('busy'): tried again; still busy after the last try, the caller answers 409.
  return retry(attempt, {
    tries: CONFLICT_TRIES,
    retryOn: () => false,
    retryResult: (outcome) => outcome === 'busy',
    delayMs: (n) => backoffMs(n),
  });
}

export function toCustomerProfile(item: Item | undefined): CustomerProfile | null {
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

export const toSettings = (item: Item | undefined): SubscriptionSettings => fromSubscriptionSettingsItem(item);

/** A catalog item's on-sale flag: a missing item or flag is on sale. Basic's flag is the settings switch. */
export const catalogOnSale = (item: Item | undefined) => item?.onSale !== false;

/** An admin's edit of the template, else the default (an `isDefault` item is only a marker). */
export const toTemplate = (item: Item | undefined, type: EditableTemplateType): EmailTemplate =>
  templateFromItem(type, item);

export function toReferralMarker(code: string, item: Item | undefined): ReferralMarker | null {
  return item && typeof item.userId === 'string'
    ? {
        code: code.toUpperCase(),
        userId: item.userId,
        username: String(item.username ?? ''),
        ...(typeof item.emailKey === 'string' ? { emailKey: item.emailKey } : {}),
      }
    : null;
}

export function toTxidMarker(item: Item | undefined): TxidMarker | null {
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

export const toWallet = (item: Item | undefined): ActiveWalletPointer | null =>
  item && typeof item.address === 'string' && item.address !== '' ? fromActiveWalletItem(item) : null;

const yearMonth = (iso: string) => iso.slice(0, 7);
export const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** A new subscription's item: written once, never over another. */
export function newSubscription(sub: SubscriptionRecord): Tagged<never> {
  return {
    tag: null,
    item: {
      Put: { TableName: tableName, Item: toSubscriptionItem(sub), ConditionExpression: 'attribute_not_exists(PK)' },
    },
  };
}

/** The subscription aggregate of the creation month: total, the package's counter and the status. */
export function subscriptionCounter(sub: SubscriptionRecord): Tagged<never> {
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

/**
 * What both opening an order and submitting a payment read, with `extra` keys, in one consistent
 * BatchGetItem: the buyer, the package's catalog item, the settings, the wallet, the code's owner
 * and the buyer's order of the package.
 */
export async function readCommerceContext(
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
