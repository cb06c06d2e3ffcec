import { Alert, Text, View } from '@aws-amplify/ui-react';
import type { Payment, PaymentBinding } from '@goldbot/shared';
import { formatDateTime } from '@/lib/format';
import { CodeDetail, Detail, DetailList, DetailSection } from '../../components/detail-list';

/** How the chain's transfer came to the payment. */
export const BINDING_SOURCE_TEXT: Record<PaymentBinding['source'], string> = {
  watcher: 'Found by the wallet watcher from its exact amount',
  'txid-check': "From the customer's TXID, checked on the chain",
  admin: 'Assigned by an admin from the unmatched transfers',
};

export const AMBIGUOUS_HEADING = 'Ambiguous: check who paid before approving';
export const PREDATES_ORDER = 'The transfer is dated before the order was created (within the allowed clock skew).';
export const WITHHELD_HEADING = 'Not approved automatically because:';

/**
 * The payment's transfer and order: how the transfer was bound to the order, the order's
 * lifetime, and, when the watcher flagged it, why the binding is ambiguous (its amount was handed
 * out again soon after an earlier order of it ended unpaid, so it may be that customer's late
 * payment) and why the automatic approval held back. Nothing when the payment has neither.
 */
export function BindingSection({ payment }: { payment: Payment }) {
  const binding = payment.binding ?? null;
  const lifetime = payment.orderCreatedAt && payment.orderExpiresAt;
  if (!binding && !lifetime) return null;
  const withheld = binding?.autoApprovalWithheld ?? [];

  return (
    <DetailSection title="Transfer and order">
      {binding?.ambiguous && (
        <Alert variation="warning" heading={AMBIGUOUS_HEADING} marginBlockEnd="small">
          {binding.ambiguous}
        </Alert>
      )}
      <DetailList>
        {binding && <Detail label="Bound">{BINDING_SOURCE_TEXT[binding.source]}</Detail>}
        {binding && <Detail label="Bound at">{formatDateTime(binding.boundAt)}</Detail>}
        {binding && binding.txid !== payment.transactionId && (
          <CodeDetail label="Transfer TXID">{binding.txid}</CodeDetail>
        )}
        {binding?.assignedBy && <Detail label="Assigned by">{binding.assignedBy}</Detail>}
        {payment.orderCreatedAt && payment.orderExpiresAt && (
          <Detail label="Order open">
            {formatDateTime(payment.orderCreatedAt)} to {formatDateTime(payment.orderExpiresAt)}
          </Detail>
        )}
        {binding?.predatesOrder && (
          <Detail label="Timing">
            <Text as="span" color="font.warning">
              {PREDATES_ORDER}
            </Text>
          </Detail>
        )}
      </DetailList>
      {withheld.length > 0 && (
        <View marginBlockStart="small">
          <Text fontWeight="semibold">{WITHHELD_HEADING}</Text>
          <ul aria-label="Why not approved automatically" style={{ margin: 0, paddingInlineStart: '1.1rem' }}>
            {withheld.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </View>
      )}
    </DetailSection>
  );
}
