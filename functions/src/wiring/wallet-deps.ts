/** The receiving-wallet store, with the clock and ids its edits need. */
export { dynamoWalletStore } from '../data/wallet-store.js';
