/**
 * The trading feature's public surface, used by the dashboard: the card that asks for the
 * customer's MetaTrader 5 account once a paid package is active and says where the bot's
 * connection to it stands.
 */
export { Mt5AccountCard } from './components/mt5-account-card';
