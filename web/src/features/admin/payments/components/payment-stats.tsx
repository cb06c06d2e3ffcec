import { Card, Grid, Text } from '@aws-amplify/ui-react';
import type { PaymentSummary } from '../api/payment-list';

const CARDS = [
  { key: 'total', label: 'Total' },
  { key: 'pending', label: 'Pending' },
  { key: 'completed', label: 'Completed' },
] as const;

/** Total, Pending and Completed (admin §2): the server's aggregates, not a count of the rows shown. */
export function PaymentStats({ summary }: { summary: PaymentSummary | undefined }) {
  return (
    <Grid as="ul" templateColumns={{ base: '1fr', medium: 'repeat(3, 1fr)' }} gap="medium" padding="0" margin="0">
      {CARDS.map(({ key, label }) => (
        <Card as="li" key={key} variation="outlined" aria-label={label} className="admin-stat-card">
          <Text color="font.secondary" fontSize="small">
            {label}
          </Text>
          <Text fontSize="xxl" fontWeight="bold" color={key === 'pending' ? 'font.interactive' : undefined}>
            {summary ? summary[key].toLocaleString('en-US') : '-'}
          </Text>
        </Card>
      ))}
    </Grid>
  );
}
