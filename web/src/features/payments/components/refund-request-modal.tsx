import { REFUND, REFUND_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { ModalFormFooter } from '@/components/ui/modal-form-footer';
import { Modal } from '@/components/ui/modal';
import { Trc20AddressField } from '@/components/ui/trc20-address-field';
import { TextAreaField } from '@/components/ui/text-field';
import { formatCalendarDay } from '@/lib/format';
import { useRevalidateSubscriptions } from '../api/keys';
import { useRequestRefund } from '../api/request-refund';
import { useRequestForm } from '@/hooks/use-request-form';
import { checkRefund, REFUND_FIELDS } from '../lib/refund-rules';
import './refund-request-modal.css';

export const REFUND_MODAL_TEXT = {
  title: 'Request a Refund',
  addressHint: `We send the refund in USDT on the ${REFUND.network} network to this address.`,
  reasonLabel: 'Why are you asking for a refund?',
  submit: 'Request refund',
  submitting: 'Sending...',
  cancel: 'Cancel',
} as const;

export interface RefundRequestModalProps {
  paymentId: string;
  packageName: string;
  /** When the purchase's period starts (for the summary line); null for none. */
  startDate: string | null;
  onClose: () => void;
}

/**
 * The refund window of a Billing History row: the TRC20 address the refund is paid to and the
 * reason, checked here with the server's schema (the address's checksum too) and then by the
 * server. One request at a time; while it runs the window stays open.
 */
export function RefundRequestModal({ paymentId, packageName, startDate, onClose }: RefundRequestModalProps) {
  const { showToast } = useToast();
  const { trigger } = useRequestRefund();
  const revalidateSubscriptions = useRevalidateSubscriptions();
  const { formError, submitting, field, onSubmit, close } = useRequestForm({
    fields: REFUND_FIELDS,
    initial: { trc20Address: '', reason: '' },
    check: (typed) => checkRefund(paymentId, typed),
    send: (input) => trigger(input),
    failedMessage: REFUND_MESSAGES.requestFailed,
    onSent: () => {
      showToast({ message: REFUND_MESSAGES.requested, variant: 'success', durationMs: TOAST_MS.paymentOther });
      void revalidateSubscriptions();
    },
    // 409 after the guarantee or a second request: the row shows the truth once reloaded.
    onRefused: (namedFields) => {
      if (!namedFields) void revalidateSubscriptions();
    },
    onClose,
  });

  return (
    <Modal title={REFUND_MODAL_TEXT.title} onClose={close} className="refund-modal">
      <form className="refund-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="refund-form__summary">
          {packageName}
          {startDate && `, from ${formatCalendarDay(startDate)}`}. Our {REFUND.guaranteeDays}-day money-back guarantee
          refunds the price you paid; the package ends once the refund is sent.
        </p>
        <Trc20AddressField {...field('trc20Address')} hint={REFUND_MODAL_TEXT.addressHint} />
        <TextAreaField
          {...field('reason')}
          label={REFUND_MODAL_TEXT.reasonLabel}
          name="reason"
          rows={4}
          maxLength={REFUND.reasonMaxLength}
        />
        <ModalFormFooter error={formError} submitting={submitting} onCancel={close} text={REFUND_MODAL_TEXT} />
      </form>
    </Modal>
  );
}
