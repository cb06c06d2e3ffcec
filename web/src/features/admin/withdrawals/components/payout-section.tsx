import { Badge, Link, Text } from '@aws-amplify/ui-react';
import { CHAIN_CHECK_RECHECKABLE, type ChainCheck, type ChainCheckStatus, type Withdrawal } from '@goldbot/shared';
import { tronTransactionUrl } from '@/lib/tron-explorer';
import { CodeDetail, Detail, DetailList, DetailSection } from '../../components/detail-list';
import { CHAIN_STATUS } from '../../payments/components/chain-check-badge';
import { CheckOnChainButton, VerdictRows } from '../../payments/components/chain-check-section';

/** What each verdict means for a payout (the payments' labels, a payout's meaning). */
export const PAYOUT_MEANING: Record<ChainCheckStatus, string> = {
  match: "A confirmed USDT transfer of exactly the approved amount to the user's TRC20 address.",
  mismatch: 'The chain shows something other than this payout: check the transfer. The approval stands.',
  pending: 'Not confirmed on the chain yet.',
  'not-found': 'The TRON network does not know this transaction: check the TXID.',
  invalid: 'Not a TRON transaction id.',
  error: 'The TRON network could not be asked.',
};

export const PAYOUT_NOT_CHECKED = 'Not checked yet';

/** The badge of a payout's verdict in the list ('Payout match', 'Payout mismatch'...), reasons on hover. */
export function PayoutCheckBadge({ check }: { check: ChainCheck | null | undefined }) {
  if (!check) {
    return (
      <Text as="span" color="font.tertiary" fontSize="small">
        Payout not checked
      </Text>
    );
  }
  const { label, variation } = CHAIN_STATUS[check.status];
  const title = check.reasons.length > 0 ? check.reasons.join('; ') : PAYOUT_MEANING[check.status];
  return (
    <Badge variation={variation} title={title}>
      {`Payout ${label.toLowerCase()}`}
    </Badge>
  );
}

/** A sentence for the approval's notice: what the chain says about the payout just named. */
export function payoutVerdictText(check: ChainCheck | null | undefined): string {
  if (!check) return 'The payout was not checked on chain.';
  const label = CHAIN_STATUS[check.status].label;
  const why = check.reasons.length > 0 ? ` (${check.reasons.join('; ')})` : '';
  return `Payout on chain: ${label}${why}.`;
}

interface PayoutSectionProps {
  withdrawal: Withdrawal;
  checking: boolean;
  onCheck: () => void;
}

/**
 * An approved withdrawal's payout in its detail modal: the TRON transaction the admin named,
 * linked to Tronscan, the on-chain verdict with its reasons and what the chain showed, and 'Check
 * on chain' to ask TRON again. A mismatch is shown as such; it never undoes the approval.
 */
export function PayoutSection({ withdrawal, checking, onCheck }: PayoutSectionProps) {
  const txid = withdrawal.payoutTxid;
  if (!txid) return null;
  const check = withdrawal.payoutCheck ?? null;
  const mayChange = !check || CHAIN_CHECK_RECHECKABLE.includes(check.status);
  return (
    <DetailSection title="Payout">
      <DetailList>
        <Detail label="Payout TXID">
          <Link
            href={tronTransactionUrl(txid)}
            target="_blank"
            rel="noopener noreferrer"
            fontFamily="monospace"
            style={{ overflowWrap: 'anywhere' }}
          >
            {txid}
          </Link>
        </Detail>
        <VerdictRows
          label="On-chain check"
          badge={<PayoutCheckBadge check={check} />}
          meaning={check ? PAYOUT_MEANING[check.status] : PAYOUT_NOT_CHECKED}
          check={check}
        />
        {check?.to && <CodeDetail label="Sent to">{check.to}</CodeDetail>}
        {check?.amount && <Detail label="Amount on chain">{`${check.amount} USDT`}</Detail>}
      </DetailList>
      {mayChange && (
        <Text color="font.secondary" fontSize="small" marginBlock="small">
          A transfer is confirmed on TRON about a minute after it is sent: check again if it is not yet.
        </Text>
      )}
      <CheckOnChainButton checking={checking} onCheck={onCheck} />
    </DetailSection>
  );
}
