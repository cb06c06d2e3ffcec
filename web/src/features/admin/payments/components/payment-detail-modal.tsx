import { useRef, useState, type ReactNode } from 'react';
import { Button, Divider, Flex, Grid, Heading, Text, View } from '@aws-amplify/ui-react';
import { PAYMENT, TOAST_MS, type Payment } from '@goldbot/shared';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { AdminThemeProvider } from '../../components/admin-theme';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { decidePayment, type PaymentDecision, type PaymentDecisionResponse } from '../api/decide-payment';
import { PaymentStatusBadge } from './payment-status-badge';

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

/** The message of a failed approval or rejection (admin §8). */
export const decisionErrorText = (decision: PaymentDecision, error: unknown) =>
  `${WORDING[decision].errorPrefix}: ${errorMessage(error, WORDING[decision].fallback)}`;

interface PaymentDetailModalProps {
  payment: Payment;
  onClose: () => void;
  /** The server accepted the decision. */
  onDecided: (decision: PaymentDecision, payment: Payment, response: PaymentDecisionResponse) => void;
  /** The payment is no longer pending here (409: decided by someone else meanwhile; 404: gone). */
  onStale: (decision: PaymentDecision, error: ApiError) => void;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text as="dt" color="font.secondary" fontSize="small">
        {label}
      </Text>
      <Text as="dd" margin="0" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

/**
 * A payment's details (admin §2): package, amount and currency, user, status, TXID with Copy,
 * times, the wallet the customer was shown and the referral; Approve and Reject while pending, each
 * confirmed first, one request at a time.
 */
export function PaymentDetailModal({ payment, onClose, onDecided, onStale }: PaymentDetailModalProps) {
  const [confirming, setConfirming] = useState<PaymentDecision | null>(null);
  const [deciding, setDeciding] = useState<PaymentDecision | null>(null);
  const inFlight = useRef(false);
  const notice = useNotice();
  const currency = payment.currency || PAYMENT.defaultCurrency;
  const referred = payment.hasReferralDiscount || payment.referralCode !== null || payment.referralUserId !== null;

  const decide = async (decision: PaymentDecision) => {
    // A second click (or a click on the other button) while a decision is on its way does nothing.
    if (inFlight.current) return;
    inFlight.current = true;
    setDeciding(decision);
    notice.clear();
    try {
      const response = await decidePayment(payment._id, decision);
      onDecided(decision, payment, response);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        onStale(decision, error);
      } else {
        notice.show('error', decisionErrorText(decision, error));
        setConfirming(null);
      }
    } finally {
      inFlight.current = false;
      setDeciding(null);
    }
  };

  const copyTransactionId = async () => {
    try {
      await navigator.clipboard.writeText(payment.transactionId);
      notice.show('success', 'Transaction ID copied to clipboard', TOAST_MS.adminMessages);
    } catch {
      notice.show('error', 'Could not copy the transaction ID. Please select and copy it by hand.');
    }
  };

  const busy = deciding !== null;

  return (
    <Modal title="Payment Details" onClose={() => !busy && onClose()}>
      <AdminThemeProvider>
        <Flex direction="column" gap="medium">
          <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
          <Grid as="dl" templateColumns="minmax(8rem, auto) 1fr" columnGap="medium" rowGap="xs" margin="0">
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
            <Detail label="User">
              {payment.userId.username}
              <Text as="span" display="block" fontSize="small" color="font.secondary">
                {payment.userId.email}
              </Text>
            </Detail>
            <Detail label="Status">
              <PaymentStatusBadge status={payment.status} />
            </Detail>
            <Detail label="Transaction ID">
              <Flex as="span" alignItems="center" gap="xs" wrap="wrap">
                <Text as="code" fontFamily="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {payment.transactionId}
                </Text>
                <Button size="small" onClick={() => void copyTransactionId()} ariaLabel="Copy transaction ID">
                  Copy
                </Button>
              </Flex>
            </Detail>
            <Detail label="Created">{formatDateTime(payment.createdAt)}</Detail>
            <Detail label="Updated">{formatDateTime(payment.updatedAt)}</Detail>
            <Detail label="Wallet address">
              <Text as="code" fontFamily="monospace">
                {payment.walletAddress || '-'}
              </Text>
            </Detail>
            <Detail label="Network">{payment.network || '-'}</Detail>
          </Grid>

          {referred && (
            <View as="section" aria-label="Referral">
              <Divider marginBlockEnd="small" />
              <Heading level={3} fontSize="medium" marginBlockEnd="xs">
                Referral
              </Heading>
              <Grid as="dl" templateColumns="minmax(8rem, auto) 1fr" columnGap="medium" rowGap="xs" margin="0">
                <Detail label="Code">{payment.referralCode ?? '-'}</Detail>
                <Detail label="Referred by">
                  {payment.referralUserId ? (
                    <>
                      {payment.referralUserId.username}
                      <Text as="span" display="block" fontSize="small" color="font.secondary">
                        {payment.referralUserId.email}
                      </Text>
                    </>
                  ) : (
                    '-'
                  )}
                </Detail>
                <Detail label="Discount">{formatUsd(payment.referralDiscount)}</Detail>
                <Detail label="Referral status">
                  {payment.status === 'completed'
                    ? 'Referral Credited'
                    : payment.status === 'pending'
                      ? 'Pending Payment Approval'
                      : 'Not credited (payment rejected)'}
                </Detail>
              </Grid>
            </View>
          )}

          {payment.status === 'pending' && (
            <View as="section" aria-label="Decision">
              <Divider marginBlockEnd="small" />
              {confirming ? (
                <Flex direction="column" gap="small">
                  <Text>{WORDING[confirming].question}</Text>
                  <Flex gap="small" wrap="wrap">
                    <Button
                      variation={confirming === 'approve' ? 'primary' : 'destructive'}
                      onClick={() => void decide(confirming)}
                      isLoading={busy}
                      isDisabled={busy}
                      loadingText={WORDING[confirming].busy}
                    >
                      {WORDING[confirming].confirm}
                    </Button>
                    <Button onClick={() => setConfirming(null)} isDisabled={busy}>
                      Cancel
                    </Button>
                  </Flex>
                </Flex>
              ) : (
                <Flex gap="small" wrap="wrap">
                  <Button variation="primary" onClick={() => setConfirming('approve')}>
                    {WORDING.approve.button}
                  </Button>
                  <Button variation="destructive" onClick={() => setConfirming('reject')}>
                    {WORDING.reject.button}
                  </Button>
                </Flex>
              )}
            </View>
          )}
        </Flex>
      </AdminThemeProvider>
    </Modal>
  );
}
