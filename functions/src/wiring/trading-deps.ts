import { dynamoConnectionStore, dynamoTradingStore } from '../data/trading-account-store.js';
import type { ConnectionStore, TradingDeps } from '../domain/trading/mt5-accounts.js';

/** The customer's MetaTrader 5 account wired to DynamoDB, once per execution environment. */
export const tradingDeps: TradingDeps = { store: dynamoTradingStore, now: () => new Date() };

/** The bot connection requests, for the routes that only list them. */
export const connectionStore: ConnectionStore = dynamoConnectionStore;
