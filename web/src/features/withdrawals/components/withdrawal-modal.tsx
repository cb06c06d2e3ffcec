import { useId } from 'react';
import { TOAST_MS, WITHDRAWAL, WITHDRAWAL_MESSAGES } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { ModalFormFooter } from '@/components/ui/modal-form-footer';
import { Modal } from '@/components/ui/modal';
import { Trc20AddressField } from '@/components/ui/trc20-address-field';
import { TextField } from '@/components/ui/text-field';
import { formatUsd } from '@/lib/format';
import { useRevalidateWithdrawals } from '../api/get-user-withdrawals';
import { useRequestWithdrawal, type WithdrawalRequestResponse } from '../api/request-withdrawal';
import { useRequestForm } from '@/hooks/use-request-form';
import { checkWithdrawal, WITHDRAWAL_FIELDS } from '../lib/withdrawal-rules';
import './withdrawal-modal.css';

export const WITHDRAWAL_MODAL_TEXT = {
  title: 'Withdraw Earnings',
  available: 'Available Earnings',
  amountLabel: 'Amount (USD)',
  submit: 'Submit Request',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  notesHeading: 'Please note',
} as const;

/** The notes list under the form. */
export const WITHDRAWAL_NOTES = [
  `Minimum withdrawal amount is $${WITHDRAWAL.minimumUsd}.`,
  `Withdrawals are paid in USDT on the ${WITHDRAWAL.network} network only.`,
  `Requests are reviewed within ${WITHDRAWAL.reviewHours} hours.`,
  `Payment is processed within ${WITHDRAWAL.processingHours} hours after approval.`,
  'You can have only one pending withdrawal request at a time.',
] as const;

export interface WithdrawalModalProps {
  /** The available balance (`referralEarnings`): the most the customer can request. */
  available: number;
  onClose: () => void;
  /** After the server accepted the request, with its answer (the withdrawal and the new balances). */
  onRequested: (answer: WithdrawalRequestResponse) => void;
}

/**
 * The withdrawal modal: the available earnings, the amount and
 * the TRC20 address, checked here with the shared rules and then by the server. One request at a
 * time; while it runs the modal stays open (Cancel, Close and Escape wait for the answer).
 */
export function WithdrawalModal({ available, onClose, onRequested }: WithdrawalModalProps) {
  const { showToast } = useToast();
  const { trigger } = useRequestWithdrawal();
  const revalidateWithdrawals = useRevalidateWithdrawals();
  const notesId = useId();
  const { formError, submitting, field, onSubmit, close } = useRequestForm({
    fields: WITHDRAWAL_FIELDS,
    initial: { amount: '', trc20Address: '' },
    check: (typed) => checkWithdrawal(typed, available),
    send: (input) => trigger(input),
    failedMessage: WITHDRAWAL_MESSAGES.requestFailed,
    onSent: (answer) => {
      showToast({ message: WITHDRAWAL_MESSAGES.requested, variant: 'success', durationMs: TOAST_MS.paymentOther });
      onRequested(answer);
    },
    onRefused: () => void revalidateWithdrawals(),
    onClose,
  });

  return (
    <Modal title={WITHDRAWAL_MODAL_TEXT.title} onClose={close} className="withdrawal-modal">
      <form className="withdrawal-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="withdrawal-form__available gold-note">
          <span>{WITHDRAWAL_MODAL_TEXT.available}</span>
          <strong data-testid="withdrawal-available">{formatUsd(available)}</strong>
        </p>
        <TextField
          {...field('amount')}
          label={WITHDRAWAL_MODAL_TEXT.amountLabel}
          name="amount"
          type="number"
          inputMode="numeric"
          min={WITHDRAWAL.minimumUsd}
          max={available}
          step={1}
          placeholder={`Minimum $${WITHDRAWAL.minimumUsd}`}
        />
        <Trc20AddressField {...field('trc20Address')} />
        <ModalFormFooter error={formError} submitting={submitting} onCancel={close} text={WITHDRAWAL_MODAL_TEXT} />
      </form>
      <section className="withdrawal-notes" aria-labelledby={notesId}>
        <h3 id={notesId} className="withdrawal-notes__heading">
          {WITHDRAWAL_MODAL_TEXT.notesHeading}
        </h3>
        <ul className="withdrawal-notes__list">
          {WITHDRAWAL_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
