import { tableName } from '../adapters/dynamodb.js';
import type {
  ConnectOutcome,
  ConnectPlan,
  ConnectionStore,
  Mt5SavePlan,
  TradingStore,
} from '../domain/trading/mt5-accounts.js';
import { toAuditItem } from './audit-entity.js';
import { fromSubscriptionItem, subscriptionKey, SUBSCRIPTION_SK_PREFIX } from './subscription-entity.js';
import { cancellationCodes, getItem, onlyConflicts, queryAll, queryListPage } from './table-reads.js';
import { putNew, transactOr, transactUnlessChanged, updateItem, type TransactItems } from './transaction-items.js';
import {
  BOT_CONNECTIONS_INDEX,
  MT5_ACCOUNT_SK,
  TRADING_VIEW_RANGE,
  botConnectionKey,
  botConnectionList,
  fromBotConnectionItem,
  fromMt5AccountItem,
  mt5AccountKey,
  toBotConnectionItem,
  toMt5AccountItem,
} from './trading-account-entity.js';
import { profileKey } from './user-profile-entity.js';

/**
 * The MetaTrader 5 account and the bot's connection requests in the table (docs/data-model.md,
 * "MetaTrader 5 account" and "Bot connection request"): one Query reads a customer's rows and
 * account, one TransactWriteItems saves an account with its request, one marks a request connected
 * with the account, the subscription row and the audit entry. Lists are Queries of GSI1.
 */

/** The save: the account on the version read, its request for the current subscription, an older one superseded. */
export function saveTransaction(plan: Mt5SavePlan): TransactItems {
  const items: TransactItems = [
    {
      Put: {
        TableName: tableName,
        Item: toMt5AccountItem(plan.userId, plan.account),
        ConditionExpression: plan.readUpdatedAt === null ? 'attribute_not_exists(PK)' : 'updatedAt = :seen',
        ...(plan.readUpdatedAt === null ? {} : { ExpressionAttributeValues: { ':seen': plan.readUpdatedAt } }),
      },
    },
    // One request per subscription: new details for the same subscription file it again, waiting.
    { Put: { TableName: tableName, Item: toBotConnectionItem(plan.request) } },
  ];
  if (plan.supersedes) {
    items.push(
      updateItem(
        botConnectionKey(plan.supersedes),
        'SET #status = :superseded, updatedAt = :at REMOVE GSI1PK, GSI1SK',
        { ':superseded': 'superseded', ':waiting': 'waiting', ':at': plan.account.updatedAt },
        { names: { '#status': 'status' }, condition: '#status = :waiting' },
      ),
    );
  }
  return items;
}

/** Positions in the mark-connected transaction. */
const CONNECT = { request: 0, account: 1 } as const;

/**
 * The mark: the request (still waiting) onto the connected list, the customer's account (still
 * holding this request's details), the subscription row, the audit entry.
 */
export function connectTransaction(plan: ConnectPlan): TransactItems {
  const { request, at, adminId } = plan;
  return [
    updateItem(
      botConnectionKey(request.subscriptionId),
      'SET #status = :connected, connectedAt = :at, connectedBy = :admin, GSI1PK = :list, GSI1SK = :sk',
      {
        ':connected': 'connected',
        ':waiting': 'waiting',
        ':at': at,
        ':admin': adminId,
        ':list': botConnectionList('connected'),
        ':sk': `${at}#${request.subscriptionId}`,
      },
      { names: { '#status': 'status' }, condition: '#status = :waiting' },
    ),
    updateItem(
      mt5AccountKey(request.userId),
      'SET connectedAt = :at, connectedBy = :admin, connectedSubscriptionId = :sub',
      {
        ':at': at,
        ':admin': adminId,
        ':sub': request.subscriptionId,
        ':broker': request.broker,
        ':server': request.server,
        ':account': request.accountNumber,
      },
      {
        condition:
          'requestSubscriptionId = :sub AND broker = :broker AND #server = :server AND accountNumber = :account',
        names: { '#server': 'server' },
      },
    ),
    updateItem(
      subscriptionKey(request.userId, request.subscriptionId),
      'SET botConnectedAt = :at, botConnectedBy = :admin',
      { ':at': at, ':admin': adminId },
      { condition: 'attribute_exists(PK)' },
    ),
    putNew(toAuditItem(plan.audit)),
  ];
}

export function connectOutcomeOf(error: unknown): ConnectOutcome {
  const codes = cancellationCodes(error);
  if (codes.length === 0) throw error;
  if (codes[CONNECT.request] === 'ConditionalCheckFailed') return 'not-waiting';
  if (codes[CONNECT.account] === 'ConditionalCheckFailed') return 'account-changed';
  if (onlyConflicts(codes)) return 'conflict';
  throw error;
}

export const dynamoTradingStore: TradingStore = {
  async readTrading(userId) {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': profileKey(userId).PK,
        ':from': TRADING_VIEW_RANGE.from,
        ':to': TRADING_VIEW_RANGE.to,
      },
      ConsistentRead: true,
    });
    const account = items.find((item) => item.SK === MT5_ACCOUNT_SK);
    return {
      subscriptions: items
        .filter((item) => String(item.SK).startsWith(SUBSCRIPTION_SK_PREFIX))
        .map(fromSubscriptionItem),
      account: account ? fromMt5AccountItem(account) : null,
    };
  },

  async saveAccount(plan) {
    return transactUnlessChanged(saveTransaction(plan));
  },
};

export const dynamoConnectionStore: ConnectionStore = {
  async listConnections(status, page) {
    const { items, nextCursor } = await queryListPage(
      { ...BOT_CONNECTIONS_INDEX, value: botConnectionList(status), ascending: status === 'waiting' },
      { ...page, budget: page.limit },
    );
    return { items: items.map(fromBotConnectionItem), nextCursor };
  },

  async getConnection(subscriptionId) {
    const item = await getItem(botConnectionKey(subscriptionId), true);
    return item && item.entity === 'BotConnection' ? fromBotConnectionItem(item) : undefined;
  },

  async commitConnected(plan) {
    return transactOr(connectTransaction(plan), 'committed', connectOutcomeOf);
  },

  async recipient(userId) {
    const item = await getItem(profileKey(userId));
    return item ? { username: String(item.username ?? ''), email: String(item.email ?? '') } : undefined;
  },
};
