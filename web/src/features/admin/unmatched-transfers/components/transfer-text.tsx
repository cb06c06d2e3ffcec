import { Badge, Link, Text, type BadgeVariations } from '@aws-amplify/ui-react';
import type { CloseOrder, UnmatchedTransfer } from '@goldbot/shared';
import { explorerUrl } from '../../payments/components/chain-check-section';

/** Why no order took the transfer, as the list and the modal say it. */
export const REASON_TEXT: Record<UnmatchedTransfer['reason'], string> = {
  'no-order': 'No order asked for this amount at that time (a wrong or rounded amount)',
  late: 'It arrived after the order of this amount had closed',
  'order-paid': 'The order of this amount already has its transfer (a second payment)',
};

/** Why an order came close. */
export const CLOSE_REASON_TEXT: Record<CloseOrder['reason'], string> = {
  'same-amount': 'Same amount',
  'same-payer': 'Paid by this address before',
  claimed: 'Its customer submitted this TXID',
};

const STATUS: Record<UnmatchedTransfer['status'], { label: string; variation: BadgeVariations | undefined }> = {
  open: { label: 'Open', variation: 'warning' },
  assigned: { label: 'Assigned', variation: 'success' },
  refunded: { label: 'Refunded', variation: 'info' },
  ignored: { label: 'Ignored', variation: undefined },
};

export function TransferStatusBadge({ status }: { status: UnmatchedTransfer['status'] }) {
  const { label, variation } = STATUS[status];
  return <Badge variation={variation}>{label}</Badge>;
}

/** A TRON transaction id, shortened to its ends, linked to the block explorer (the full id on hover). */
export function TxidLink({ txid }: { txid: string }) {
  return (
    <Link
      href={explorerUrl(txid)}
      target="_blank"
      rel="noopener noreferrer"
      title={txid}
      aria-label={`Transaction ${txid} on Tronscan`}
    >
      <Text as="code" fontFamily="monospace">
        {`${txid.slice(0, 8)}…${txid.slice(-6)}`}
      </Text>
    </Link>
  );
}
