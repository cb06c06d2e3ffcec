import type { ReactNode } from 'react';
import { Divider, Grid, Heading, Text, View } from '@aws-amplify/ui-react';

/** A detail modal's terms and values, as a description list in two columns. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Grid as="dl" templateColumns="minmax(8rem, auto) 1fr" columnGap="medium" rowGap="xs" margin="0">
      {children}
    </Grid>
  );
}

/** One term of a `DetailList` and its value. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text as="dt" color="font.secondary" fontSize="small">
        {label}
      </Text>
      <Text as="dd" margin="0" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

/** A titled part of a detail modal under a rule (the on-chain check, the payout, the decision). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View as="section" aria-label={title}>
      <Divider marginBlockEnd="small" />
      <Heading level={3} fontSize="medium" marginBlockEnd="xs">
        {title}
      </Heading>
      {children}
    </View>
  );
}
