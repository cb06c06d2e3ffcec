import type { Wallet } from '@goldbot/shared';
import type { ActiveWalletPointer } from '../domain/records/active-wallet-pointer.js';

/**
 * Payment wallets (docs/data-model.md, "Wallets"):
 *   WALLET#<currency>#<address> / WALLET       the natural key: add vs. update is unambiguous and the
 *                                             address can never change once saved
 *   GSI1  WALLETS / <currency>#<createdAt>#<id> the admin list
 *   ACTIVEWALLET#<currency> / ACTIVEWALLET    the one active wallet of a currency (walletId, address, network)
 */
export const walletKey = (currency: string, address: string) => ({
  PK: `WALLET#${currency}#${address}`,
  SK: 'WALLET',
});
export const WALLETS_LIST = 'WALLETS';
export const walletListKeys = (w: Pick<Wallet, 'currency' | 'createdAt' | '_id'>) => ({
  GSI1PK: WALLETS_LIST,
  GSI1SK: `${w.currency}#${w.createdAt}#${w._id}`,
});
export const activeWalletKey = (currency: string) => ({ PK: `ACTIVEWALLET#${currency}`, SK: 'ACTIVEWALLET' });

export const toWalletItem = (wallet: Wallet) => ({
  ...walletKey(wallet.currency, wallet.address),
  entity: 'Wallet',
  ...walletListKeys(wallet),
  ...wallet,
});

export const fromWalletItem = (item: Record<string, unknown>): Wallet => ({
  _id: String(item._id),
  address: String(item.address),
  network: String(item.network),
  currency: item.currency as Wallet['currency'],
  isActive: item.isActive === true,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt ?? item.createdAt),
});

export const fromActiveWalletItem = (item: Record<string, unknown>): ActiveWalletPointer => ({
  walletId: String(item.walletId),
  address: String(item.address),
  network: String(item.network),
  currency: String(item.currency ?? 'USDT'),
});
