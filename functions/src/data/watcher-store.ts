import type { NoticeStore, PoolAlert } from '../domain/commerce/watch-notices.js';
import type { WatcherStore } from '../domain/commerce/wallet-watcher.js';
import type { TransferRecord } from '../domain/records/transfer-record.js';
import { dynamoBindingStore } from './binding-store.js';
import { POOL_ALERTS_PARTITION, poolAlertKey } from './order-entity.js';
import { batchGetItems, getItem, queryAll, queryTable, updateIf } from './table-reads.js';
import { UNMATCHED_LIST, fromTransferItem, transferKey, watchCursorKey } from './transfer-entity.js';
import { fromWalletItem, WALLETS_LIST } from './wallet-entity.js';

/**
 * DynamoDB side of the wallet watcher (docs/data-model.md, "Wallet cursor", "Transfer", "Amount
 * pool alert"): the wallets (a Query of GSI1 WALLETS, a handful of items), each wallet's cursor
 * (GetItem, and an UpdateItem that only moves it forward), the transfers already recorded (one
 * BatchGetItem per 100 ids), and the notices' claims. No Scan.
 */
const isTrc20Usdt = (wallet: { currency: string; network: string }) =>
  wallet.currency === 'USDT' && wallet.network.replace(/[^a-z0-9]/gi, '').toUpperCase() === 'TRC20';

export const dynamoWatcherStore: WatcherStore = {
  async wallets(sinceIso) {
    const result = await queryTable({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list AND begins_with(GSI1SK, :usdt)',
      ExpressionAttributeValues: { ':list': WALLETS_LIST, ':usdt': 'USDT#' },
    });
    return (result.Items ?? [])
      .map(fromWalletItem)
      .filter((wallet) => isTrc20Usdt(wallet) && (wallet.isActive || wallet.updatedAt >= sinceIso))
      .map((wallet) => ({ address: wallet.address }));
  },

  async readCursor(address) {
    const cursorMs = (await getItem(watchCursorKey(address), true))?.cursorMs;
    return typeof cursorMs === 'number' ? cursorMs : null;
  },

  async saveCursor(address, cursorMs, at) {
    // Refused when another run moved it further meanwhile: theirs stands.
    await updateIf({
      Key: watchCursorKey(address),
      UpdateExpression: 'SET entity = :entity, address = :address, cursorMs = :cursor, updatedAt = :at',
      ConditionExpression: 'attribute_not_exists(cursorMs) OR cursorMs <= :cursor',
      ExpressionAttributeValues: { ':entity': 'WatchCursor', ':address': address, ':cursor': cursorMs, ':at': at },
    });
  },

  async existingTransfers(txids) {
    const found = new Map<string, TransferRecord>();
    for (const item of await batchGetItems(
      [...new Set(txids)].map((txid) => transferKey(txid)),
      true,
    )) {
      const transfer = fromTransferItem(item);
      if (transfer) found.set(transfer.txid, transfer);
    }
    return found;
  },

  recordTransfer: dynamoBindingStore.recordTransfer,
};

function poolAlertOf(item: Record<string, unknown>): PoolAlert {
  const [hour = '', price = '0'] = String(item.SK).split('#');
  return {
    hour,
    priceCents: Number(item.priceCents ?? price),
    freeAmounts: Number(item.freeAmounts ?? 0),
    firstSeenAt: String(item.firstSeenAt ?? ''),
    mailedAt: typeof item.mailedAt === 'string' ? item.mailedAt : null,
  };
}

/** Claim (`SET x = :at` only while unset) and its undo (only the claim of this run). */
const claim = (key: Record<string, string>, at: string): Promise<boolean> =>
  updateIf({
    Key: key,
    UpdateExpression: 'SET adminMailedAt = :at',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(adminMailedAt)',
    ExpressionAttributeValues: { ':at': at },
  });

async function undo(key: Record<string, string>, at: string): Promise<void> {
  await updateIf({
    Key: key,
    UpdateExpression: 'REMOVE adminMailedAt',
    ConditionExpression: 'adminMailedAt = :at',
    ExpressionAttributeValues: { ':at': at },
  });
}

export const dynamoNoticeStore: NoticeStore = {
  async unmailedUnmatched(sinceIso) {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list AND GSI1SK >= :since',
      FilterExpression: 'attribute_not_exists(adminMailedAt)',
      ExpressionAttributeValues: { ':list': UNMATCHED_LIST, ':since': sinceIso },
    });
    return items.flatMap((item) => fromTransferItem(item) ?? []);
  },
  claimUnmatchedMail: (txid, at) => claim(transferKey(txid), at),
  undoUnmatchedMail: (txid, at) => undo(transferKey(txid), at),

  async poolAlerts(hours) {
    const alerts: PoolAlert[] = [];
    for (const hour of hours) {
      const result = await queryTable({
        KeyConditionExpression: 'PK = :alerts AND begins_with(SK, :hour)',
        ExpressionAttributeValues: { ':alerts': POOL_ALERTS_PARTITION, ':hour': `${hour}#` },
        ConsistentRead: true,
      });
      alerts.push(
        ...(result.Items ?? []).map((item) => ({
          ...poolAlertOf(item),
          mailedAt: typeof item.adminMailedAt === 'string' ? item.adminMailedAt : null,
        })),
      );
    }
    return alerts;
  },
  claimPoolAlert: (alert, at) => claim(poolAlertKey(alert.hour, alert.priceCents), at),
  undoPoolAlert: (alert, at) => undo(poolAlertKey(alert.hour, alert.priceCents), at),
};
