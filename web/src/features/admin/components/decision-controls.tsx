import type { ReactNode } from 'react';
import { Button, Divider, Flex, Text, View, type FlexProps } from '@aws-amplify/ui-react';
import type { Decision, DecisionState } from '../hooks/use-decision';

export interface DecisionWording {
  /** The button that asks ('Approve'). */
  button: string;
  /** The button that sends ('Yes, approve'). */
  confirm: string;
  /** The sending button's text while the request is on its way. */
  busy: string;
  /** The confirmation's question. */
  question: string;
}

/**
 * The part of a detail modal where a pending item is decided, under a divider: its fields and
 * controls in a column.
 */
export function DecisionSection({ gap = 'medium', children }: { gap?: FlexProps['gap']; children: ReactNode }) {
  return (
    <View as="section" aria-label="Decision">
      <Divider marginBlockEnd="small" />
      <Flex direction="column" gap={gap}>
        {children}
      </Flex>
    </View>
  );
}

/**
 * Approve and Reject, and, once one is chosen, its question with the confirming button and
 * Cancel; both disabled while the decision is on its way.
 */
export function DecisionControls({
  state,
  wording,
}: {
  state: DecisionState;
  wording: Record<Decision, DecisionWording>;
}) {
  const { confirming, busy } = state;
  if (!confirming) {
    return (
      <Flex gap="small" wrap="wrap">
        <Button variation="primary" onClick={() => state.ask('approve')}>
          {wording.approve.button}
        </Button>
        <Button variation="destructive" onClick={() => state.ask('reject')}>
          {wording.reject.button}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="small">
      <Text>{wording[confirming].question}</Text>
      <Flex gap="small" wrap="wrap">
        <Button
          variation={confirming === 'approve' ? 'primary' : 'destructive'}
          onClick={() => void state.decide(confirming)}
          isLoading={busy}
          isDisabled={busy}
          loadingText={wording[confirming].busy}
        >
          {wording[confirming].confirm}
        </Button>
        <Button onClick={state.cancel} isDisabled={busy}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}
