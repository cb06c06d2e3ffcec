import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Divider, Flex, Text, View } from '@aws-amplify/ui-react';
import { paths } from '@/config/paths';
import { PAYMENT, type Payment } from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { AdminModal } from '../../components/admin-modal';
import { DecisionControls, DecisionSection } from '../../components/decision-controls';
import { CodeDetail, Detail, DetailList, DetailSection, StatusDetail, UserDetail } from '../../components/detail-list';
import { CopyableCode } from '../../components/copyable-code';
import { NoticeAlert } from '../../components/notice-alert';
import { UserIdentity } from '../../components/user-identity';
import { useNoticedDecision } from '../../hooks/use-decision';
import { useNotice } from '../../hooks/use-notice';
import { useRecheck } from '../../hooks/use-recheck';
import { errorMessage } from '../../lib/error-message';
import { formatAmount, formatDateTime, formatUsd } from '@/lib/format';
import { checkOnChain } from '../api/check-on-chain';
import { decidePayment, type PaymentDecision, type PaymentDecisionResponse } from '../api/decide-payment';
import { BindingSection } from './binding-section';
import { ChainCheckSection } from './chain-check-section';

const WORDING = {
  approve: {
    button: 'Approve',
    confirm: 'Yes, approve',
    busy: 'Approving...',
    question: 'Approve this payment? The subscription is activated and any referrer is credited.',
    errorPrefix: 'Error approving payment',
    fallback: 'Failed to approve payment',
  },
  reject: {
    button: 'Reject',
    confirm: 'Yes, reject',
    busy: 'Rejecting...',
    question: 'Reject this payment? The customer is not given the package.',
    errorPrefix: 'Error rejecting payment',
    fallback: 'Failed to reject payment',
  },
} as const;

/** The message of a failed approval or rejection. */
export const decisionErrorText = (decision: PaymentDecision, error: unknown) =>
  `${WORDING[decision].errorPrefix}: ${errorMessage(error, WORDING[decision].fallback)}`;

interface PaymentDetailModalProps {
  payment: Payment;
  onClose: () => void;
  /** The server accepted the decision. */
  onDecided: (decision: PaymentDecision, payment: Payment, response: PaymentDecisionResponse) => void;
  /** The payment is no longer pending here (409: decided by someone else meanwhile; 404: gone). */
  onStale: (decision: PaymentDecision, error: ApiError) => void;
  /** 'Check on chain' stored a new verdict (and maybe an automatic approval): the lists are stale. */
  onChecked?: (payment: Payment) => void;
}

/** The message of a failed 'Check on chain'. */
export const chainCheckErrorText = (error: unknown) =>
  `Error checking the transaction on chain: ${errorMessage(error, 'Failed to check the transaction')}`;

/**
 * A payment's details: package, amount and currency, user, status, TXID with Copy,
 * times, the wallet the customer was shown and the referral; how the chain's transfer was bound to
 * the order (and why that binding is ambiguous, when it is); the on-chain check with 'Check on
 * chain'; Approve and Reject while pending, each confirmed first, one request at a time.
 */
export function PaymentDetailModal({
  payment: opened,
  onClose,
  onDecided,
  onStale,
  onChecked,
}: PaymentDetailModalProps) {
  const notice = useNotice();
  // The payment as last answered: a 'Check on chain' brings its new verdict (or its approval).
  const [payment, setPayment] = useState(opened);
  const { checking, recheck } = useRecheck(notice, {
    check: async () => (await checkOnChain(payment._id)).payment,
    onChecked: (checked) => {
      setPayment(checked);
      onChecked?.(checked);
    },
    failedText: chainCheckErrorText,
  });
  const decision = useNoticedDecision(notice, {
    send: (choice) => decidePayment(payment._id, choice),
    onDecided: (choice, response) => onDecided(choice, payment, response),
    onStale,
    failedText: decisionErrorText,
  });
  const currency = payment.currency || PAYMENT.defaultCurrency;
  const referred = payment.hasReferralDiscount || payment.referralCode !== null || payment.referralUserId !== null;

  return (
    <AdminModal title="Payment Details" onClose={() => !decision.busy && !checking && onClose()}>
      <Flex direction="column" gap="medium">
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <DetailList>
          <Detail label="Package">{payment.packageName}</Detail>
          <Detail label="Amount">
            {formatAmount(payment.amount, currency)}
            {payment.hasReferralDiscount && (
              <Text as="span" color="font.secondary">
                {' '}
                (was {formatAmount(payment.originalAmount, currency)})
              </Text>
            )}
          </Detail>
          <Detail label="Currency">{currency}</Detail>
          <UserDetail user={payment.userId} />
          <StatusDetail status={payment.status} />
          <Detail label="Transaction ID">
            <CopyableCode text={payment.transactionId} what="transactionId" notice={notice} />
          </Detail>
          <Detail label="Created">{formatDateTime(payment.createdAt)}</Detail>
          <Detail label="Updated">{formatDateTime(payment.updatedAt)}</Detail>
          <CodeDetail label="Wallet address">{payment.walletAddress || '-'}</CodeDetail>
          <Detail label="Network">{payment.network || '-'}</Detail>
        </DetailList>

        {referred && (
          <DetailSection title="Referral">
            <DetailList>
              <Detail label="Code">{payment.referralCode ?? '-'}</Detail>
              <Detail label="Referred by">
                {payment.referralUserId ? <UserIdentity user={payment.referralUserId} /> : '-'}
              </Detail>
              <Detail label="Discount">{formatUsd(payment.referralDiscount)}</Detail>
              <Detail label="Referral status">
                {payment.status === 'completed'
                  ? 'Referral Credited'
                  : payment.status === 'pending'
                    ? 'Pending Payment Approval'
                    : payment.status === 'refunded'
                      ? 'Taken back (payment refunded)'
                      : 'Not credited (payment rejected)'}
              </Detail>
            </DetailList>
          </DetailSection>
        )}

        <BindingSection payment={payment} />

        <ChainCheckSection payment={payment} checking={checking} onCheck={() => void recheck()} />

        {(payment.status === 'completed' || payment.refund) && (
          <View as="section" aria-label="Refund">
            <Divider marginBlockEnd="small" />
            <Text>
              {payment.refund?.status === 'pending' ? (
                <RouterLink to={paths.admin.refunds.getHref()}>A refund is requested: decide it in Refunds</RouterLink>
              ) : payment.status === 'completed' ? (
                <RouterLink to={`${paths.admin.refunds.getHref()}?payment=${encodeURIComponent(payment._id)}`}>
                  Refund this payment
                </RouterLink>
              ) : (
                `Refund ${payment.refund?.status ?? ''}`
              )}
            </Text>
          </View>
        )}

        {payment.status === 'pending' && (
          <DecisionSection>
            <DecisionControls state={decision} wording={WORDING} />
          </DecisionSection>
        )}
      </Flex>
    </AdminModal>
  );
}
