import type { ReactNode } from 'react';
import { Button, Flex, Link, Text } from '@aws-amplify/ui-react';
import {
  CHAIN_CHECK_RECHECKABLE,
  CHAIN_RECHECK,
  TRON_EXPLORER_TRANSACTION_URL,
  isTronTxid,
  type ChainCheck,
  type Payment,
} from '@goldbot/shared';
import { CodeDetail, Detail, DetailList, DetailSection } from '../../components/detail-list';
import { formatDateTime } from '@/lib/format';
import { CHAIN_STATUS, ChainCheckBadge, NOT_CHECKED } from './chain-check-badge';

export const CHECK_ON_CHAIN = 'Check on chain';

interface VerdictRowsProps {
  /** The verdict's term ('Verdict', 'On-chain check'). */
  label: string;
  badge: ReactNode;
  /** What the verdict means for this transfer, or that it was not checked yet. */
  meaning: string;
  check: ChainCheck | null | undefined;
}

/**
 * The rows every on-chain verdict starts with, a payment's or a payout's: the badge and what it
 * means, the reasons, when it was checked and the block time.
 */
export function VerdictRows({ label, badge, meaning, check }: VerdictRowsProps) {
  return (
    <>
      <Detail label={label}>
        <Flex as="span" alignItems="center" gap="xs" wrap="wrap">
          {badge}
          <Text as="span" color="font.secondary" fontSize="small">
            {meaning}
          </Text>
        </Flex>
      </Detail>
      {check && check.reasons.length > 0 && (
        <Detail label="Reasons">
          <ul aria-label="Reasons" style={{ margin: 0, paddingInlineStart: '1.1rem' }}>
            {check.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Detail>
      )}
      {check && <Detail label="Checked">{formatDateTime(check.checkedAt)}</Detail>}
      {check?.confirmedAt && <Detail label="Block time">{formatDateTime(check.confirmedAt)}</Detail>}
    </>
  );
}

/** 'Check on chain': asks TRON again now. */
export function CheckOnChainButton({ checking, onCheck }: { checking: boolean; onCheck: () => void }) {
  return (
    <Button size="small" onClick={onCheck} isLoading={checking} loadingText="Checking..." isDisabled={checking}>
      {CHECK_ON_CHAIN}
    </Button>
  );
}

/** The block explorer's page of a TRON transaction (only ever for a TRON-shaped id). */
export const explorerUrl = (txid: string) =>
  `${TRON_EXPLORER_TRANSACTION_URL}${encodeURIComponent(txid.trim().toLowerCase())}`;

interface ChainCheckSectionProps {
  payment: Payment;
  checking: boolean;
  onCheck: () => void;
}

/**
 * The payment's on-chain pre-check in its detail modal: the verdict with its reasons,
 * what the chain showed (block time, sender, recipient, amount, block), a link to the transaction
 * on Tronscan, and 'Check on chain' to ask TRON again now. The verdict informs; the admin decides.
 */
export function ChainCheckSection({ payment, checking, onCheck }: ChainCheckSectionProps) {
  const check = payment.chainCheck;
  const tronId = isTronTxid(payment.transactionId);
  const asksAgain = payment.status === 'pending' && (!check || CHAIN_CHECK_RECHECKABLE.includes(check.status));

  return (
    <DetailSection title="On-chain check">
      <DetailList>
        <VerdictRows
          label="Verdict"
          badge={<ChainCheckBadge check={check} />}
          meaning={check ? CHAIN_STATUS[check.status].meaning : NOT_CHECKED}
          check={check}
        />
        {check?.blockNumber !== null && check?.blockNumber !== undefined && (
          <Detail label="Block">{check.blockNumber.toLocaleString('en-US')}</Detail>
        )}
        {payment.orderAmount !== null && <Detail label="Expected amount">{`${payment.orderAmount} USDT`}</Detail>}
        {check?.from && <CodeDetail label="Payer's address">{check.from}</CodeDetail>}
        {check?.payerPaidOthers !== undefined && (
          <Detail label="Paid other customers' orders before">
            <Text
              as="span"
              color={check.payerPaidOthers ? 'font.error' : undefined}
              fontWeight={check.payerPaidOthers ? 'bold' : undefined}
            >
              {check.payerPaidOthers ? 'Yes: this address paid payments of other customers' : 'No'}
            </Text>
          </Detail>
        )}
        {check?.to && <CodeDetail label="To">{check.to}</CodeDetail>}
        {check?.amount && <Detail label="Amount on chain">{`${check.amount} USDT`}</Detail>}
        {tronId && (
          <Detail label="Explorer">
            <Link href={explorerUrl(payment.transactionId)} target="_blank" rel="noopener noreferrer">
              View on Tronscan
            </Link>
          </Detail>
        )}
      </DetailList>
      <Text color="font.secondary" fontSize="small" marginBlock="small">
        {asksAgain &&
          `Checked again every ${CHAIN_RECHECK.everyMinutes} minutes for ${CHAIN_RECHECK.forHours} hours after submission. `}
        A verdict never rejects a payment, and approves a Match by itself only when automatic approval is on in
        Subscription Settings.
      </Text>
      <CheckOnChainButton checking={checking} onCheck={onCheck} />
    </DetailSection>
  );
}
