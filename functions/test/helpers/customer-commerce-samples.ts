import type { OrderRecord } from '../../src/domain/records/order-record.js';
import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { toOrderDetailItem, toOrderItem } from '../../src/data/order-entity.js';
import type { CustomerProfile, TxidMarker } from '../../src/domain/commerce/purchase.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { SAMPLE_JANE, SAMPLE_RICK, janeProfileItem } from './sample-customers.js';

/**
 * A small in-memory table behind the mocked document client, for the customer commerce routes:
 * GetItem and BatchGetItem answer from `items` by key (BatchGetItem is what the submit and the free trial
 * read with), everything else keeps the test's own mocks. Shared by the sample events and the
 * customer commerce unit tests.
 */
type Item = Record<string, unknown> & { PK: string; SK: string };
type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;

const keyId = (key: { PK?: unknown; SK?: unknown }) => `${String(key.PK)}\u0000${String(key.SK)}`;

export function givenItems(dynamo: DocumentClientStub, items: readonly Item[]): void {
  const byKey = new Map(items.map((item) => [keyId(item), item]));
  for (const item of items) dynamo.on(GetCommand, { Key: { PK: item.PK, SK: item.SK } }).resolves({ Item: item });
  dynamo
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: { PK: string; SK: string }[] }> }) => {
      const Responses: Record<string, Item[]> = {};
      for (const [table, request] of Object.entries(input.RequestItems)) {
        Responses[table] = request.Keys.flatMap((key) => {
          const found = byKey.get(keyId(key));
          return found ? [found] : [];
        });
      }
      return { Responses, UnprocessedKeys: {} };
    });
}

/** The caller of every user sample event (events/auth-me.json and the payment samples). */
export const SAMPLE_CUSTOMER = SAMPLE_JANE;
/** The owner of the referral code in events/payment-verify-referral.json and events/payment-submit-usdt.json. */
export const SAMPLE_CODE_OWNER = { ...SAMPLE_RICK, code: 'RICK2026' };
export const SAMPLE_WALLET = { walletId: '01KDX1W2A3L4L5E6T7S8A9M0PL', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };

export function customerProfileItem(overrides: Record<string, unknown> = {}): Item {
  return janeProfileItem({
    phone: null,
    referralCode: 'K7M2QX9P',
    referralCount: 0,
    referralEarnings: 0,
    emailVerifiedAt: '2026-01-01T11:00:00.000Z',
    ...overrides,
  });
}

export const catalogItem = (slug: string, priceUsd: number): Item => ({
  PK: 'CATALOG',
  SK: `PACKAGE#${slug}`,
  slug,
  priceUsd,
});
export const activeWalletItem = (): Item => ({
  PK: 'ACTIVEWALLET#USDT',
  SK: 'ACTIVEWALLET',
  ...SAMPLE_WALLET,
  network: 'TRC20',
  currency: 'USDT',
});
export const referralMarkerItem = (owner = SAMPLE_CODE_OWNER): Item => ({
  PK: `REFCODE#${owner.code}`,
  SK: 'REFCODE',
  userId: owner._id,
  username: owner.username,
});

/**
 * Jane's open orders: Basic priced with Rick's code (events/payment-submit-usdt.json pays it, 50.37)
 * and Pro at the seeded price (250.37).
 */
export const SAMPLE_ORDERS = {
  basic: { orderId: '01KDX3R5D7E9R1O2R3D4E5R6AB', amount: 50.37 },
  pro: { orderId: '01KDX3R5D7E9R1O2R3D4E5R6PR', amount: 250.37 },
} as const;
const sampleOrder = (slug: 'basic' | 'pro', userId: string): OrderRecord => ({
  orderId: SAMPLE_ORDERS[slug].orderId,
  userId,
  packageSlug: slug,
  packageName: slug === 'basic' ? 'Basic Package' : 'Pro Package',
  originalAmountCents: slug === 'basic' ? 6000 : 25_000,
  priceCents: slug === 'basic' ? 5000 : 25_000,
  amountCents: Math.round(SAMPLE_ORDERS[slug].amount * 100),
  referralCode: slug === 'basic' ? SAMPLE_CODE_OWNER.code : null,
  createdAt: '2026-01-01T12:00:00.000Z',
  // Open whenever the samples run.
  expiresAt: 4_102_444_800,
});
export const sampleOrderItem = (slug: 'basic' | 'pro' = 'basic', userId: string = SAMPLE_CUSTOMER._id): Item =>
  toOrderItem(sampleOrder(slug, userId));

/** The sample order's own item (GET /api/payment/order/{orderId}). */
export const sampleOrderDetailItem = (slug: 'basic' | 'pro' = 'basic'): Item =>
  toOrderDetailItem(sampleOrder(slug, SAMPLE_CUSTOMER._id));

/** The copy-trading link of the samples: the free trial is offered. */
export const SAMPLE_COPY_TRADING_LINK = 'https://copy-trading.example.com/goldbot';

/** The settings item: Basic on sale, the free trial's copy-trading link set. */
export const settingsItem = (copyTradingLink: string | null = SAMPLE_COPY_TRADING_LINK) => ({
  PK: 'SETTINGS',
  SK: 'SUBSCRIPTION',
  basicPackageEnabled: true,
  ...(copyTradingLink ? { copyTradingLink } : {}),
});

/** The world of the customer commerce samples: Jane, the seeded catalog and settings, a wallet, Rick's code. */
export function customerCommerceSampleWorld(dynamo: DocumentClientStub): Partial<Record<RouteId, () => void>> {
  const world = () =>
    givenItems(dynamo, [
      customerProfileItem(),
      catalogItem('basic', 60),
      catalogItem('pro', 250),
      catalogItem('ultimate', 1000),
      settingsItem(),
      activeWalletItem(),
      referralMarkerItem(),
      sampleOrderItem('basic'),
      sampleOrderItem('pro'),
    ]);
  const withHistory = () => {
    world();
    dynamo.on(QueryCommand, { KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)' }).resolves({
      Items: [
        toSubscriptionItem({
          _id: '01KDX2F7T1R2I3A4L5S6U7B8XY',
          userId: SAMPLE_CUSTOMER._id,
          username: SAMPLE_CUSTOMER.username,
          email: SAMPLE_CUSTOMER.email,
          packageSlug: 'freeTrial',
          packageName: 'Free Trial',
          status: 'active',
          startDate: '2026-01-01',
          endDate: '2026-01-31',
          paymentMethod: 'free',
          paymentId: null,
          isExtension: false,
          notificationSent: false,
          createdAt: '2026-01-01T12:00:00.000Z',
          updatedAt: '2026-01-01T12:00:00.000Z',
        }),
      ],
    });
  };
  return {
    'payment-package-status': world,
    'payment-wallet-details': world,
    'payment-verify-referral': world,
    'payment-order': world,
    // events/payment-order-state.json polls the sample Pro order: its own item, still waiting.
    'payment-order-state': () => {
      world();
      givenItems(dynamo, [sampleOrderDetailItem('pro')]);
    },
    'payment-submit-usdt': world,
    'payment-create-free-trial': world,
    'payment-active-subscription': withHistory,
    'payment-subscriptions': withHistory,
    'settings-public-subscription': world,
  };
}

/** A buyer's commerce profile as the purchase rules read it (the unit tests of orders and purchases). */
export const BUYER_PROFILE: CustomerProfile = {
  _id: 'buyer-1',
  username: 'jane_doe',
  email: 'jane@example.com',
  isActive: true,
  referralCode: 'JANE2026',
  basicPaidThrough: null,
  freeTrialStartedAt: null,
};

/** The marker a used TXID leaves: by default the buyer's Pro purchase, as the replay rules read it. */
export const txidMarker = (overrides: Partial<TxidMarker> = {}): TxidMarker => ({
  txidNormalized: 'abcdef0123456789',
  paymentId: 'PAY0',
  subscriptionId: 'SUB0',
  userId: BUYER_PROFILE._id,
  packageSlug: 'pro',
  packageName: 'Pro Package',
  isExtension: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

/** A pending USDT purchase as the buyer is shown it (no dates until an admin approves it). */
export const pendingPurchaseView = (
  view: { _id: string; packageName: string; createdAt: string; paymentId: string } & Record<string, unknown>,
) => ({
  status: 'pending',
  startDate: null,
  endDate: null,
  paymentMethod: 'usdt',
  isExtension: false,
  updatedAt: view.createdAt,
  ...view,
});
