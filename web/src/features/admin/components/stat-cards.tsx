import { Card, Grid, Text } from '@aws-amplify/ui-react';

export interface StatCard {
  label: string;
  /** Undefined until the server's counts arrive ('-'). */
  value: number | undefined;
  /** Drawn in the accent colour (the pending count, which asks for work). */
  highlight?: boolean;
}

/** A screen's stat cards (admin §2): the server's aggregates, never a count of the rows shown. */
export function StatCards({ cards }: { cards: readonly StatCard[] }) {
  return (
    <Grid
      as="ul"
      templateColumns={{ base: '1fr', medium: `repeat(${cards.length}, 1fr)` }}
      gap="medium"
      padding="0"
      margin="0"
    >
      {cards.map(({ label, value, highlight }) => (
        <Card as="li" key={label} variation="outlined" aria-label={label} className="admin-stat-card">
          <Text color="font.secondary" fontSize="small">
            {label}
          </Text>
          <Text fontSize="xxl" fontWeight="bold" color={highlight ? 'font.interactive' : undefined}>
            {value === undefined ? '-' : value.toLocaleString('en-US')}
          </Text>
        </Card>
      ))}
    </Grid>
  );
}
