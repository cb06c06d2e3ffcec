import { dynamoWalletStore } from '../data/wallet-store.js';
import { newId } from '../kit/ids.js';

/** The receiving-wallet store, for the list. */
export { dynamoWalletStore };

/** What saving a wallet needs: the store, the clock and fresh ids. */
export const walletDeps = { store: dynamoWalletStore, now: () => new Date(), newId };
