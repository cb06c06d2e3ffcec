import type { ReactNode } from 'react';
import { Card, Grid, Text } from '@aws-amplify/ui-react';

export interface StatCard {
  label: string;
  /** Undefined until the server's counts arrive ('-'). */
  value: number | undefined;
  /** Drawn in the accent colour (the pending count, which asks for work). */
  highlight?: boolean;
  /** How the value reads (an amount in dollars); a count in en-US digits by default. */
  format?: (value: number) => string;
  /** A line under the value (the payment count of a revenue figure). */
  detail?: ReactNode;
}

const asCount = (value: number) => value.toLocaleString('en-US');

/**
 * A request list's cards (payments, withdrawals, refunds): Total, then one per status under its
 * label, the pending one highlighted, from the server's counts.
 */
export function statusCountCards<T extends string>(
  counts: (Record<T, number> & { total: number }) | undefined,
  statuses: ReadonlyArray<{ value: T; label: string }>,
): StatCard[] {
  return [
    { label: 'Total', value: counts?.total },
    ...statuses.map(({ value, label }) => ({ label, value: counts?.[value], highlight: value === 'pending' })),
  ];
}

/** A screen's stat cards: the server's aggregates, never a count of the rows shown. */
export function StatCards({ cards }: { cards: readonly StatCard[] }) {
  return (
    <Grid
      as="ul"
      templateColumns={{ base: '1fr', medium: `repeat(${cards.length}, 1fr)` }}
      gap="medium"
      padding="0"
      margin="0"
    >
      {cards.map(({ label, value, highlight, format = asCount, detail }) => (
        <Card as="li" key={label} variation="outlined" aria-label={label} className="admin-stat-card">
          <Text color="font.secondary" fontSize="small">
            {label}
          </Text>
          <Text fontSize="xxl" fontWeight="bold" color={highlight ? 'font.interactive' : undefined}>
            {value === undefined ? '-' : format(value)}
          </Text>
          {detail !== undefined && (
            <Text color="font.secondary" fontSize="small">
              {detail}
            </Text>
          )}
        </Card>
      ))}
    </Grid>
  );
}
