import { useEffect, useState } from 'react';
import { Button, Flex, Heading, Text, TextAreaField, View } from '@aws-amplify/ui-react';
import {
  ADMIN_NOTE_MAX_LENGTH,
  PAID_PACKAGE_NAMES,
  TRANSFER_MESSAGES,
  TRANSFER_RESOLUTIONS,
  UNMATCHED_STATUSES,
  type UnmatchedTransfer,
} from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { ChoiceField, plainChoices } from '../../components/choice-field';
import { ConfirmPrompt, type ConfirmWording } from '../../components/confirm-dialog';
import { DecisionSection } from '../../components/decision-controls';
import { ServerSearchField } from '../../components/server-search-field';
import { UserIdentity } from '../../components/user-identity';
import { useConfirmedAction } from '../../hooks/use-confirmed-action';
import type { NoticeApi } from '../../hooks/use-notice';
import { useServerSearch } from '../../hooks/use-server-search';
import { errorMessage, failureText } from '../../lib/error-message';
import {
  assignTransfer,
  resolveTransfer,
  type AssignTransferResponse,
  type ResolveTransferResponse,
} from '../api/decide-transfer';
import { useCustomerSearch } from '../api/find-customers';
import { formatUsdt } from '@/lib/format';

type PaidPackageName = (typeof PAID_PACKAGE_NAMES)[number];
type Resolution = (typeof TRANSFER_RESOLUTIONS)[number];

/** The customer and package a transfer is to pay. */
export interface Assignee {
  user: { _id: string; username: string; email: string } | null;
  packageName: PaidPackageName;
}

export type DecisionOutcome =
  { kind: 'assign'; response: AssignTransferResponse } | { kind: 'resolve'; response: ResolveTransferResponse };

type Action =
  | { kind: 'assign'; user: NonNullable<Assignee['user']>; packageName: PaidPackageName }
  | { kind: 'resolve'; resolution: Resolution; note: string };

const RESOLUTION_LABEL: Record<Resolution, string> = {
  refunded: 'Refunded (sent back to the payer)',
  ignored: 'Ignored (nothing to do, e.g. a test or a duplicate)',
};

export const DECISION_ERROR = {
  assign: 'Failed to assign the transfer',
  resolve: 'Failed to close the transfer',
} as const;

/** A failed decision: the fallback, followed by the server's own message when it sent one. */
export const decisionErrorText = (kind: Action['kind'], error: unknown) => failureText(DECISION_ERROR[kind], error);

/** The confirmation of an action, saying what will happen. */
export function confirmWording(transfer: UnmatchedTransfer, action: Action): ConfirmWording {
  const amount = formatUsdt(transfer.amount);
  if (action.kind === 'assign') {
    return {
      question: `Give this ${amount} transfer to ${action.user.username}'s ${action.packageName}? A pending payment is created for it (approve it in Package Management), and this cannot be undone here.`,
      confirm: 'Yes, assign',
      busy: 'Assigning...',
    };
  }
  return {
    question: `Mark this ${amount} transfer as ${action.resolution}? It is closed without a payment and cannot be assigned afterwards.`,
    confirm: 'Yes, close it',
    busy: 'Closing...',
  };
}

/**
 * Whether a refusal says the transfer is no longer open here: decided by another admin meanwhile,
 * or unknown. Anything else (a customer not found, a package off sale) is for this modal to show.
 */
export function isStaleRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 404)) return false;
  const said = serverMessage(error);
  return (
    said === TRANSFER_MESSAGES.notFound || UNMATCHED_STATUSES.some((s) => said === TRANSFER_MESSAGES.alreadyDecided(s))
  );
}

interface TransferDecisionProps {
  transfer: UnmatchedTransfer;
  /** Chosen here or from an order that came close. */
  assignee: Assignee;
  onAssigneeChange: (assignee: Assignee) => void;
  /** True while a decision is on its way: the modal cannot close then. */
  onBusyChange: (busy: boolean) => void;
  onDecided: (outcome: DecisionOutcome) => void;
  onStale: (error: ApiError) => void;
  notice: NoticeApi;
}

/**
 * The two ways to decide an open transfer: give it to a customer's package (the customer chosen
 * from the orders that came close or found by username or e-mail), or close it as refunded or
 * ignored with a note. Each is confirmed first, one request at a time; a refusal is shown here.
 */
export function TransferDecision({
  transfer,
  assignee,
  onAssigneeChange,
  onBusyChange,
  onDecided,
  onStale,
  notice,
}: TransferDecisionProps) {
  const search = useServerSearch();
  const found = useCustomerSearch(search.search);
  const [resolution, setResolution] = useState<Resolution>('refunded');
  const [note, setNote] = useState('');

  const action = useConfirmedAction<Action, DecisionOutcome>({
    run: async (chosen) => {
      notice.clear();
      if (chosen.kind === 'assign') {
        const response = await assignTransfer(transfer.txid, {
          userId: chosen.user._id,
          packageName: chosen.packageName,
        });
        return { kind: 'assign', response };
      }
      const response = await resolveTransfer(transfer.txid, { resolution: chosen.resolution, note: chosen.note });
      return { kind: 'resolve', response };
    },
    onDone: (_chosen, outcome) => onDecided(outcome),
    onFailed: (chosen, error) => {
      if (isStaleRefusal(error)) onStale(error);
      else notice.show('error', decisionErrorText(chosen.kind, error));
    },
  });
  const { busy, confirming } = action;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const locked = busy || confirming !== null;

  return (
    <DecisionSection gap="large">
      <Flex as="section" direction="column" gap="small" aria-label="Assign to a customer's package">
        <Heading level={3} fontSize="medium">
          Assign to a customer&apos;s package
        </Heading>
        <Flex direction="column" gap="xxs" aria-live="polite">
          <Text color="font.secondary" fontSize="small">
            Customer
          </Text>
          {assignee.user ? (
            <View>
              <UserIdentity user={assignee.user} emphasize />
            </View>
          ) : (
            <Text>None chosen yet: pick an order above or find the customer.</Text>
          )}
        </Flex>
        <ServerSearchField label="Find a customer" placeholder="Username or e-mail" search={search} />
        {found.customers.length > 0 && (
          <ul aria-label="Customers found" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {found.customers.map((customer) => (
              <li key={customer._id}>
                <Flex alignItems="center" justifyContent="space-between" gap="small" paddingBlock="xxs">
                  <View>
                    <UserIdentity user={customer} />
                  </View>
                  <Button
                    size="small"
                    isDisabled={locked}
                    ariaLabel={`Choose ${customer.username}`}
                    onClick={() => onAssigneeChange({ ...assignee, user: customer })}
                  >
                    Choose
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        {search.search.trim() !== '' && !found.loading && found.customers.length === 0 && (
          <Text color="font.secondary" fontSize="small">
            {found.error ? errorMessage(found.error, 'The customer search failed.') : 'No customer found.'}
          </Text>
        )}
        <ChoiceField
          label="Package"
          value={assignee.packageName}
          isDisabled={locked}
          choices={plainChoices(PAID_PACKAGE_NAMES)}
          onChoose={(packageName) => onAssigneeChange({ ...assignee, packageName })}
        />
        <Button
          variation="primary"
          alignSelf="flex-start"
          isDisabled={locked || assignee.user === null}
          onClick={() =>
            assignee.user && action.ask({ kind: 'assign', user: assignee.user, packageName: assignee.packageName })
          }
        >
          Assign transfer
        </Button>
      </Flex>

      <Flex as="section" direction="column" gap="small" aria-label="Close without a payment">
        <Heading level={3} fontSize="medium">
          Close without a payment
        </Heading>
        <ChoiceField
          label="Resolution"
          value={resolution}
          isDisabled={locked}
          choices={TRANSFER_RESOLUTIONS.map((value) => ({ value, label: RESOLUTION_LABEL[value] }))}
          onChoose={setResolution}
        />
        <TextAreaField
          label="Note"
          descriptiveText="For the other admins: what was done, e.g. the refund's transaction ID."
          value={note}
          maxLength={ADMIN_NOTE_MAX_LENGTH}
          rows={2}
          resize="vertical"
          isDisabled={locked}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button
          variation="destructive"
          alignSelf="flex-start"
          isDisabled={locked}
          onClick={() => action.ask({ kind: 'resolve', resolution, note: note.trim() })}
        >
          Close transfer
        </Button>
      </Flex>

      {confirming && (
        <ConfirmPrompt
          wording={confirmWording(transfer, confirming)}
          destructive={confirming.kind === 'resolve'}
          busy={busy}
          onConfirm={() => void action.confirm()}
          onCancel={action.cancel}
        />
      )}
    </DecisionSection>
  );
}
