import { useState } from 'react';
import { Flex, Link, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  REFUND,
  REFUND_MESSAGES,
  TRON_EXPLORER_TRANSACTION_URL,
  refundPayoutTxidSchema,
  refundRefuseInputSchema,
  type Refund,
} from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { formatDateTime, formatUsd, formatUsdt } from '@/lib/format';
import { AdminModal } from '../../components/admin-modal';
import { DecisionControls, DecisionSection, type DecisionWording } from '../../components/decision-controls';
import { Detail, DetailList, StatusDetail, UserDetail } from '../../components/detail-list';
import { CopyableCode } from '../../components/copyable-code';
import { NoticeAlert } from '../../components/notice-alert';
import { useNoticedDecision, type Decision } from '../../hooks/use-decision';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage, failureText } from '../../lib/error-message';
import { approveRefund, refuseRefund, type RefundResponse } from '../api/decide-refund';
import { fieldErrorProps } from '../../components/field-error-props';

/** A transaction on the block explorer (payment TXIDs and payout TXIDs alike). */
export const transactionUrl = (txid: string) => `${TRON_EXPLORER_TRANSACTION_URL}${encodeURIComponent(txid)}`;

/** A TXID as a link to its transaction on the TRON explorer. */
function TransactionLink({ txid }: { txid: string }) {
  return (
    <Link href={transactionUrl(txid)} isExternal style={{ overflowWrap: 'anywhere' }}>
      {txid}
    </Link>
  );
}

const FAILED: Record<Decision, string> = {
  approve: 'Failed to approve refund',
  reject: 'Failed to refuse refund',
};

/** The message of a failed decision: the fallback, and the server's own message when it sent one. */
export const refundDecisionErrorText = (decision: Decision, error: unknown) => failureText(FAILED[decision], error);

/** What a 409 or 404 says: the server's message (e.g. 'This refund was already approved.'). */
export const staleRefundText = (decision: Decision, error: unknown) => errorMessage(error, FAILED[decision]);

function wording(refund: Refund): Record<Decision, DecisionWording> {
  const { username } = refund.userId;
  const amount = formatUsdt(refund.amountPaid);
  return {
    approve: {
      button: 'Approve refund',
      confirm: 'Yes, approve',
      busy: 'Approving...',
      question: `Approve ${username}'s refund of ${amount}? Send the USDT first: the ${refund.packageName} ends, the payment reads refunded, any referral reward is taken back, and they are e-mailed the payout transaction id.`,
    },
    reject: {
      button: 'Refuse refund',
      confirm: 'Yes, refuse',
      busy: 'Refusing...',
      question: `Refuse ${username}'s refund? Their ${refund.packageName} continues, and they are e-mailed your reason.`,
    },
  };
}

interface RefundDetailModalProps {
  refund: Refund;
  onClose: () => void;
  onDecided: (decision: Decision, response: RefundResponse) => void;
  /** The request is no longer pending here (409: decided meanwhile; 404: gone). */
  onStale: (decision: Decision, error: ApiError) => void;
}

/**
 * A refund request's details: the customer, the payment (package, what they paid, its TXID on the
 * block explorer, when it was approved), the TRC20 wallet to pay to with Copy, the reason and who
 * asked. While pending: the payout's transaction id and a note to approve with, or the reason to
 * refuse with (both mailed to the customer), each confirmed first, one request at a time.
 */
export function RefundDetailModal({ refund, onClose, onDecided, onStale }: RefundDetailModalProps) {
  const notice = useNotice();
  const [payoutTxid, setPayoutTxid] = useState('');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState('');
  const [errors, setErrors] = useState<{ payoutTxid?: string; refusal?: string }>({});

  const decision = useNoticedDecision(notice, {
    send: (choice) =>
      choice === 'approve'
        ? approveRefund(refund._id, payoutTxid, note.trim() || null)
        : refuseRefund(refund._id, refusal.trim()),
    onDecided,
    onStale,
    failedText: refundDecisionErrorText,
  });
  // Each decision's field is checked with the server's schema before its confirmation is asked.
  const ask = (choice: Decision) => {
    const checked =
      choice === 'approve'
        ? refundPayoutTxidSchema.safeParse(payoutTxid)
        : refundRefuseInputSchema.safeParse({ reason: refusal });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? REFUND_MESSAGES.tryAgain;
      setErrors(choice === 'approve' ? { payoutTxid: message } : { refusal: message });
      return;
    }
    setErrors({});
    decision.ask(choice);
  };
  const pending = refund.status === 'pending';

  return (
    <AdminModal title="Refund Details" onClose={() => !decision.busy && onClose()}>
      <Flex direction="column" gap="medium">
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <DetailList>
          <UserDetail user={refund.userId} />
          <Detail label="Package">{refund.packageName}</Detail>
          <Detail label="Amount Paid">
            {formatUsdt(refund.amountPaid)} ({formatUsd(refund.amount)} in revenue)
          </Detail>
          <Detail label="Payment TXID">
            <TransactionLink txid={refund.transactionId} />
          </Detail>
          <Detail label="Payment Approved">
            {refund.paymentApprovedAt ? formatDateTime(refund.paymentApprovedAt) : 'N/A'}
          </Detail>
          <StatusDetail status={refund.status} />
          <Detail label="Requested">
            {formatDateTime(refund.requestedAt)}{' '}
            {refund.origin === 'admin' ? '(opened by an admin)' : '(by the customer)'}
          </Detail>
          <Detail label={`${REFUND.network} Wallet`}>
            <CopyableCode text={refund.trc20Address} what="trc20Address" notice={notice} />
          </Detail>
          <Detail label="Reason">
            <Text as="span" style={{ whiteSpace: 'pre-wrap' }}>
              {refund.reason}
            </Text>
          </Detail>
          {refund.decidedAt && <Detail label="Decided">{formatDateTime(refund.decidedAt)}</Detail>}
          {refund.payoutTxid && (
            <Detail label="Payout TXID">
              <TransactionLink txid={refund.payoutTxid} />
            </Detail>
          )}
          {refund.note && <Detail label="Note">{refund.note}</Detail>}
          {refund.refusalReason && <Detail label="Refusal Reason">{refund.refusalReason}</Detail>}
          {refund.referralClawback && (
            <Detail label="Referral Reward Taken Back">
              {formatUsd(refund.referralClawback.amount)}: {formatUsd(refund.referralClawback.fromAvailable)} from
              available earnings, {formatUsd(refund.referralClawback.owed)} owed against the next ones
            </Detail>
          )}
        </DetailList>

        {pending && (
          <DecisionSection>
            <TextField
              label="Payout TXID"
              descriptiveText={`The ${REFUND.network} USDT transfer you sent (64 characters, 0-9 and a-f): e-mailed to the customer`}
              value={payoutTxid}
              onChange={(event) => setPayoutTxid(event.target.value)}
              {...fieldErrorProps(errors.payoutTxid)}
              autoComplete="off"
              spellCheck={false}
              isDisabled={decision.busy}
            />
            <TextAreaField
              label="Note to the customer (optional)"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={REFUND.noteMaxLength}
              rows={2}
              isDisabled={decision.busy}
            />
            <TextAreaField
              label="Reason for refusing (needed to refuse)"
              value={refusal}
              onChange={(event) => setRefusal(event.target.value)}
              {...fieldErrorProps(errors.refusal)}
              maxLength={REFUND.reasonMaxLength}
              rows={2}
              isDisabled={decision.busy}
            />
            <DecisionControls state={{ ...decision, ask }} wording={wording(refund)} />
          </DecisionSection>
        )}
      </Flex>
    </AdminModal>
  );
}
