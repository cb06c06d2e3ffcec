import type { ExportSources } from '../domain/export/exports.js';
import { EXPORT_SEARCH_BUDGET } from '../domain/export/exports.js';
import { listUsers } from './admin-user-store.js';
import { PAYMENTS_LIST, fromPaymentItem, paymentStatusList } from './payment-entity.js';
import { dynamoSubscriptionHistoryStore } from './subscription-history-store.js';
import { queryListPage } from './table-reads.js';
import { dynamoWithdrawalStore } from './withdrawal-store.js';

/**
 * The lists the CSV exports page through: the same Queries as the admin screens (payments on GSI1
 * `PAYMENTS` or GSI2 `PAYMENTS#<status>`, withdrawals through their store, users through the admin
 * users list, subscriptions through the history), never a Scan.
 */
export const dynamoExportSources: ExportSources = {
  async payments(status, page) {
    const list =
      status === 'all'
        ? { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: PAYMENTS_LIST }
        : { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', value: paymentStatusList(status) };
    const { items, nextCursor } = await queryListPage(list, { ...page, budget: EXPORT_SEARCH_BUDGET });
    return { items: items.map(fromPaymentItem), nextCursor };
  },

  withdrawals: (status, page) =>
    dynamoWithdrawalStore.listWithdrawals(status, { ...page, budget: EXPORT_SEARCH_BUDGET }),

  async users(page) {
    const { users, nextCursor } = await listUsers(page);
    return { items: users, nextCursor };
  },

  subscriptions: (scope, page) => dynamoSubscriptionHistoryStore.listHistory(scope, page),
};
