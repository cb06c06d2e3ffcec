import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import type { Payment } from '@goldbot/shared';
import { formatAmount, formatUsd } from '@/lib/format';

type Amounts = Pick<Payment, 'amount' | 'originalAmount' | 'hasReferralDiscount' | 'referralDiscount' | 'currency'>;

/**
 * The amount of a payment; a referral-discounted one shows the original amount struck
 * through, the final amount and '$X off'.
 */
export function PaymentAmount({ payment }: { payment: Amounts }) {
  const currency = payment.currency || 'USD';
  if (!payment.hasReferralDiscount) return <Text as="span">{formatAmount(payment.amount, currency)}</Text>;
  return (
    <Flex as="span" direction="row" alignItems="center" gap="xs" wrap="wrap">
      <Text
        as="s"
        color="font.tertiary"
        aria-label={`Original amount ${formatAmount(payment.originalAmount, currency)}`}
      >
        {formatAmount(payment.originalAmount, currency)}
      </Text>
      <Text as="span" fontWeight="bold">
        {formatAmount(payment.amount, currency)}
      </Text>
      <Badge variation="success" size="small">
        {formatUsd(payment.referralDiscount)} off
      </Badge>
    </Flex>
  );
}
