import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { REFUND, refundRequestInputSchema } from '@goldbot/shared';
import { AdminModal } from '../../components/admin-modal';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { createRefund, type RefundResponse } from '../api/decide-refund';
import { fieldErrorProps } from '../../components/field-error-props';

type Field = 'paymentId' | 'trc20Address' | 'reason';

export const CREATE_REFUND_FAILED = 'Failed to open the refund';

interface CreateRefundModalProps {
  /** A payment id to start from (the Payments screen links here with one). */
  paymentId?: string;
  onClose: () => void;
  onCreated: (response: RefundResponse) => void;
}

/**
 * Opens a refund of any completed payment, at any time: the monthly no-profit guarantee, or a
 * customer's request that came another way. The refund is then approved (or refused) like any other.
 */
export function CreateRefundModal({ paymentId = '', onClose, onCreated }: CreateRefundModalProps) {
  const notice = useNotice();
  const [form, setForm] = useState<Record<Field, string>>({ paymentId, trc20Address: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const edit = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** What each field is given alike: its value, its change, its error, and a pause while the request is on its way. */
  const fieldProps = (field: Field) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => edit(field, event.target.value),
    ...fieldErrorProps(errors[field]),
    isDisabled: busy,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    notice.clear();
    const parsed = refundRequestInputSchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      onCreated(await createRefund(parsed.data));
    } catch (error) {
      notice.show('error', errorMessage(error, CREATE_REFUND_FAILED));
      setBusy(false);
    }
  };

  return (
    <AdminModal title="Refund a Payment" onClose={() => !busy && onClose()}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Flex direction="column" gap="medium">
          <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
          <Text color="font.secondary">
            Any completed payment can be refunded, also after the {REFUND.guaranteeDays} days of the money-back
            guarantee (a month without profit). The request then waits here for approval with the payout TXID.
          </Text>
          <TextField
            label="Payment ID"
            descriptiveText="From the payment's details on the Package Management screen"
            {...fieldProps('paymentId')}
            autoComplete="off"
          />
          <TextField
            label="Customer's TRC20 address"
            {...fieldProps('trc20Address')}
            autoComplete="off"
            spellCheck={false}
          />
          <TextAreaField label="Reason" {...fieldProps('reason')} maxLength={REFUND.reasonMaxLength} rows={3} />
          <Flex gap="small" justifyContent="flex-end">
            <Button onClick={onClose} isDisabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variation="primary" isLoading={busy} loadingText="Opening...">
              Open refund
            </Button>
          </Flex>
        </Flex>
      </form>
    </AdminModal>
  );
}
