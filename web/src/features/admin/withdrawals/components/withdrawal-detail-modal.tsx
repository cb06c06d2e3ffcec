import { useState } from 'react';
import { Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { ADMIN_NOTE_MAX_LENGTH, WITHDRAWAL, payoutTxidSchema, type Withdrawal } from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { AdminModal } from '../../components/admin-modal';
import { DecisionControls, DecisionSection, type DecisionWording } from '../../components/decision-controls';
import { Detail, DetailList, StatusDetail, UserDetail } from '../../components/detail-list';
import { CopyableCode } from '../../components/copyable-code';
import { NoticeAlert } from '../../components/notice-alert';
import { useNoticedDecision, type Decision } from '../../hooks/use-decision';
import { useNotice } from '../../hooks/use-notice';
import { useRecheck } from '../../hooks/use-recheck';
import { errorMessage, failureText } from '../../lib/error-message';
import { formatDateTime, formatUsd } from '@/lib/format';
import { checkPayout } from '../api/check-payout';
import { decideWithdrawal, type WithdrawalDecisionResponse } from '../api/decide-withdrawal';
import { PayoutSection } from './payout-section';
import { fieldErrorProps } from '../../components/field-error-props';

export const NOTE_HINT = 'This note will be included in the email to the user';
export const PAYOUT_TXID_HINT =
  'Send the USDT first, then paste the transaction id (TXID) of your transfer: the user gets it in the approval e-mail, and it is checked on the TRON network.';
export const CHECK_FAILED = 'Failed to check the payout on chain';

/** The payout TXID as typed, or the schema's sentence saying what is wrong with it. */
export function readPayoutTxid(typed: string): { txid: string } | { error: string } {
  const parsed = payoutTxidSchema.safeParse(typed);
  return parsed.success
    ? { txid: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Please check the payout TXID' };
}

const FAILED: Record<Decision, string> = {
  approve: 'Failed to approve withdrawal',
  reject: 'Failed to reject withdrawal',
};

/**
 * The message of a failed approval or rejection: the fallback, followed by the server's
 * own message when it sent one.
 */
export const decisionErrorText = (decision: Decision, error: unknown) => failureText(FAILED[decision], error);

/** What a 409 or 404 says: the server's message (e.g. 'This withdrawal was already rejected.'). */
export const staleText = (decision: Decision, error: unknown) => errorMessage(error, FAILED[decision]);

function wording(withdrawal: Withdrawal, withNote: boolean): Record<Decision, DecisionWording> {
  const amount = formatUsd(withdrawal.amount);
  const { username } = withdrawal.userId;
  const mailed = withNote ? 'e-mailed with your note' : 'e-mailed';
  return {
    approve: {
      button: 'Approve & Reset Balance',
      confirm: 'Yes, approve',
      busy: 'Approving...',
      question: `Approve ${username}'s withdrawal of ${amount}? It is settled out of their referral earnings, they are ${mailed} with the payout TXID, and the transfer is checked on the TRON network.`,
    },
    reject: {
      button: 'Reject Request',
      confirm: 'Yes, reject',
      busy: 'Rejecting...',
      question: `Reject ${username}'s withdrawal of ${amount}? The amount goes back to their available earnings, and they are ${mailed}.`,
    },
  };
}

interface WithdrawalDetailModalProps {
  withdrawal: Withdrawal;
  onClose: () => void;
  /** The server accepted the decision. */
  onDecided: (decision: Decision, response: WithdrawalDecisionResponse) => void;
  /** The request is no longer pending here (409: decided meanwhile; 404: gone). */
  onStale: (decision: Decision, error: ApiError) => void;
  /** 'Check on chain' answered the withdrawal with a new payout verdict. */
  onChecked?: (withdrawal: Withdrawal) => void;
}

/**
 * A withdrawal request's details: the user, their current balance, amount, status,
 * request date, the TRC20 wallet with Copy, the processed or rejected date and the admin note; once
 * approved, the payout's TXID with its on-chain verdict and 'Check on chain'. While pending: the
 * payout TXID (required to approve), the optional note (at most 500 characters, mailed to the user)
 * and 'Approve & Reset Balance' / 'Reject Request', each confirmed first, one request at a time.
 */
export function WithdrawalDetailModal({
  withdrawal: given,
  onClose,
  onDecided,
  onStale,
  onChecked,
}: WithdrawalDetailModalProps) {
  const notice = useNotice();
  // The withdrawal as this modal last heard of it ('Check on chain' answers it anew).
  const [withdrawal, setWithdrawal] = useState(given);
  // At most 500 characters: the field takes no more (the server checks it again).
  const [note, setNote] = useState('');
  const [payoutTxid, setPayoutTxid] = useState('');
  const [payoutError, setPayoutError] = useState<string | undefined>(undefined);
  const decision = useNoticedDecision(notice, {
    send: (choice) => {
      const read = readPayoutTxid(payoutTxid);
      return decideWithdrawal(withdrawal._id, choice, note.trim() || null, 'txid' in read ? read.txid : undefined);
    },
    onDecided,
    onStale,
    failedText: decisionErrorText,
  });
  // Approving needs the payout's TXID: a missing or malformed one is said at the field, nothing is asked.
  const controls = {
    ...decision,
    ask: (choice: Decision) => {
      if (choice === 'approve') {
        const read = readPayoutTxid(payoutTxid);
        if ('error' in read) {
          setPayoutError(read.error);
          return;
        }
      }
      decision.ask(choice);
    },
  };
  const pending = withdrawal.status === 'pending';

  const { checking, recheck } = useRecheck(notice, {
    check: async () => (await checkPayout(withdrawal._id)).withdrawal,
    onChecked: (checked) => {
      setWithdrawal(checked);
      onChecked?.(checked);
    },
    failedText: (error) => errorMessage(error, CHECK_FAILED),
  });

  return (
    <AdminModal title="Withdrawal Details" onClose={() => !decision.busy && !checking && onClose()}>
      <Flex direction="column" gap="medium">
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <DetailList>
          <UserDetail user={withdrawal.userId} />
          <Detail label="Current Balance">{formatUsd(withdrawal.userId.referralEarnings)}</Detail>
          <Detail label="Amount">{formatUsd(withdrawal.amount)}</Detail>
          <StatusDetail status={withdrawal.status} />
          <Detail label="Request Date">{formatDateTime(withdrawal.requestDate)}</Detail>
          <Detail label={`${WITHDRAWAL.network} Wallet`}>
            <CopyableCode text={withdrawal.trc20Address} what="trc20Address" notice={notice} />
          </Detail>
          {withdrawal.approvedDate && <Detail label="Processed Date">{formatDateTime(withdrawal.approvedDate)}</Detail>}
          {withdrawal.rejectedDate && <Detail label="Rejected Date">{formatDateTime(withdrawal.rejectedDate)}</Detail>}
          {withdrawal.adminNote && (
            <Detail label="Admin Note">
              <Text as="span" style={{ whiteSpace: 'pre-wrap' }}>
                {withdrawal.adminNote}
              </Text>
            </Detail>
          )}
        </DetailList>

        <PayoutSection withdrawal={withdrawal} checking={checking} onCheck={() => void recheck()} />

        {pending && (
          <DecisionSection>
            <TextField
              label="Payout TXID"
              descriptiveText={PAYOUT_TXID_HINT}
              value={payoutTxid}
              onChange={(event) => {
                setPayoutTxid(event.target.value);
                setPayoutError(undefined);
              }}
              {...fieldErrorProps(payoutError)}
              isRequired
              autoComplete="off"
              spellCheck={false}
              fontFamily="monospace"
              isDisabled={decision.busy}
            />
            <Flex direction="column" gap="xxs">
              <TextAreaField
                label="Admin Note (optional)"
                descriptiveText={NOTE_HINT}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={ADMIN_NOTE_MAX_LENGTH}
                rows={3}
                resize="vertical"
                isDisabled={decision.busy}
              />
              <Text fontSize="small" color="font.tertiary" textAlign="end">
                {note.length}/{ADMIN_NOTE_MAX_LENGTH}
              </Text>
            </Flex>
            <DecisionControls state={controls} wording={wording(withdrawal, note.trim() !== '')} />
          </DecisionSection>
        )}
      </Flex>
    </AdminModal>
  );
}
