import type { BotConnectionRecord, BotConnectionRecordStatus, Mt5Record } from '../domain/trading/mt5-accounts.js';
import { SUBSCRIPTION_SK_PREFIX } from './subscription-entity.js';
import { rowCustomer, stringOrNull } from './item-fields.js';

/**
 * The customer's MetaTrader 5 account and the requests to connect the bot to it (docs/data-model.md,
 * "MetaTrader 5 account" and "Bot connection request"):
 *   USER#<sub> / TRADING#MT5                       the account, in the customer's item collection
 *   BOTCONNECT#<subscriptionId> / BOTCONNECT       one request per subscription
 *   GSI1  BOTCONNECTS#waiting / <requestedAt>#<subscriptionId>    the team's queue, oldest first
 *   GSI1  BOTCONNECTS#connected / <connectedAt>#<subscriptionId>  done, newest first
 * The account's sort key comes right after the `SUB#` rows, so one Query (`SK BETWEEN 'SUB#' AND
 * 'TRADING#MT5'`) reads the customer's subscriptions and the account together.
 */
export const MT5_ACCOUNT_SK = 'TRADING#MT5';
export const mt5AccountKey = (userId: string) => ({ PK: `USER#${userId}`, SK: MT5_ACCOUNT_SK });
/** The sort-key range of one Query that reads a customer's subscriptions and MetaTrader 5 account. */
export const TRADING_VIEW_RANGE = { from: SUBSCRIPTION_SK_PREFIX, to: MT5_ACCOUNT_SK } as const;

export const botConnectionKey = (subscriptionId: string) => ({
  PK: `BOTCONNECT#${subscriptionId}`,
  SK: 'BOTCONNECT',
});
export const BOT_CONNECTIONS_INDEX = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' } as const;
export const botConnectionList = (status: 'waiting' | 'connected') => `BOTCONNECTS#${status}`;
export const botConnectionListKeys = (status: 'waiting' | 'connected', at: string, subscriptionId: string) => ({
  GSI1PK: botConnectionList(status),
  GSI1SK: `${at}#${subscriptionId}`,
});

export const toMt5AccountItem = (userId: string, account: Mt5Record) => ({
  ...mt5AccountKey(userId),
  entity: 'Mt5Account',
  ...account,
});

export function fromMt5AccountItem(item: Record<string, unknown>): Mt5Record {
  return {
    broker: String(item.broker ?? ''),
    server: String(item.server ?? ''),
    accountNumber: String(item.accountNumber ?? ''),
    createdAt: String(item.createdAt ?? item.updatedAt ?? ''),
    updatedAt: String(item.updatedAt ?? ''),
    requestSubscriptionId: stringOrNull(item.requestSubscriptionId),
    connectedAt: stringOrNull(item.connectedAt),
    connectedBy: stringOrNull(item.connectedBy),
    connectedSubscriptionId: stringOrNull(item.connectedSubscriptionId),
  };
}

/** A request's item: on the waiting list while it waits (and on the connected list once connected). */
export function toBotConnectionItem(request: BotConnectionRecord) {
  const listed =
    request.status === 'waiting'
      ? botConnectionListKeys('waiting', request.requestedAt, request.subscriptionId)
      : request.status === 'connected' && request.connectedAt
        ? botConnectionListKeys('connected', request.connectedAt, request.subscriptionId)
        : {};
  return { ...botConnectionKey(request.subscriptionId), entity: 'BotConnection', ...listed, ...request };
}

const STATUSES: readonly BotConnectionRecordStatus[] = ['waiting', 'connected', 'superseded'];

export function fromBotConnectionItem(item: Record<string, unknown>): BotConnectionRecord {
  return {
    subscriptionId: String(item.subscriptionId),
    ...rowCustomer(item),
    packageName: String(item.packageName ?? ''),
    broker: String(item.broker ?? ''),
    server: String(item.server ?? ''),
    accountNumber: String(item.accountNumber ?? ''),
    status: STATUSES.includes(item.status as BotConnectionRecordStatus)
      ? (item.status as BotConnectionRecordStatus)
      : 'waiting',
    requestedAt: String(item.requestedAt ?? ''),
    connectedAt: stringOrNull(item.connectedAt),
    connectedBy: stringOrNull(item.connectedBy),
  };
}
