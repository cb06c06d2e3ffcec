import type { CustomerReadStore } from '../domain/commerce/customer-stores.js';
import { batchGet, keyId, toCustomerProfile, toReferralMarker, toSettings, toWallet } from './commerce-items.js';
import { subscriptionSettingsKey } from './settings-entity.js';
import { getItem, queryTable } from './table-reads.js';
import { SUBSCRIPTION_SK_PREFIX, fromSubscriptionItem } from './subscription-entity.js';
import { profileKey, referralCodeMarkerKey } from './user-profile-entity.js';
import { activeWalletKey } from './wallet-entity.js';

/**
 * The customer's reads in the table: the package status, the settings, the active wallet, a
 * referral code's owner and the customer's subscriptions. Each is one request.
 */
/** Profile and settings, one BatchGetItem. */
async function readPackageStatus(userId: string) {
  const profile = profileKey(userId);
  const settings = subscriptionSettingsKey();
  const found = await batchGet([profile, settings], false);
  return { profile: toCustomerProfile(found.get(keyId(profile))), settings: toSettings(found.get(keyId(settings))) };
}

/** The settings singleton (defaults when missing). */
async function readSettings() {
  return toSettings(await getItem(subscriptionSettingsKey()));
}

/** The active wallet of a currency. */
async function readActiveWallet(currency: 'USDT') {
  return toWallet(await getItem(activeWalletKey(currency)));
}

/** The owner of a referral code. */
async function readReferralMarker(code: string) {
  return toReferralMarker(code, await getItem(referralCodeMarkerKey(code)));
}

/** The user's subscriptions, newest first, one Query. */
async function listSubscriptions(userId: string) {
  // One page: a user's rows are small, and 1 MB holds thousands of them.
  const result = await queryTable({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': profileKey(userId).PK, ':prefix': SUBSCRIPTION_SK_PREFIX },
    ScanIndexForward: false,
  });
  return (result?.Items ?? []).map(fromSubscriptionItem);
}

/**
 * The reads of the read-only routes, on their own: those functions bundle neither the purchase
 * transactions nor the mail defaults the purchase reads resolve (lean bundles, docs/performance.md).
 */
export const dynamoCustomerReadStore: CustomerReadStore = {
  readPackageStatus,
  readSettings,
  readActiveWallet,
  readReferralMarker,
  listSubscriptions,
};
