/** The wallet customers pay into now: the pointer to the active receiving wallet of a currency. */
export interface ActiveWalletPointer {
  walletId: string;
  address: string;
  network: string;
  currency: string;
}
