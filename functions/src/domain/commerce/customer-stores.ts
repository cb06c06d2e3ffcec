import type { PackageSlug } from '@goldbot/shared';
import type { ActiveWalletPointer } from '../records/active-wallet-pointer.js';
import type { SubscriptionSettings } from '../records/settings-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import type { EditableTemplateType, EmailTemplate } from '../email/templates.js';
import type { PendingLimits } from '../limits/rate-limits.js';
import type { OrderStore } from './orders.js';
import type { CustomerProfile, PurchasePlan, PurchaseSnapshot, ReferralMarker, TxidMarker } from './purchase.js';

/**
 * The stores the customer commerce use cases (customer-commerce.ts, orders.ts) run on, one per
 * aggregate, declared here and implemented over the single table in data/ (customer-read-store.ts,
 * order-store.ts, purchase-store.ts, free-trial-store.ts). Each read is one request and each
 * change one transaction (docs/performance.md).
 */

/** How a purchase transaction ended (the store maps DynamoDB's cancellation reasons to these). */
export type PurchaseCommit =
  | { kind: 'committed' }
  /** The TXID marker exists: `marker` is its current content when DynamoDB returned it. */
  | { kind: 'txid-taken'; marker: TxidMarker | null }
  | {
      kind: 'refused';
      reason:
        | 'profile'
        | 'price'
        | 'basic-disabled'
        | 'not-on-sale'
        | 'referral-invalid'
        | 'referral-own'
        | 'order'
        | 'too-many-pending'
        | 'busy';
    };

export type FreeTrialCommit =
  { kind: 'committed' } | { kind: 'refused'; reason: 'used' | 'profile' | 'not-on-sale' | 'no-link' | 'busy' };

/** The reads of the read-only routes: on their own, so those functions bundle no purchase code or mail defaults. */
export interface CustomerReadStore {
  /** The customer's profile and the settings, one BatchGetItem. */
  readPackageStatus(userId: string): Promise<{ profile: CustomerProfile | null; settings: SubscriptionSettings }>;
  /** The settings singleton (defaults when missing). */
  readSettings(): Promise<SubscriptionSettings>;
  /** The active wallet of a currency. */
  readActiveWallet(currency: 'USDT'): Promise<ActiveWalletPointer | null>;
  /** The owner of a referral code. */
  readReferralMarker(code: string): Promise<ReferralMarker | null>;
  /** The user's subscriptions, newest first, one Query. */
  listSubscriptions(userId: string): Promise<SubscriptionRecord[]>;
}

/** A USDT payment's submission. */
export interface PurchaseStore {
  /**
   * Everything a submission checks, one consistent BatchGetItem: the buyer, the package, the
   * settings, the wallet, the code's owner, the current order and the named order's own item, the
   * TXID's marker and recorded transfer, and the mail's template.
   */
  readPurchase(request: {
    userId: string;
    slug: PackageSlug;
    referralCode: string | null;
    txid: string;
    orderId: string;
    templateType: EditableTemplateType;
  }): Promise<PurchaseSnapshot>;
  /** One subscription of a user, read consistently. */
  readSubscription(userId: string, subscriptionId: string): Promise<SubscriptionRecord | null>;
  /** The subscription of a payment (the payment, then its subscription; consistent). */
  readPaymentSubscription(paymentId: string): Promise<SubscriptionRecord | null>;
  /** The payment, its marker and subscription and the counters, one TransactWriteItems (retried on conflicts only). */
  commitPurchase(plan: PurchasePlan, limits?: PendingLimits | null): Promise<PurchaseCommit>;
}

/** A free trial's activation. */
export interface FreeTrialStore {
  /**
   * The buyer's profile, the free-trial mail, whether the trial is on sale and its copy-trading
   * link, one BatchGetItem.
   */
  readFreeTrial(
    userId: string,
    templateType: EditableTemplateType,
  ): Promise<{
    profile: CustomerProfile | null;
    template: EmailTemplate;
    onSale: boolean;
    copyTradingLink: string | null;
  }>;
  /**
   * One TransactWriteItems, re-checking that the trial is still on sale and that the settings
   * still hold the link the mail will carry.
   */
  commitFreeTrial(subscription: SubscriptionRecord, copyTradingLink: string): Promise<FreeTrialCommit>;
}

/** Every customer commerce store. */
export type CustomerCommerceStore = CustomerReadStore & OrderStore & PurchaseStore & FreeTrialStore;
