import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { botConnectionKey, toBotConnectionItem } from '../../src/data/trading-account-entity.js';
import type { BotConnectionRecord } from '../../src/domain/trading/mt5-accounts.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { SAMPLE_JANE } from './sample-customers.js';

/**
 * The MetaTrader 5 samples (events/account-mt5-*.json, events/admin-bot-*.json): Jane Doe with a
 * Pro Package running today, her account IC Markets / ICMarketsSC-MT5-2 / 51234567 waiting for the
 * team, and the sample administrator who connects it.
 */
export const TRADER = SAMPLE_JANE;
/** The subscription of events/admin-bot-connected.json. */
export const SAMPLE_CONNECTION_SUBSCRIPTION = '01KDX6C2M4P8R1T5V7X9Z3B6DF';
export const SAMPLE_MT5 = { broker: 'IC Markets', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Jane's Pro Package, running today whatever the day (dates relative to now). */
export const runningPro = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  _id: SAMPLE_CONNECTION_SUBSCRIPTION,
  userId: TRADER._id,
  username: TRADER.username,
  email: TRADER.email,
  packageSlug: 'pro',
  packageName: 'Pro Package',
  status: 'active',
  startDate: day(-10),
  endDate: day(170),
  paymentMethod: 'usdt',
  paymentId: '01KDX6C2M4P8R1T5V7X9Z3B6DE',
  isExtension: false,
  notificationSent: false,
  createdAt: `${day(-40)}T09:00:00.000Z`,
  updatedAt: `${day(-40)}T09:30:00.000Z`,
  ...overrides,
});

export const waitingRequest = (overrides: Partial<BotConnectionRecord> = {}): BotConnectionRecord => ({
  subscriptionId: SAMPLE_CONNECTION_SUBSCRIPTION,
  userId: TRADER._id,
  username: TRADER.username,
  email: TRADER.email,
  packageName: 'Pro Package',
  ...SAMPLE_MT5,
  status: 'waiting',
  requestedAt: `${day(-1)}T08:00:00.000Z`,
  connectedAt: null,
  connectedBy: null,
  ...overrides,
});

type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;

export function tradingSampleWorld(dynamo: DocumentClientStub): Partial<Record<RouteId, () => void>> {
  return {
    // Jane has a paid package running: the save files her request.
    'account-mt5-put': () => {
      dynamo
        .on(QueryCommand, {
          ExpressionAttributeValues: { ':pk': `USER#${TRADER._id}`, ':from': 'SUB#', ':to': 'TRADING#MT5' },
        })
        .resolves({ Items: [toSubscriptionItem(runningPro())] });
    },
    'admin-bot-connections': () => {
      dynamo.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Items: [toBotConnectionItem(waitingRequest())] });
    },
    'admin-bot-connected': () => {
      dynamo
        .on(GetCommand, { Key: botConnectionKey(SAMPLE_CONNECTION_SUBSCRIPTION) })
        .resolves({ Item: toBotConnectionItem(waitingRequest()) });
    },
  };
}
