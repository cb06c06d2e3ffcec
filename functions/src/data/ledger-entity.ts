/**
 * The referral ledger (docs/data-model.md, "Referral ledger entry"), append-only, in the owner's item collection:
 *   USER#<sub> / LEDGER#<id>   credit | hold | settle | release | clawback
 */
export type LedgerEntryType = 'credit' | 'hold' | 'settle' | 'release' | 'clawback';

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
  /**
   * A credit: the part of `amount` that settled what the referrer owed from earlier clawbacks (the
   * rest became available). A clawback: the part taken from available earnings (`fromAvailable`)
   * and the part recorded as owed (`owed`), which add up to `amount`.
   */
  offset?: number;
  fromAvailable?: number;
  owed?: number;
  /** A clawback: the refund that took the reward back. */
  refundId?: string;
  actor: string;
  createdAt: string;
}

export const toLedgerItem = (entry: LedgerEntry) => ({
  ...ledgerKey(entry.userId, entry._id),
  entity: 'LedgerEntry',
  ...entry,
});
