/** The store of the revenue statistics. */
export { dynamoRevenueStatsStore } from '../data/revenue-stats-store.js';
