import { Badge, Text, type BadgeVariations } from '@aws-amplify/ui-react';
import type { ChainCheck, ChainCheckStatus } from '@goldbot/shared';

/** What the TRON network says about a payment's TXID, as the chain column and the modal name it. */
export const CHAIN_STATUS: Record<ChainCheckStatus, { label: string; variation: BadgeVariations; meaning: string }> = {
  match: {
    label: 'Match',
    variation: 'success',
    meaning: 'A confirmed USDT transfer to the payment wallet, of at least the amount due, in the payment window.',
  },
  mismatch: { label: 'Mismatch', variation: 'error', meaning: 'The chain shows something other than this payment.' },
  pending: { label: 'Pending', variation: 'info', meaning: 'Not confirmed on the chain yet.' },
  'not-found': {
    label: 'Not found',
    variation: 'warning',
    meaning: 'The TRON network does not know this transaction.',
  },
  invalid: { label: 'Invalid', variation: 'error', meaning: 'Not a TRON transaction id.' },
  error: { label: 'Error', variation: 'warning', meaning: 'The TRON network could not be asked.' },
};

export const NOT_CHECKED = 'Not checked yet';

/** The hover text of a verdict: its reasons, or what a match found. */
export function chainCheckTitle(check: ChainCheck | null): string {
  if (!check) return 'The on-chain check has not run yet.';
  const { label, meaning } = CHAIN_STATUS[check.status];
  if (check.reasons.length > 0) return `${label}: ${check.reasons.join('; ')}`;
  if (check.status === 'match' && check.amount && check.to) return `${label}: ${check.amount} USDT to ${check.to}`;
  return `${label}: ${meaning}`;
}

/**
 * The verdict as a badge whose title (shown on hover) carries the reasons; the detail modal lists
 * them as text. 'Not checked yet' before the first check.
 */
export function ChainCheckBadge({ check }: { check: ChainCheck | null }) {
  const title = chainCheckTitle(check);
  if (!check) {
    return (
      <Text as="span" color="font.tertiary" fontSize="small" title={title}>
        {NOT_CHECKED}
      </Text>
    );
  }
  const { label, variation } = CHAIN_STATUS[check.status];
  return (
    <Badge variation={variation} title={title}>
      {label}
    </Badge>
  );
}
