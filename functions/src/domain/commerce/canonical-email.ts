/**
 * One person's mailbox, whatever alias they type: the key the once-per-person offers (the free
 * trial) and the self-referral check compare, so `Me+1@gmail.com` and `m.e@googlemail.com` are
 * the same person as `me@gmail.com`. Lower-cased (providers treat addresses case-insensitively),
 * the `+tag` dropped (sub-addressing delivers to the same mailbox), and for Gmail the dots dropped
 * and googlemail.com folded into gmail.com (Gmail ignores dots; both domains are one mailbox).
 * Only eligibility uses it: sign-in and mail still use the address as the person typed it.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1);
  const plus = lower.indexOf('+');
  let local = plus >= 0 && plus < at ? lower.slice(0, plus) : lower.slice(0, at);
  if (!GMAIL_DOMAINS.has(domain)) return `${local}@${domain}`;
  local = local.replace(/\./g, '');
  return `${local}@gmail.com`;
}

/**
 * Whether an account that left its trace (a referral code's owner: its id and canonical e-mail,
 * the latter absent on traces from before it was kept) is the buyer: the same account, or another
 * account of the buyer's mailbox (`me+2@gmail.com` against `me@gmail.com`).
 */
export const isSamePerson = (
  owner: { userId: string; emailKey?: string | undefined },
  buyerId: string,
  buyerEmail: string | undefined,
): boolean =>
  owner.userId === buyerId ||
  (owner.emailKey !== undefined && buyerEmail !== undefined && owner.emailKey === canonicalEmail(buyerEmail));
