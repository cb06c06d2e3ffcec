/**
 * The referral ledger (docs/data-model.md, "Referral ledger entry"), append-only, in the owner's item collection:
 *   USER#<sub> / LEDGER#<id>   credit | hold | settle | release, with the balances after it
 */
export type LedgerEntryType = 'credit' | 'hold' | 'settle' | 'release';

export const ledgerKey = (userId: string, id: string) => ({ PK: `USER#${userId}`, SK: `LEDGER#${id}` });
export const LEDGER_SK_PREFIX = 'LEDGER#';

export interface LedgerEntry {
  _id: string;
  userId: string;
  type: LedgerEntryType;
  amount: number;
  sourceType: 'payment' | 'withdrawal';
  sourceId: string;
  refereeId?: string;
  actor: string;
  createdAt: string;
}

export const toLedgerItem = (entry: LedgerEntry) => ({
  ...ledgerKey(entry.userId, entry._id),
  entity: 'LedgerEntry',
  ...entry,
});
