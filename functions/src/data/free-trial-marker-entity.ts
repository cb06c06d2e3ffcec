/**
 * FREETRIAL#<canonical e-mail> / FREETRIAL → userId: the mailbox took its free trial. One trial per
 * mailbox, whatever alias the account was opened with (`canonicalEmail`). Written by the free-trial
 * purchase only, so the account routes never reach this partition.
 */
export const freeTrialMarkerKey = (emailKey: string) => ({ PK: `FREETRIAL#${emailKey}`, SK: 'FREETRIAL' });
