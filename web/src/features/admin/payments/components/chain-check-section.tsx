import { Button, Divider, Flex, Heading, Link, Text, View } from '@aws-amplify/ui-react';
import {
  CHAIN_CHECK_RECHECKABLE,
  CHAIN_RECHECK,
  TRON_EXPLORER_TRANSACTION_URL,
  isTronTxid,
  type Payment,
} from '@goldbot/shared';
import { Detail, DetailList } from '../../components/detail-list';
import { formatDateTime } from '@/lib/format';
import { CHAIN_STATUS, ChainCheckBadge, NOT_CHECKED } from './chain-check-badge';

export const CHECK_ON_CHAIN = 'Check on chain';

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
    <View as="section" aria-label="On-chain check">
      <Divider marginBlockEnd="small" />
      <Heading level={3} fontSize="medium" marginBlockEnd="xs">
        On-chain check
      </Heading>
      <DetailList>
        <Detail label="Verdict">
          <Flex as="span" alignItems="center" gap="xs" wrap="wrap">
            <ChainCheckBadge check={check} />
            <Text as="span" color="font.secondary" fontSize="small">
              {check ? CHAIN_STATUS[check.status].meaning : NOT_CHECKED}
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
        {check?.blockNumber !== null && check?.blockNumber !== undefined && (
          <Detail label="Block">{check.blockNumber.toLocaleString('en-US')}</Detail>
        )}
        {payment.orderAmount !== null && <Detail label="Expected amount">{`${payment.orderAmount} USDT`}</Detail>}
        {check?.from && (
          <Detail label="Payer's address">
            <Text as="code" fontFamily="monospace">
              {check.from}
            </Text>
          </Detail>
        )}
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
        {check?.to && (
          <Detail label="To">
            <Text as="code" fontFamily="monospace">
              {check.to}
            </Text>
          </Detail>
        )}
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
      <Button size="small" onClick={onCheck} isLoading={checking} loadingText="Checking..." isDisabled={checking}>
        {CHECK_ON_CHAIN}
      </Button>
    </View>
  );
}
