import type { ReactNode } from 'react';
import { Divider, Grid, Heading, Text, View } from '@aws-amplify/ui-react';
import { StatusBadge, type AdminStatus } from './status-badge';
import { UserIdentity } from './user-identity';

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

/** A row whose value is machine text (an address, a TXID, an id), set in monospace. */
export function CodeDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Detail label={label}>
      <Text as="code" fontFamily="monospace">
        {children}
      </Text>
    </Detail>
  );
}

/** The 'User' row of a request's details (payment, refund, withdrawal): username, e-mail under it. */
export function UserDetail({ user }: { user: { username: string; email: string } }) {
  return (
    <Detail label="User">
      <UserIdentity user={user} />
    </Detail>
  );
}

/** The 'Status' row of a request's details, as the lists' badge. */
export function StatusDetail({ status }: { status: AdminStatus }) {
  return (
    <Detail label="Status">
      <StatusBadge status={status} />
    </Detail>
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
