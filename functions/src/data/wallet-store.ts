import type { Wallet } from '@goldbot/shared';
import { tableName } from '../adapters/dynamodb.js';
import type { WalletSavePlan, WalletSaveOutcome, WalletStore } from '../domain/commerce/wallets.js';
import { toAuditItem } from './audit-entity.js';
import {
  WALLETS_LIST,
  activeWalletKey,
  fromActiveWalletItem,
  fromWalletItem,
  toWalletItem,
  walletKey,
} from './wallet-entity.js';
import { cancellationCodes, getItem, queryPages } from './table-reads.js';
import { transactOr, type TransactItems } from './transaction-items.js';

/**
 * DynamoDB side of the wallets (docs/data-model.md, "Wallets" and "Wallet save and activation"). The admin list is
 * one GSI1 partition (a handful of items); every save is one TransactWriteItems with the wallet,
 * the previously active wallet, the ACTIVEWALLET pointer and the audit entry.
 */
/** Pages (1 MB each) of the admin list read at most: far beyond any real list of wallets. */
const MAX_LIST_PAGES = 20;

export function walletSaveTransaction(plan: WalletSavePlan): TransactItems {
  const { wallet, pointer, deactivate } = plan;
  const items: TransactItems = [
    plan.mode === 'add'
      ? {
          Put: { TableName: tableName, Item: toWalletItem(wallet), ConditionExpression: 'attribute_not_exists(PK)' },
        }
      : {
          Update: {
            TableName: tableName,
            Key: walletKey(wallet.currency, wallet.address),
            UpdateExpression: 'SET #network = :network, isActive = :active, updatedAt = :at',
            ConditionExpression: 'attribute_exists(PK) AND #id = :id',
            ExpressionAttributeNames: { '#network': 'network', '#id': '_id' },
            ExpressionAttributeValues: {
              ':network': wallet.network,
              ':active': wallet.isActive,
              ':at': wallet.updatedAt,
              ':id': wallet._id,
            },
          },
        },
  ];
  if (deactivate) {
    items.push({
      Update: {
        TableName: tableName,
        Key: walletKey(wallet.currency, deactivate.address),
        UpdateExpression: 'SET isActive = :false, updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND #id = :id',
        ExpressionAttributeNames: { '#id': '_id' },
        ExpressionAttributeValues: { ':false': false, ':at': wallet.updatedAt, ':id': deactivate._id },
      },
    });
  }
  if (pointer.kind === 'put') {
    items.push({
      Put: {
        TableName: tableName,
        Item: {
          ...activeWalletKey(wallet.currency),
          entity: 'ActiveWallet',
          walletId: wallet._id,
          address: wallet.address,
          network: wallet.network,
          currency: wallet.currency,
          updatedAt: wallet.updatedAt,
        },
        ...(pointer.expected === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: 'walletId = :expected',
              ExpressionAttributeValues: { ':expected': pointer.expected },
            }),
      },
    });
  } else if (pointer.kind === 'delete') {
    items.push({
      Delete: {
        TableName: tableName,
        Key: activeWalletKey(wallet.currency),
        ConditionExpression: 'walletId = :expected',
        ExpressionAttributeValues: { ':expected': pointer.expected },
      },
    });
  }
  items.push({
    Put: { TableName: tableName, Item: toAuditItem(plan.audit), ConditionExpression: 'attribute_not_exists(PK)' },
  });
  return items;
}

function outcomeOf(error: unknown, plan: WalletSavePlan): WalletSaveOutcome {
  const codes = cancellationCodes(error);
  if (codes.length === 0) throw error;
  if (codes[0] === 'ConditionalCheckFailed') return plan.mode === 'add' ? 'duplicate' : 'missing';
  // The previously active wallet or the pointer moved since it was read; a conflict is the same story.
  if (codes.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')) return 'changed';
  throw error;
}

export const dynamoWalletStore: WalletStore = {
  async list() {
    const wallets: Wallet[] = [];
    let pages = 0;
    for await (const items of queryPages({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': WALLETS_LIST },
    })) {
      wallets.push(...items.map(fromWalletItem));
      if ((pages += 1) >= MAX_LIST_PAGES) break;
    }
    return wallets;
  },

  async getByAddress(currency, address) {
    const item = await getItem(walletKey(currency, address), true);
    return item ? fromWalletItem(item) : undefined;
  },

  async getActivePointer(currency) {
    const item = await getItem(activeWalletKey(currency), true);
    return item ? fromActiveWalletItem(item) : undefined;
  },

  async commitSave(plan) {
    return transactOr(walletSaveTransaction(plan), 'committed', (error) => outcomeOf(error, plan));
  },
};
